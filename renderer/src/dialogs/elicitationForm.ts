/**
 * The form a server asks the user to fill in (MCP elicitation, form mode), as plain data: the
 * fields its flat JSON schema describes, their starting values, what is wrong with the values typed
 * and the content sent back. The schema comes from a server, so nothing here trusts its shape: a
 * property Hearth cannot ask for becomes a note, never a crash.
 */

export type FieldKind =
  | 'text'
  | 'email'
  | 'url'
  | 'date'
  | 'datetime'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'select'
  | 'multiselect'
  | 'note';

export interface Option {
  value: string;
  label: string;
}

/** What the form holds for a field: text (numbers too, as typed), a tick, or the chosen options. */
export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;
export type Content = Record<string, string | number | boolean | string[]>;

export interface Field {
  name: string;
  kind: FieldKind;
  label: string;
  description?: string;
  required: boolean;
  options?: Option[];
  default?: FieldValue;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  /** For a `note`: the kind of value the server asked for that Hearth cannot ask for. */
  unsupported?: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
const countOf = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
const numberOf = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** `[{const, title}]` (oneOf / anyOf) as options; undefined when it is not that. */
function titledOptions(list: unknown): Option[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const options = list.flatMap((entry) =>
    isObject(entry) && typeof entry.const === 'string'
      ? [{ value: entry.const, label: stringOf(entry.title) ?? entry.const }]
      : [],
  );
  return options.length > 0 ? options : undefined;
}

/** `enum` (with the legacy `enumNames` as labels) as options. */
function enumOptions(values: unknown, names: unknown): Option[] | undefined {
  if (!Array.isArray(values)) return undefined;
  const labels = Array.isArray(names) ? names : [];
  const options = values.flatMap((value, index) =>
    typeof value === 'string' ? [{ value, label: stringOf(labels[index]) ?? value }] : [],
  );
  return options.length > 0 ? options : undefined;
}

const textKinds: Record<string, FieldKind> = {
  email: 'email',
  uri: 'url',
  date: 'date',
  'date-time': 'datetime',
};

/** A datetime default (RFC 3339) as the local `YYYY-MM-DDTHH:mm` a datetime-local input shows. */
function localDateTime(value: string): string {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return '';
  const pad = (part: number) => String(part).padStart(2, '0');
  return (
    `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}` +
    `T${pad(time.getHours())}:${pad(time.getMinutes())}`
  );
}

function describe(name: string, property: unknown, required: boolean): Field {
  const base = { name, required, label: name } as Field;
  if (!isObject(property)) return { ...base, kind: 'note', unsupported: 'an unknown value' };
  base.label = stringOf(property.title)?.trim() || name;
  const description = stringOf(property.description)?.trim();
  if (description) base.description = description;
  const type = property.type;
  const fallback = property.default;

  if (type === 'string') {
    const options =
      titledOptions(property.oneOf) ??
      titledOptions(property.anyOf) ??
      enumOptions(property.enum, property.enumNames);
    if (options) {
      const chosen = options.some((option) => option.value === fallback) ? fallback : undefined;
      return { ...base, kind: 'select', options, default: chosen as string | undefined };
    }
    if (property.enum !== undefined || property.oneOf !== undefined) {
      return { ...base, kind: 'note', unsupported: 'a choice without options' };
    }
    const format = stringOf(property.format);
    const kind: FieldKind = (format ? textKinds[format] : undefined) ?? 'text';
    const given = stringOf(fallback);
    return {
      ...base,
      kind,
      minLength: countOf(property.minLength),
      maxLength: countOf(property.maxLength),
      default: given === undefined ? undefined : kind === 'datetime' ? localDateTime(given) : given,
    };
  }
  if (type === 'number' || type === 'integer') {
    const given = numberOf(fallback);
    return {
      ...base,
      kind: type,
      minimum: numberOf(property.minimum),
      maximum: numberOf(property.maximum),
      default: given === undefined ? undefined : String(given),
    };
  }
  if (type === 'boolean') {
    return {
      ...base,
      kind: 'boolean',
      default: typeof fallback === 'boolean' ? fallback : undefined,
    };
  }
  if (type === 'array' && isObject(property.items)) {
    const items = property.items;
    const options =
      titledOptions(items.anyOf) ??
      titledOptions(items.oneOf) ??
      (items.type === 'string' ? enumOptions(items.enum, items.enumNames) : undefined);
    if (options) {
      const known = new Set(options.map((option) => option.value));
      const chosen = Array.isArray(fallback)
        ? fallback.filter((value): value is string => typeof value === 'string' && known.has(value))
        : undefined;
      return {
        ...base,
        kind: 'multiselect',
        options,
        default: chosen,
        minItems: countOf(property.minItems),
        maxItems: countOf(property.maxItems),
      };
    }
  }
  const what = typeof type === 'string' ? `a value of type ${type}` : 'an unknown value';
  return { ...base, kind: 'note', unsupported: what };
}

/** The fields of a requested schema, in the order the server listed them. */
export function fieldsOf(schema: unknown): Field[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = new Set(
    Array.isArray(schema.required)
      ? schema.required.filter((name) => typeof name === 'string')
      : [],
  );
  return Object.entries(schema.properties).map(([name, property]) =>
    describe(name, property, required.has(name)),
  );
}

/** What the form starts with: the server's defaults, otherwise empty (a box unticked). */
export function initialValues(fields: Field[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    if (field.kind === 'note') continue;
    if (field.kind === 'boolean') values[field.name] = field.default ?? false;
    else if (field.kind === 'multiselect')
      values[field.name] = [...((field.default ?? []) as string[])];
    else values[field.name] = (field.default as string | undefined) ?? '';
  }
  return values;
}

const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return /^[a-z][a-z0-9+.-]*:$/i.test(url.protocol) && (url.host !== '' || url.pathname !== '');
  } catch {
    return false;
  }
}

