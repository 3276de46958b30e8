/**
 * Arguments written as tags rather than JSON, one value per tag: Qwen3-Coder's
 * `<parameter=city>Paris</parameter>` (vLLM qwen3coder_tool_parser.py, Ollama
 * model/parsers/qwen3coder.go) and GLM-4.5's `<arg_key>city</arg_key><arg_value>Paris</arg_value>`
 * (vLLM glm4_moe_tool_parser.py, Ollama model/parsers/glm46.go). A value reads as JSON when it is
 * JSON (a number, an object), else as the string it is; the schema check fixes the rest.
 */
export function tagValue(raw: string): unknown {
  const text = raw.replace(/^\n/, '').replace(/\n$/, '');
  const trimmed = text.trim();
  if (/^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null|\{[\s\S]*\}|\[[\s\S]*\])$/.test(trimmed)) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return text;
    }
  }
  return text;
}

/** `<parameter=key>value</parameter>` pairs (closing tag optional before the next one). */
export function parameterTags(body: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const pattern =
    /<parameter=([^>\n]+)>([\s\S]*?)(?:<\/parameter>|(?=<parameter=)|(?=<\/function>)|$)/g;
  for (const match of body.matchAll(pattern))
    args[(match[1] ?? '').trim()] = tagValue(match[2] ?? '');
  return args;
}

/** `<arg_key>key</arg_key><arg_value>value</arg_value>` pairs. */
export function argKeyTags(body: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const pattern = /<arg_key>([\s\S]*?)<\/arg_key>\s*<arg_value>([\s\S]*?)<\/arg_value>/g;
  for (const match of body.matchAll(pattern))
    args[(match[1] ?? '').trim()] = tagValue(match[2] ?? '');
  return args;
}
