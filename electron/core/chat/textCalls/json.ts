/**
 * JSON as models write it in calls: parsed strictly when it is valid, else repaired by
 * `jsonrepair` (trailing commas, single quotes, Python's None/True/False, unquoted keys, a cut
 * end), and the shapes of a call inside it, as the upstream parsers read them:
 * - `{"name": …, "arguments": …}` and `{"name": …, "parameters": …}`: Hermes/Qwen (vLLM
 *   hermes_tool_parser.py), Llama 3.x (vLLM llama_tool_parser.py, llama.cpp common/chat.cpp
 *   common_chat_parse_llama_3_1, which also takes `"type": "function"`), Ollama's tools/tools.go
 *   findArguments (both keys, and arguments that are a JSON string of an object);
 * - `{"function": {"name", "arguments"}}` and `{"tool_calls": [...]}`: the OpenAI shape some
 *   fine-tunes copy from their training data;
 * - `{"tool_name": …, "parameters": …}`: Command R7B (llama.cpp common_chat_parse_command_r7b);
 * - `{"get_weather": {…}}`, the tool's name as the one key: Ollama tools/tools.go findArguments
 *   (`findMap(tool.Function.Name, obj)`), Apertus.
 */
import { jsonrepair } from 'jsonrepair';
import { closingIndex } from './scan';
import type { WrittenCall } from './types';

/** The value of JSON text, repaired when broken; undefined when it cannot be read at all. */
export function parseLoose(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      return JSON.parse(jsonrepair(text));
    } catch {
      return undefined;
    }
  }
}

const NAME_KEYS = ['name', 'tool_name', 'function_name'] as const;
const ARGUMENT_KEYS = ['arguments', 'parameters', 'args', 'input'] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One call in one of the shapes above; undefined when the object is no call. */
export function callOf(value: unknown): WrittenCall | undefined {
  if (!isObject(value)) return undefined;
  if (isObject(value.function)) return callOf(value.function);
  const nameKey = NAME_KEYS.find((key) => typeof value[key] === 'string');
  if (!nameKey) return namedByKey(value);
  const argKey = ARGUMENT_KEYS.find((key) => key in value);
  // Every other key must be one a call carries: an object with a name and other fields is data.
  const known = new Set<string>([nameKey, 'type', 'id', 'call_id', 'tool_call_id', 'index']);
  if (argKey) known.add(argKey);
  if (Object.keys(value).some((key) => !known.has(key))) return undefined;
  if (value.type !== undefined && value.type !== 'function') return undefined;
  return { name: value[nameKey] as string, args: argKey ? value[argKey] : {} };
}

/** `{"name": {…arguments}}`: one key, a name, whose value is an object. */
function namedByKey(value: Record<string, unknown>): WrittenCall | undefined {
  const keys = Object.keys(value);
  const name = keys[0] ?? '';
  if (keys.length !== 1 || !/^[A-Za-z_][\w.-]*$/.test(name) || !isObject(value[name]))
    return undefined;
  return { name, args: value[name] };
}

/** Every call of a value: a call, an array of calls, or `{"tool_calls": [...]}`. */
export function callsOf(value: unknown): WrittenCall[] | undefined {
  if (isObject(value) && Array.isArray(value.tool_calls) && Object.keys(value).length === 1)
    return callsOf(value.tool_calls);
  const items = Array.isArray(value) ? value : [value];
  if (items.length === 0) return undefined;
  const calls = items.map(callOf);
  return calls.every((call) => call !== undefined) ? (calls as WrittenCall[]) : undefined;
}

/**
 * Calls written as one or more JSON values one after the other (separated by whitespace, `;`
 * as Llama 3.2 does (vLLM llama_tool_parser.py), or `,`), filling `text` from `from` to the end;
 * undefined when anything else is there.
 */
export function jsonCallSequence(text: string, from = 0): WrittenCall[] | undefined {
  const calls: WrittenCall[] = [];
  let at = skipSeparators(text, from);
  while (at < text.length) {
    const end = closingIndex(text, at);
    // A call cut at the end (the model stopped before closing it) is repaired when it is last.
    const stop = end === -1 ? text.length - 1 : end;
    const found = callsOf(parseLoose(text.slice(at, stop + 1)));
    if (!found) return undefined;
    calls.push(...found);
    at = skipSeparators(text, stop + 1);
    if (end === -1) break;
  }
  return calls.length ? calls : undefined;
}

function skipSeparators(text: string, at: number): number {
  while (at < text.length && /[\s;,]/.test(text[at] ?? '')) at++;
  return at;
}
