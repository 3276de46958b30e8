/**
 * Cohere Command R7B: `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": …, "parameters": {…}}]
 * <|END_ACTION|>` (llama.cpp common/chat.cpp common_chat_parse_command_r7b; Ollama
 * model/parsers/cohere.go).
 */
import { jsonCallSequence } from './json';
import type { Reader } from './types';

export const readCommandR: Reader = (text, masked) => {
  const start = masked.indexOf('<|START_ACTION|>');
  if (start === -1) return undefined;
  const close = masked.indexOf('<|END_ACTION|>', start);
  const end = close === -1 ? text.length : close + '<|END_ACTION|>'.length;
  const body = text.slice(start + '<|START_ACTION|>'.length, close === -1 ? undefined : close);
  const calls = jsonCallSequence(body);
  return calls ? { calls, start, end, marked: true } : undefined;
};
