/**
 * IBM Granite 3.x: `<|tool_call|>[{"name": …, "arguments": {…}}]` (vLLM granite_tool_parser.py,
 * llama.cpp common/chat.cpp common_chat_parse_granite). Granite 20B FC writes
 * `<function_call> {…}` once per call (vLLM granite_20b_fc_tool_parser.py). Phi-4 (not mini)
 * writes `<|tool_call|>{…}<|/tool_call|>` (llama.cpp common_chat_parse_phi_4).
 */
import { jsonCallSequence } from './json';
import type { Reader, WrittenCall } from './types';

export const readGranite: Reader = (text, masked) => {
  for (const marker of ['<|tool_call|>', '<function_call>']) {
    const start = masked.indexOf(marker);
    if (start === -1) continue;
    const calls: WrittenCall[] = [];
    for (const part of text.slice(start).split(marker)) {
      if (part.trim() === '') continue;
      const found = jsonCallSequence(part.replace(/<\|end_of_text\|>|<\|\/tool_call\|>/g, ''));
      if (!found) return undefined;
      calls.push(...found);
    }
    return calls.length ? { calls, start, end: text.length, marked: true } : undefined;
  }
  return undefined;
};
