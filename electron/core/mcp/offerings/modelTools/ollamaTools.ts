/**
 * MCP tools in the shape Ollama's chat API takes. Small models read every byte of a tool list on
 * every turn, so schemas are flattened to what they use (type, description, enum, items,
 * properties, required): local `$ref`s are inlined, nullable unions collapse to their type, and
 * keywords they ignore are dropped. Odd schemas never throw; they degrade to an open object.
 */
import type { Tool } from '@modelcontextprotocol/client';
import { deepWithoutSteering, withoutSteering } from '../../../security/steeringCharacters';

/** One parameter as Ollama takes it: a small subset of JSON Schema. */
export interface OllamaParameter {
  type?: string;
  description?: string;
  enum?: unknown[];
  items?: OllamaParameter;
  properties?: Record<string, OllamaParameter>;
  required?: string[];
}

/** A tool in Ollama's `tools` array (ollama-js `Tool`, with the fields Hearth always fills). */
export interface OllamaTool {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: {
      type: 'object';
      properties: Record<string, OllamaParameter>;
      required: string[];
    };
  };
}

/** About 250 tokens: enough for the descriptions real servers write, bounded for 30-tool lists. */
export const MAX_TOOL_DESCRIPTION_LENGTH = 1_024;
/** Parameter descriptions repeat for every parameter of every tool, so they are kept shorter. */
export const MAX_PARAMETER_DESCRIPTION_LENGTH = 400;
/** Deeper than this, a schema is shown as an object without its shape; also bounds `$ref` chains. */
export const MAX_SCHEMA_DEPTH = 8;

type JsonObject = Record<string, unknown>;

interface Walk {
  root: unknown;
  depth: number;
  /** `$ref`s being expanded on the way here: meeting one again is a cycle. */
  refs: readonly string[];
}

/**
 * Converts one MCP tool; the model will call it as `modelName`. Bidi controls and tag
 * characters are removed from everything the model reads of it (see steeringCharacters.ts).
 */
export function toOllamaTool(modelName: string, tool: Tool, server?: string): OllamaTool {
  return {
    type: 'function',
    function: {
      name: modelName,
      description: cut(withoutSteering(toolDescription(tool, server)), MAX_TOOL_DESCRIPTION_LENGTH),
      parameters: deepWithoutSteering(toParameters(tool.inputSchema)),
    },
  };
}

function toolDescription(tool: Tool, server: string | undefined): string {
  const candidates = [tool.description, tool.title, tool.annotations?.title];
  const found = candidates.find((text) => typeof text === 'string' && text.trim() !== '');
  if (found !== undefined) return found.trim();
  return server === undefined
    ? `Tool “${tool.name}”.`
    : `Tool “${tool.name}” on server “${server}”.`;
}

/** The top level is always an object with `properties` and `required`, whatever the server sent. */
export function toParameters(inputSchema: unknown): OllamaTool['function']['parameters'] {
  try {
    const converted = convert(inputSchema, { root: inputSchema, depth: 0, refs: [] });
    const properties = converted.properties ?? {};
    const required = (converted.required ?? []).filter((name) => Object.hasOwn(properties, name));
    return { type: 'object', properties, required };
  } catch {
    // A getter that throws or a structure too strange to walk: offer the tool without parameters.
    return { type: 'object', properties: {}, required: [] };
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function convert(schema: unknown, walk: Walk): OllamaParameter {
  if (!isObject(schema)) return {};
  if (walk.depth > MAX_SCHEMA_DEPTH) {
    return { type: 'object', description: 'Nested too deeply to show its fields.' };
  }
  const resolved = resolveRef(schema, walk);
  if (resolved.cycle !== undefined) {
    const note = `A ${resolved.cycle} (recursive; its fields are not shown).`;
    return { type: 'object', description: joinText(text(schema.description), note) };
  }
  const { node, next } = resolved;
  const union = unionOf(node);
  if (union !== undefined) return convertUnion(node, union, next);
  if (Array.isArray(node.allOf)) return convert(mergeAllOf(node), next);
  return convertPlain(node, next);
}

type Resolved = { node: JsonObject; next: Walk; cycle?: undefined } | { cycle: string };

/** Follows `#`, `#/$defs/...` and `#/definitions/...`; siblings of `$ref` override the target. */
function resolveRef(schema: JsonObject, walk: Walk): Resolved {
  const next = { ...walk, depth: walk.depth + 1 };
  const ref = schema.$ref;
  if (typeof ref !== 'string') return { node: schema, next };
  const name = ref.split('/').pop() || 'value';
  if (walk.refs.includes(ref)) return { cycle: name };
  const target = pointer(walk.root, ref);
  const siblings = without(schema, ['$ref']);
  if (!isObject(target)) return { node: siblings, next };
  return { node: { ...target, ...siblings }, next: { ...next, refs: [...walk.refs, ref] } };
}

function pointer(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/$defs/') && !ref.startsWith('#/definitions/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

function unionOf(node: JsonObject): unknown[] | undefined {
  const members = Array.isArray(node.anyOf) ? node.anyOf : node.oneOf;
  return Array.isArray(members) && members.length > 0 ? members : undefined;
}

function isNullSchema(member: unknown): boolean {
  return isObject(member) && (member.type === 'null' || member.const === null);
}

/** `T | null` becomes `T`; a union of constants becomes an enum; others keep the first, with a hint. */
function convertUnion(node: JsonObject, members: unknown[], walk: Walk): OllamaParameter {
  const outer = without(node, ['anyOf', 'oneOf']);
  const options = members.filter((member) => !isNullSchema(member));
  const converted = options.map((member) => convert(member, walk));
  const outerPart = convertPlain(outer, walk);
  const [first, ...rest] = converted;
  if (first === undefined) return { ...outerPart, type: outerPart.type ?? 'null' };
  if (converted.every((option) => option.enum !== undefined)) {
    const types = new Set(converted.map((option) => option.type));
    return dropEmpty({
      ...first,
      ...outerPart,
      type: types.size === 1 ? first.type : undefined,
      enum: converted.flatMap((option) => option.enum ?? []),
    });
  }
  const alternatives = rest.flatMap((option) => summary(option) ?? []);
  const hint = alternatives.length > 0 ? `Also accepts: ${alternatives.join('; ')}.` : undefined;
  const description = joinText(outerPart.description ?? first.description, hint);
  return dropEmpty({ ...first, ...without(outerPart, ['description']), description });
}

function without<T extends object>(value: T, keys: readonly string[]): T {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key))) as T;
}

