/**
 * Phi-4-mini: `functools[{"name": …, "arguments": {…}}]` (vLLM phi4mini_tool_parser.py, which
 * reads `functools\[(.*?)\]` as a JSON array; Microsoft's Phi-4-mini model card).
 */
import { closingIndex } from './scan';
import { jsonCallSequence } from './json';
import type { Reader } from './types';

export const readPhi: Reader = (text, masked) => {
  const start = masked.indexOf('functools[');
  if (start === -1) return undefined;
  const open = start + 'functools'.length;
  const close = closingIndex(text, open);
  const end = close === -1 ? text.length : close + 1;
  const calls = jsonCallSequence(text.slice(open, end));
  return calls ? { calls, start, end, marked: true } : undefined;
};
