/**
 * Llama 3.1–3.3: a call as bare JSON, `{"name": …, "parameters": {…}}` (sometimes with
 * `"type": "function"`), or several separated by `;` (vLLM llama_tool_parser.py; llama.cpp
 * common/chat.cpp common_chat_parse_llama_3_1), optionally after the `<|python_tag|>` token.
 * After that token Llama 3.1 may also call a built-in tool the Python way,
 * `<|python_tag|>brave_search.call(query="…")` (llama.cpp common_chat_parse_llama_3_1): read as a
 * call of that name when the request offered one. Llama 3.2 may put its pythonic list after the
 * token, `<|python_tag|>[get_weather(city="Paris")]<|eom_id|>` (meta-llama/llama-models
 * models/llama3_2/text_prompt_format.md; read by pythonic.ts).
 * Functionary v3.1 writes code for its `python` tool as it is after the token, read as that
 * tool's `code` (llama.cpp common_chat_parse_functionary_v3_1_llama_3_1).
 * Without the token the reply must be nothing but the JSON (see index.ts); with it, the token
 * marks the call.
 */
import { jsonCallSequence } from './json';
import { pythonCalls } from './pythonic';
import type { Reader, WrittenCall } from './types';

const PYTHON_TAG = '<|python_tag|>';

export const readLlamaTagged: Reader = (text, masked) => {
  const start = masked.indexOf(PYTHON_TAG);
  if (start === -1) return undefined;
  const body = text.slice(start + PYTHON_TAG.length).replace(/<\|eom_id\|>|<\|eot_id\|>/g, '');
  const builtin = /^\s*(\w+)\.call\(/.exec(body);
  const calls = builtin
    ? pythonCalls(body.trim().replace(/^(\w+)\.call\(/, '$1('))
    : (jsonCallSequence(body) ?? pythonCalls(body) ?? rawCode(body));
  return calls ? { calls, start, end: text.length, marked: true } : undefined;
};

/** Code written as it is after the token: a call of the `python` tool, when the request has one. */
function rawCode(body: string): WrittenCall[] | undefined {
  const code = body.trim();
  return code === '' || /^[{[]/.test(code) ? undefined : [{ name: 'python', args: { code } }];
}

/**
 * Tags small models wrap a JSON call in, which llama.cpp's Hermes parser accepts
 * (common_chat_parse_hermes_2_pro: `<tool>`, `<tools>`, `<response>`, `<json>`, `<xml>`,
 * `<JSON>`, `<function_call>`): taken off when they wrap the whole reply.
 */
const WRAPPER = /^\s*<(tool|tools|response|json|xml|JSON|function_call)>([\s\S]*?)(?:<\/\1>)?\s*$/;

/** The whole reply as JSON calls: an object, several, or an array of them. */
export const readBareJson: Reader = (text) => {
  const trimmed = (WRAPPER.exec(text)?.[2] ?? text).trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  const calls = jsonCallSequence(trimmed);
  return calls ? { calls, start: 0, end: text.length, marked: false } : undefined;
};