function summary(parameter: OllamaParameter): string | undefined {
  if (parameter.type === 'array' && parameter.items?.type)
    return `array of ${parameter.items.type}`;
  return parameter.type;
}

/** Members of `allOf` are merged: fields and required names add up, the first type wins. */
function mergeAllOf(node: JsonObject): JsonObject {
  const { allOf, ...outer } = node;
  const members = (Array.isArray(allOf) ? allOf : []).filter(isObject);
  const merged: JsonObject = {};
  const properties: JsonObject = {};
  const required: unknown[] = [];
  for (const member of [...members, outer]) {
    for (const [key, value] of Object.entries(member)) {
      if (key === 'properties' && isObject(value)) {
        for (const [name, property] of Object.entries(value)) setOwn(properties, name, property);
      } else if (key === 'required' && Array.isArray(value)) required.push(...value);
      else if (key === 'description' || !Object.hasOwn(merged, key)) setOwn(merged, key, value);
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.length > 0) merged.required = required;
  return merged;
}

function convertPlain(node: JsonObject, walk: Walk): OllamaParameter {
  const result: OllamaParameter = {};
  const type = primaryType(node);
  if (type.type !== undefined) result.type = type.type;
  const values = enumValues(node);
  if (values !== undefined) result.enum = values;
  if (node.items !== undefined) {
    const items = Array.isArray(node.items) ? node.items[0] : node.items;
    const converted = convert(items, walk);
    if (Object.keys(converted).length > 0) result.items = converted;
  }
  if (isObject(node.properties)) {
    // `false` means the field may not be sent: the model does not need to hear about it.
    const fields = Object.entries(node.properties).filter(([, property]) => property !== false);
    // fromEntries defines own properties, so a field named `__proto__` stays a field.
    result.properties = Object.fromEntries(
      fields.map(([name, property]) => [name, convert(property, walk)]),
    );
    if (Array.isArray(node.required)) {
      result.required = node.required.filter((name): name is string => typeof name === 'string');
    }
  }
  if (result.type === undefined && result.properties !== undefined) result.type = 'object';
  if (result.type === undefined && result.items !== undefined) result.type = 'array';
  const description = joinText(text(node.description) ?? text(node.title), type.hint, hints(node));
  if (description !== undefined) {
    result.description = cut(description, MAX_PARAMETER_DESCRIPTION_LENGTH);
  }
  return result;
}

/** `type: ['string', 'null']` becomes `string`; other type lists keep the first, with a hint. */
function primaryType(node: JsonObject): { type?: string; hint?: string } {
  if (typeof node.type === 'string') return { type: node.type };
  if (!Array.isArray(node.type)) {
    if (node.const !== undefined && node.const !== null) return { type: jsonType(node.const) };
    return {};
  }
  const types = node.type.filter((type): type is string => typeof type === 'string');
  const nonNull = types.filter((type) => type !== 'null');
  const [first, ...rest] = nonNull.length > 0 ? nonNull : types;
  return { type: first, hint: rest.length > 0 ? `Also accepts: ${rest.join('; ')}.` : undefined };
}

function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'object' ? 'object' : typeof value;
}

function enumValues(node: JsonObject): unknown[] | undefined {
  if (Array.isArray(node.enum)) {
    const values = node.enum.filter((value) => value !== null);
    return values.length > 0 ? values : undefined;
  }
  if (node.const !== undefined && node.const !== null) return [node.const];
  return undefined;
}

/** What small models do use from the keywords Ollama has no field for: defaults and formats. */
function hints(node: JsonObject): string | undefined {
  const parts: string[] = [];
  if (typeof node.format === 'string') parts.push(`Format: ${node.format}.`);
  if (node.default !== undefined && node.default !== null) {
    const shown = JSON.stringify(node.default);
    if (shown !== undefined && shown.length <= 80) parts.push(`Default: ${shown}.`);
  }
  return parts.length > 0 ? parts.join(' ') : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function joinText(...parts: (string | undefined)[]): string | undefined {
  const present = parts.filter((part): part is string => part !== undefined && part !== '');
  if (present.length === 0) return undefined;
  // Every part but the last ends as a sentence, so hints do not run into the text before them.
  const last = present.length - 1;
  return present
    .map((part, index) => (index === last || /[.!?…:)]$/.test(part) ? part : `${part}.`))
    .join(' ');
}

/** Defines an own property, so a key named `__proto__` is kept as data. */
function setOwn(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function dropEmpty(parameter: OllamaParameter): OllamaParameter {
  const entries = Object.entries(parameter).filter(([, value]) => value !== undefined);
  return Object.fromEntries(entries) as OllamaParameter;
}
