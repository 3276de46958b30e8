/**
 * Arguments written as tags rather than JSON, one value per tag: Qwen3-Coder's and Seed-OSS's
 * `<parameter=city>Paris</parameter>` (vLLM qwen3coder_tool_parser.py, seed_oss_tool_parser.py;
 * Ollama model/parsers/qwen3coder.go; llama.cpp common/chat-parser-xml-toolcall.cpp) and GLM-4.5's
 * `<arg_key>city</arg_key><arg_value>Paris</arg_value>` (vLLM glm4_moe_tool_parser.py, Ollama
 * model/parsers/glm46.go). A value is the text the model wrote; `typedValues` converts it by the
 * tool's schema for that parameter once the tool is known (index.ts).
 */
import { jsonrepair } from 'jsonrepair';

/** A value that reads as JSON when it is JSON (a number, an object), else the text it is. */
export function jsonOrText(raw: string): unknown {
  const trimmed = raw.trim();
  if (/^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null|\{[\s\S]*\}|\[[\s\S]*\])$/.test(trimmed)) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return raw;
    }
  }
  return raw;
}

/** The text between tags without the one newline after the opening tag and before the closing. */
function tagText(raw: string): string {
  return raw.replace(/^\n/, '').replace(/\n$/, '');
}

/** `<parameter=key>value</parameter>` pairs (closing tag optional before the next one). */
export function parameterTags(body: string): Record<string, string> {
  const args: Record<string, string> = {};
  const pattern =
    /<parameter=([^>\n]+)>([\s\S]*?)(?:<\/parameter>|(?=<parameter=)|(?=<\/function>)|$)/g;
  for (const match of body.matchAll(pattern))
    args[(match[1] ?? '').trim()] = tagText(match[2] ?? '');
  return args;
}

/**
 * `<arg_key>key</arg_key><arg_value>value</arg_value>` pairs, each value as written (vLLM
 * glm4_moe_tool_parser.py keeps a string value whole and strips the others before reading them).
 */
export function argKeyTags(body: string): Record<string, string> {
  const args: Record<string, string> = {};
  const pattern = /<arg_key>([\s\S]*?)<\/arg_key>\s*<arg_value>([\s\S]*?)<\/arg_value>/g;
  for (const match of body.matchAll(pattern)) args[(match[1] ?? '').trim()] = match[2] ?? '';
  return args;
}

/**
 * The arguments with each value written as text converted by the tool's schema for that parameter,
 * as vLLM's qwen3coder_tool_parser.py `_convert_param_value` does (Ollama qwen3coder.go
 * `parseValue` agrees):
 * - a parameter the schema does not name, or one without a type, stays text;
 * - `null`/`None` is null where the schema takes null; a string stays the text as written, quotes
 *   and all (vLLM and Ollama keep them; llama.cpp's grammar-led reader would decode a value that
 *   is a whole JSON string, Hearth follows the first two);
 * - an integer, number or boolean is read from the text, an object or array as JSON (or a Python
 *   literal, as `ast.literal_eval` reads it), and `null`/`None` is null;
 * - a value that is none of these stays text, where vLLM falls back to the text too (and to
 *   `false` for a boolean): the schema check then says exactly what was sent.
 */
export function typedValues(
  schema: unknown,
  args: Record<string, unknown>,
): Record<string, unknown> {
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args))
    out[key] =
      typeof value === 'string' && Object.hasOwn(properties, key)
        ? typedValue(value, properties[key])
        : value;
  return out;
}

function typedValue(raw: string, schema: unknown): unknown {
  const { type, nullable } = declaredType(schema);
  const text = raw.trim();
  const isNull = /^(null|none)$/i.test(text);
  if (nullable && isNull) return null;
  if (type === undefined || type === 'string') return raw;
  if (isNull) return null;
  if (type === 'integer') return /^[+-]?\d+$/.test(text) ? Number(text) : raw;
  if (type === 'number')
    return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : raw;
  if (type === 'boolean') return /^(true|false)$/i.test(text) ? text.toLowerCase() === 'true' : raw;
  const value = literal(text);
  if (type === 'object' || type === 'array') {
    // A JSON string that holds the object (a template that serialised it twice).
    const inner = typeof value === 'string' ? literal(value.trim()) : value;
    return inner === undefined ? raw : inner;
  }
  return value === undefined ? raw : value;
}

/** JSON, else a Python literal of a dict or list (single quotes, True/None); else undefined. */
function literal(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (!/^[[{][\s\S]*[\]}]$/.test(text)) return undefined;
    try {
      return JSON.parse(jsonrepair(text)) as unknown;
    } catch {
      return undefined;
    }
  }
}

/**
 * The type a parameter's schema declares and whether it takes null: `type` (in a list, the first
 * that is not null) or, as vLLM reads `anyOf`, the first option's type that is not null.
 */
function declaredType(schema: unknown): { type?: string; nullable: boolean } {
  if (!isObject(schema)) return { nullable: false };
  const options = Array.isArray(schema.anyOf)
    ? schema.anyOf.map((option) => (isObject(option) ? option.type : undefined))
    : [schema.type];
  const types = options.flatMap((type) => (Array.isArray(type) ? type : [type]));
  const named = types.filter((type): type is string => typeof type === 'string');
  return {
    type: named.find((type) => type !== 'null')?.toLowerCase(),
    nullable: named.includes('null'),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
