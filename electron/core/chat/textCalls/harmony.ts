/**
 * gpt-oss's harmony format written into the content (a template without Ollama's harmony
 * parser): `<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json
 * <|message|>{…}<|call|>` (Ollama harmony/harmonyparser.go, which takes the recipient after
 * `to=` and strips `functions.`; vLLM openai_tool_parser.py). The recipient may also stand before
 * the channel, `<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>`
 * (harmonyparser.go parseHeader: "the recipient (if any) can be specified before or after the
 * channel tag"). A message without a recipient (the analysis channel) is no call.
 */
import type { Reader, WrittenCall } from './types';

const CALL =
  /(?:<\|start\|>assistant[ \t]*|assistant[ \t]+)?(?:to=(?:functions\.)?([\w.-]+)[ \t]*)?<\|channel\|>([^<]*)(?:<\|constrain\|>\s*\w*\s*)?<\|message\|>([\s\S]*?)(?:<\|call\|>|<\|end\|>|$)/g;
const RECIPIENT = /\bto=(?:functions\.)?([\w.-]+)/;

export const readHarmony: Reader = (text, masked) => {
  if (!masked.includes('<|message|>') || !masked.includes('to=')) return undefined;
  const calls: WrittenCall[] = [];
  let start = -1;
  let end = -1;
  for (const match of text.matchAll(CALL)) {
    // A call inside a code example is blanked out in `masked`.
    if (masked[match.index] !== text[match.index]) continue;
    const name = match[1] ?? RECIPIENT.exec(match[2] ?? '')?.[1];
    if (!name) continue;
    calls.push({ name, args: (match[3] ?? '').trim() });
    if (start === -1) start = match.index;
    end = match.index + match[0].length;
  }
  return calls.length ? { calls, start, end, marked: true } : undefined;
};
