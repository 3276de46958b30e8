/**
 * How many tools a request may carry. Small models choose badly among many tools (a 1.5B-3B
 * model picks the right one of 50 about half the time), and every tool costs context, so the
 * default grows with the model's size and shrinks with a small window. The user can set a
 * budget per model in Settings; 0 there means "send every enabled tool".
 */

/** Used when the model's size is unknown: a mid-sized local model's budget. */
export const UNKNOWN_SIZE_BUDGET = 16;
/** Below this window a tool list would crowd out the conversation. */
export const SMALL_CONTEXT = 8_192;
export const SMALL_CONTEXT_BUDGET = 8;

/** Billions of parameters → default budget, smallest first. */
const BY_SIZE: readonly (readonly [number, number])[] = [
  [2, 8],
  [4.5, 12],
  [9, 20],
  [16, 32],
  [40, 48],
];
const LARGEST_BUDGET = 64;

/** The default budget for a model of `parameterCount` parameters with a window of `contextLength`. */
export function defaultToolBudget(
  parameterCount: number | undefined,
  contextLength: number,
): number {
  const billions = parameterCount ? parameterCount / 1e9 : undefined;
  const bySize =
    billions === undefined
      ? UNKNOWN_SIZE_BUDGET
      : (BY_SIZE.find(([limit]) => billions <= limit)?.[1] ?? LARGEST_BUDGET);
  return contextLength < SMALL_CONTEXT ? Math.min(bySize, SMALL_CONTEXT_BUDGET) : bySize;
}

/** The budget in force: the user's for this model if set (0: no limit), else the default. */
export function toolBudget(
  settings: Readonly<Record<string, number>>,
  model: string,
  defaultBudget: number,
): number {
  const chosen = settings[model];
  if (chosen === undefined) return defaultBudget;
  return chosen === 0 ? Number.POSITIVE_INFINITY : chosen;
}

/** "3.2B", "8x7B", "270M" (Ollama's details.parameter_size) as a parameter count. */
export function parseParameterSize(text: string): number | undefined {
  const match = /^(?:(\d+)x)?([\d.]+)\s*([KMBT])/i.exec(text.trim());
  if (!match) return undefined;
  const scale = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 }[match[3]?.toUpperCase() as 'K'];
  const count = Number(match[1] ?? 1) * Number(match[2]) * scale;
  return Number.isFinite(count) && count > 0 ? count : undefined;
}
