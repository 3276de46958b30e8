/**
 * Small helpers for notes and reasons shown to the user: values quoted the same way everywhere,
 * and never long enough to swamp the import report.
 */

/** Values longer than this are cut in notes; the report caps each note at 2,000 characters. */
export const MAX_QUOTED_LENGTH = 120;

/** Quotes a value from the file for a note, cut short so a huge value cannot fill the report. */
export function quote(text: string): string {
  const shown = text.length > MAX_QUOTED_LENGTH ? `${text.slice(0, MAX_QUOTED_LENGTH)}…` : text;
  return `“${shown}”`;
}

/** Names a JSON value's kind the way a user would: "a list", "a number", "text". */
export function describeKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return 'text';
    case 'number':
      return 'a number';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

/** A JSON object, as opposed to a list or null; keys are read with `ownField` only. */
export type JsonObject = Record<string, unknown>;

/** Narrows a parsed JSON value to an object, excluding lists and null. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a key the file itself set, never one inherited from `Object.prototype` ("constructor"). */
export function ownField(object: JsonObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}
