/**
 * InternLM2 and InternLM2.5: `<|action_start|><|plugin|>\n{"name": …, "parameters": {…}}
 * <|action_end|>`, the words before it the reply (vLLM vllm/tool_parsers/internlm2_tool_parser.py:
 * the call's JSON from its first `{` to `<|action_end|>`, its arguments under `parameters` or
 * `arguments`). vLLM reads one call; blocks back to back are read one call each. Only whitespace
 * may stand between the marker and the JSON here, where vLLM skips anything.
 */
import { jsonCallSequence } from './json';
import type { Reader, WrittenCall } from './types';

const OPEN = '<|action_start|><|plugin|>';
const CLOSE = '<|action_end|>';

export const readInternLM: Reader = (text, masked) => {
  const start = masked.indexOf(OPEN);
  if (start === -1) return undefined;
  const calls: WrittenCall[] = [];
  let at = start;
  let end = start;
  while (at !== -1) {
    const close = text.indexOf(CLOSE, at + OPEN.length);
    const body = text.slice(at + OPEN.length, close === -1 ? undefined : close);
    if (!body.trimStart().startsWith('{')) return undefined;
    const found = jsonCallSequence(body.trim());
    if (!found) return undefined;
    calls.push(...found);
    end = close === -1 ? text.length : close + CLOSE.length;
    at = masked.indexOf(OPEN, end);
    // Only a block right after the last call continues the calls; words after it end them.
    if (at !== -1 && text.slice(end, at).trim() !== '') break;
  }
  return calls.length ? { calls, start, end, marked: true } : undefined;
};
