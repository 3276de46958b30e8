/**
 * Cohere Command R7B: `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": …, "parameters": {…}}]
 * <|END_ACTION|>` (llama.cpp common/chat.cpp common_chat_parse_command_r7b; Ollama
 * model/parsers/cohere.go).
 */
import { jsonCallSequence, parseLoose } from './json';
import type { Reader, WrittenCall } from './types';

/**
 * Apertus: `<|tools_prefix|>[{"name": {…arguments}}]<|tools_suffix|>`, each call an object whose
 * one key is the tool's name (llama.cpp common/chat.cpp common_chat_parse_apertus).
 */
export const readApertus: Reader = (text, masked) => {
  const start = masked.indexOf('<|tools_prefix|>');
  if (start === -1) return undefined;
  const close = masked.indexOf('<|tools_suffix|>', start);
  const end = close === -1 ? text.length : close + '<|tools_suffix|>'.length;
  const value = parseLoose(
    text.slice(start + '<|tools_prefix|>'.length, close === -1 ? undefined : close),
  );
  const items = Array.isArray(value) ? value : [value];
  const calls: WrittenCall[] = [];
  for (const item of items) {
    const entries = typeof item === 'object' && item !== null ? Object.entries(item) : [];
    if (entries.length !== 1) return undefined;
    const [name, args] = entries[0] ?? ['', {}];
    calls.push({ name, args });
  }
  return calls.length ? { calls, start, end, marked: true } : undefined;
};

export const readCommandR: Reader = (text, masked) => {
  const start = masked.indexOf('<|START_ACTION|>');
  if (start === -1) return undefined;
  const close = masked.indexOf('<|END_ACTION|>', start);
  const end = close === -1 ? text.length : close + '<|END_ACTION|>'.length;
  const body = text.slice(start + '<|START_ACTION|>'.length, close === -1 ? undefined : close);
  const calls = jsonCallSequence(body);
  return calls ? { calls, start, end, marked: true } : undefined;
};

/**
 * Command R and R+ (before R7B): `Action: ```json` then a JSON list of `{"tool_name": …,
 * "parameters": {…}}` and the closing fence, at times after a `Plan:` line (Ollama
 * template/command-r.gotmpl, whose prefix tools/template_test.go takes as the call's marker). The
 * fence must end the reply; a fence that merely follows the word is masked as code, so the word
 * is looked for in `masked`.
 */
const ACTION = /(?:^|\n)[ \t]*Action:/g;

export const readCommandRAction: Reader = (text, masked) => {
  // The last `Action:` that starts a line outside code, then a fence that ends the reply.
  const found = [...masked.matchAll(ACTION)].pop();
  if (!found) return undefined;
  const start = found.index + found[0].indexOf('Action:');
  const after = text.slice(start + 'Action:'.length).trimEnd();
  const open = /^[ \t]*```(?:json)?[ \t]*\n/.exec(after);
  if (!open || !after.endsWith('```') || after.length < open[0].length + 3) return undefined;
  const calls = jsonCallSequence(after.slice(open[0].length, -3));
  return calls ? { calls, start, end: text.length, marked: true } : undefined;
};