function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(time.getTime()) && time.toISOString().startsWith(text);
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function problemOf(field: Field, value: FieldValue | undefined): string | undefined {
  if (field.kind === 'note') {
    return field.required ? 'Hearth cannot fill this in; you can only decline.' : undefined;
  }
  if (field.kind === 'boolean') return undefined;
  if (field.kind === 'multiselect') {
    const chosen = Array.isArray(value) ? value : [];
    if (chosen.length === 0) return field.required ? 'Choose at least one.' : undefined;
    if (field.minItems !== undefined && chosen.length < field.minItems) {
      return `Choose at least ${field.minItems}.`;
    }
    if (field.maxItems !== undefined && chosen.length > field.maxItems) {
      return `Choose at most ${field.maxItems}.`;
    }
    return undefined;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') {
    if (!field.required) return undefined;
    return field.kind === 'select' ? 'Choose one.' : 'Required.';
  }
  switch (field.kind) {
    case 'number':
    case 'integer': {
      const number = Number(text);
      if (!Number.isFinite(number)) return 'Enter a number.';
      if (field.kind === 'integer' && !Number.isInteger(number)) return 'Enter a whole number.';
      if (field.minimum !== undefined && number < field.minimum) {
        return `Must be at least ${field.minimum}.`;
      }
      if (field.maximum !== undefined && number > field.maximum) {
        return `Must be at most ${field.maximum}.`;
      }
      return undefined;
    }
    case 'select':
      return field.options?.some((option) => option.value === text) ? undefined : 'Choose one.';
    case 'email':
      if (!emailShape.test(text)) return 'Enter an email address, like name@example.com.';
      break;
    case 'url':
      if (!isUrl(text)) return 'Enter a full address, like https://example.com.';
      break;
    case 'date':
      if (!isDate(text)) return 'Enter a date as YYYY-MM-DD.';
      break;
    case 'datetime':
      if (Number.isNaN(new Date(text).getTime())) return 'Enter a date and time.';
      break;
    default:
      break;
  }
  const length = [...(value as string)].length;
  if (field.minLength !== undefined && length < field.minLength) {
    return `Use at least ${plural(field.minLength, 'character')}.`;
  }
  if (field.maxLength !== undefined && length > field.maxLength) {
    return `Use at most ${plural(field.maxLength, 'character')}.`;
  }
  return undefined;
}

/** What is wrong, by field name; empty when the form can be sent. */
export function validate(fields: Field[], values: FormValues): Map<string, string> {
  const problems = new Map<string, string>();
  for (const field of fields) {
    const problem = problemOf(field, values[field.name]);
    if (problem) problems.set(field.name, problem);
  }
  return problems;
}

/** The answer's content: numbers as numbers, a date-time in RFC 3339, empty optional fields left out. */
export function contentOf(fields: Field[], values: FormValues): Content {
  const content: Content = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'note' || value === undefined) continue;
    if (field.kind === 'boolean') {
      content[field.name] = value === true;
    } else if (field.kind === 'multiselect') {
      if (Array.isArray(value) && (value.length > 0 || field.required)) content[field.name] = value;
    } else if (typeof value === 'string') {
      const text = field.kind === 'text' ? value : value.trim();
      if (text.trim() === '') continue;
      if (field.kind === 'number' || field.kind === 'integer') content[field.name] = Number(text);
      else if (field.kind === 'datetime') content[field.name] = new Date(text).toISOString();
      else content[field.name] = text;
    }
  }
  return content;
}
