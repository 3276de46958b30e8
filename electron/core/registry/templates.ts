/**
 * A registry entry's values as Hearth plans them: text with `{variables}` and the form fields the
 * user fills in. An `Input` with a fixed `value` is used as it is, its `{variables}` asked for; one
 * without is asked for whole. Values resolve only when installing, from what the user typed.
 */
import type { InstallField } from '../../../preload/schemas/registry';
import type { RegistryInput, RegistryInputWithVariables } from './registrySchemas';

export type Piece = { kind: 'text'; text: string } | { kind: 'field'; field: InstallField };

/** One value of the config (an argument, a variable, a header, an address) still to be filled. */
export interface PlannedValue {
  pieces: Piece[];
  /** It holds a secret: kept in the vault, never on a command line. */
  secret: boolean;
  /** Left out of the config when all of its fields are left empty. */
  optional: boolean;
}

const VARIABLE = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const FORMATS = ['string', 'number', 'boolean', 'filepath'] as const;

/** A field for one input, as the form shows it. */
export function fieldOf(
  id: string,
  label: string,
  input: RegistryInput,
  target: InstallField['target'],
): InstallField {
  const choices = input.choices?.filter((choice) => choice.length <= 1_000);
  return {
    id,
    label,
    ...(input.description ? { description: input.description } : {}),
    target,
    required: input.isRequired === true,
    secret: input.isSecret === true,
    format: FORMATS.find((format) => format === input.format) ?? 'string',
    ...(input.default !== undefined ? { default: input.default } : {}),
    ...(input.placeholder ? { placeholder: input.placeholder } : {}),
    ...(choices && choices.length > 0 ? { choices } : {}),
  };
}

/** Plans an input: its fixed value with fields for its variables, or one field for the whole. */
export function planInput(
  input: RegistryInputWithVariables,
  id: string,
  label: string,
  target: InstallField['target'],
): PlannedValue {
  if (input.value === undefined) {
    const field = fieldOf(id, label, input, target);
    return {
      pieces: [{ kind: 'field', field }],
      secret: field.secret,
      optional: !field.required,
    };
  }
  const planned = planTemplate(input.value, input.variables ?? {}, id, target);
  return {
    pieces: planned.pieces,
    secret: input.isSecret === true || planned.secret,
    // A fixed value is always there; one made only of variables goes when they are all empty.
    optional: input.isRequired !== true && planned.pieces.every((piece) => piece.kind === 'field'),
  };
}

/**
 * Splits `text` at its `{variables}`: each one `variables` defines becomes a field, any other
 * stays as written (the schema says an unknown `{name}` remains unchanged).
 */
export function planTemplate(
  text: string,
  variables: Record<string, RegistryInput>,
  id: string,
  target: InstallField['target'],
): { pieces: Piece[]; secret: boolean } {
  const pieces: Piece[] = [];
  let secret = false;
  let at = 0;
  const seen = new Map<string, InstallField>();
  for (const match of text.matchAll(VARIABLE)) {
    const name = match[1] ?? '';
    const variable = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (!variable) continue;
    if (match.index > at) pieces.push({ kind: 'text', text: text.slice(at, match.index) });
    const field = seen.get(name) ?? fieldOf(`${id}/${name}`, name, variable, target);
    seen.set(name, field);
    secret ||= field.secret;
    pieces.push({ kind: 'field', field });
    at = match.index + match[0].length;
  }
  if (at < text.length) pieces.push({ kind: 'text', text: text.slice(at) });
  return { pieces, secret };
}

/** The fields a value asks for, each once. */
export function fieldsOf(value: PlannedValue): InstallField[] {
  const fields = new Map<string, InstallField>();
  for (const piece of value.pieces)
    if (piece.kind === 'field') fields.set(piece.field.id, piece.field);
  return [...fields.values()];
}

/** The value as a preview: fields shown as `<label>`. */
export function previewOfValue(value: PlannedValue): string {
  return value.pieces
    .map((piece) => (piece.kind === 'text' ? piece.text : `<${piece.field.label}>`))
    .join('');
}

/** What the user typed for a field, or its default when the form sent nothing for it. */
export function valueFor(field: InstallField, values: Record<string, string>): string {
  const typed = Object.hasOwn(values, field.id) ? values[field.id] : undefined;
  const value = typed ?? field.default ?? '';
  // Secrets are taken as typed (a space may be part of one); other values lose stray spaces.
  return field.secret ? value : value.trim();
}

/** Why a field's value cannot be used, or undefined when it can. */
export function fieldProblem(field: InstallField, value: string): string | undefined {
  if (value === '') return field.required ? `${field.label} is required.` : undefined;
  if (field.choices && !field.choices.includes(value))
    return `${field.label} must be one of ${field.choices.join(', ')}.`;
  if (field.format === 'number' && !Number.isFinite(Number(value)))
    return `${field.label} must be a number.`;
  if (field.format === 'boolean' && value !== 'true' && value !== 'false')
    return `${field.label} must be true or false.`;
  return undefined;
}

export type Resolved = { ok: true; value: string | undefined } | { ok: false; problems: string[] };

/** The value filled in: undefined when optional and left empty, problems when it cannot be. */
export function resolveValue(planned: PlannedValue, values: Record<string, string>): Resolved {
  const problems: string[] = [];
  const filled = new Map<string, string>();
  for (const field of fieldsOf(planned)) {
    const value = valueFor(field, values);
    const problem = fieldProblem(field, value);
    if (problem) problems.push(problem);
    filled.set(field.id, value);
  }
  if (problems.length > 0) return { ok: false, problems };
  const hasFields = filled.size > 0;
  if (planned.optional && hasFields && [...filled.values()].every((value) => value === ''))
    return { ok: true, value: undefined };
  const text = planned.pieces
    .map((piece) => (piece.kind === 'text' ? piece.text : (filled.get(piece.field.id) ?? '')))
    .join('');
  return { ok: true, value: text };
}
