/**
 * "Keep the model loaded for", as Ollama reads `keep_alive` (api.Duration.UnmarshalJSON in
 * ollama/ollama api/types.go): a JSON number is seconds (negative: always), a JSON string must be
 * a Go duration (time.ParseDuration: `5m`, `1h30m`, `90s`, `0`). So a number typed as text
 * (`-1`, `300`) is kept and sent as a number; Ollama refuses the string `"-1"` ("missing unit").
 */
import { z } from 'zod';

// A Go duration: an optional sign, then one or more number+unit pairs (go/src/time/format.go).
const GO_DURATION = /^[-+]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/;
const PLAIN_NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const NANOS_PER_UNIT: Readonly<Record<string, number>> = {
  ns: 1,
  us: 1e3,
  µs: 1e3,
  μs: 1e3,
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3_600e9,
};
/** Go's time.Duration is an int64 of nanoseconds: longer is "invalid duration" in Ollama. */
const MAX_NANOS = 2 ** 63 - 1;

const EXAMPLES =
  'Use a number of seconds (300, or -1 for always) or a duration such as 5m or 1h30m.';

/** Why Ollama would refuse this text as a duration, in words; undefined when it accepts it. */
export function goDurationProblem(text: string): string | undefined {
  if (/^[-+]?0$/.test(text)) return undefined;
  if (!GO_DURATION.test(text)) {
    if (/\s/.test(text)) return `Leave out the spaces. ${EXAMPLES}`;
    return `Not a duration Ollama understands. ${EXAMPLES}`;
  }
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/([\d.]+)([^\d.]+)/g))
    total += Number(amount) * (NANOS_PER_UNIT[unit ?? ''] ?? 0);
  if (total > MAX_NANOS) return 'That is longer than Ollama can count; use -1 for always.';
  return undefined;
}

/**
 * The setting: a number, or a Go duration string. A plain number given as text (as typed, or
 * as Hearth stored it before, e.g. `"-1"`) becomes that number.
 */
export const keepAliveSchema = z
  .union([z.number(), z.string().max(64)])
  .transform((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    return PLAIN_NUMBER.test(text) ? Number(text) : text;
  })
  .pipe(
    z.union([
      z.number().refine(Number.isFinite, EXAMPLES),
      z.string().superRefine((text, context) => {
        const problem = goDurationProblem(text);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
    ]),
  );
