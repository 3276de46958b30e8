/**
 * Arguments a model got slightly wrong, made right where there is only one way to read them, and
 * in words the model can act on where there is not. Broken JSON is repaired by `jsonrepair`
 * (trailing commas, single quotes, Python's None/True/False, unquoted keys, a cut end); a value
 * whose schema names exactly one type is converted to it when the value says so plainly (`"5"`
 * for an integer, `"true"` for a boolean, an object sent as a JSON string, a number where text is
 * expected). Schemas with a choice of types (`anyOf`, `oneOf`, a list of types) are left alone.
 * What still does not fit is said field by field: which field, what was expected, what was sent.
 */
import { jsonrepair } from 'jsonrepair';

/** The object a string of JSON holds, repaired when broken; undefined when there is none. */
export function repairedObject(text: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      value = JSON.parse(jsonrepair(text));
    } catch {
      return undefined;
    }
  }
  // An object serialised twice: a string that is itself an object's JSON.
  if (typeof value === 'string' && value.trim().startsWith('{')) return repairedObject(value);
  return isObject(value) ? value : undefined;
}

type Schema = Record<string, unknown>;

/** The arguments with each plainly mistyped value converted to its schema's one type. */
export function coerceToSchema(
  schema: unknown,
  args: Record<string, unknown>,
): Record<string, unknown> {
  const result = coerceValue(schema, args);
  return isObject(result) ? result : args;
}

function coerceValue(schema: unknown, value: unknown): unknown {
  if (!isObject(schema)) return value;
  const type = singleType(schema);
  if (!type) return value;
  const converted = converted1(type, value);
  if (type === 'object' && isObject(converted) && isObject(schema.properties)) {
    const properties = schema.properties as Record<string, unknown>;
    const required = Array.isArray(schema.required) ? schema.required : [];
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(converted)) {
      if (!(key in properties)) out[key] = item;
      // `null` (Python's None) for an optional field that takes no null: the field left out.
      else if (item !== null || required.includes(key) || allowsNull(properties[key]))
        out[key] = coerceValue(properties[key], item);
    }
    return out;
  }
  if (type === 'array' && Array.isArray(converted) && isObject(schema.items))
    return converted.map((item) => coerceValue(schema.items, item));
  return converted;
}

function allowsNull(schema: unknown): boolean {
  if (!isObject(schema)) return true;
  const { type } = schema;
  if (type === undefined) return true;
  return type === 'null' || (Array.isArray(type) && type.includes('null'));
}

/** The schema's type when it names exactly one (a `["x", "null"]` pair counts as x). */
function singleType(schema: Schema): string | undefined {
  if (schema.anyOf || schema.oneOf || schema.allOf || schema.enum || schema.const !== undefined)
    return undefined;
  const { type } = schema;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) {
    const types = type.filter((t) => t !== 'null');
    return types.length === 1 && typeof types[0] === 'string' ? types[0] : undefined;
  }
  if (isObject(schema.properties)) return 'object';
  return undefined;
}

const NUMBER = /^\s*-?\d+(\.\d+)?([eE][+-]?\d+)?\s*$/;

function converted1(type: string, value: unknown): unknown {
  if (typeof value === 'string') {
    if ((type === 'number' || type === 'integer') && NUMBER.test(value)) {
      const number = Number(value);
      return type === 'integer' && !Number.isInteger(number) ? value : number;
    }
    if (type === 'boolean' && /^(true|false)$/i.test(value.trim()))
      return value.trim().toLowerCase() === 'true';
    if (type === 'object' && value.trim().startsWith('{')) return repairedObject(value) ?? value;
    if (type === 'array' && value.trim().startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(jsonrepair(value));
        return Array.isArray(parsed) ? parsed : value;
      } catch {
        return value;
      }
    }
    return value;
  }
  if (type === 'string' && (typeof value === 'number' || typeof value === 'boolean'))
    return String(value);
  return value;
}

/**
 * The validator's errors (Ajv's `errorsText`: `data/path message`, joined by ", ") as one
 * sentence per field: what was expected there and what the model sent.
 */
export function preciseProblems(errorText: string, args: Record<string, unknown>): string {
  const parts = errorText.split(/, (?=data[/ ])/);
  const sentences = parts.slice(0, 6).map((part) => {
    const match = /^data(\S*) ([\s\S]*)$/.exec(part);
    if (!match) return part;
    const path = (match[1] ?? '').split('/').filter(Boolean).map(unescapePointer);
    const message = match[2] ?? '';
    const required = /^must have required property '(.+)'$/.exec(message);
    if (required) {
      const field = [...path, required[1] ?? ''].join('.');
      return `“${field}” is required, and it was missing`;
    }
    const field = path.length ? `“${path.join('.')}”` : 'the arguments';
    return `${field} ${message}, and you sent ${shown(valueAt(args, path))}`;
  });
  const more = parts.length > 6 ? ` (and ${parts.length - 6} more)` : '';
  return `${sentences.join('; ')}${more}`;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function valueAt(value: unknown, path: string[]): unknown {
  let at = value;
  for (const key of path) {
    if (Array.isArray(at)) at = at[Number(key)];
    else if (isObject(at)) at = at[key];
    else return undefined;
  }
  return at;
}

function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
