/**
 * Tool-call arguments as models send them: an object, or a JSON string of one (several small
 * models do that). They are checked against the tool's input schema before anything runs, so a
 * model gets a clear error to correct instead of a confusing server failure.
 */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js';
import { canonicalJson } from '../../mcp';
import { preciseProblems, repairedObject } from './argumentRepair';

export type ParsedArguments =
  { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

export function parseArguments(raw: unknown): ParsedArguments {
  let value = raw ?? {};
  if (typeof value === 'string') {
    if (value.trim() === '') return { ok: true, value: {} };
    // Broken JSON (a trailing comma, single quotes) is repaired when it can be read one way.
    const repaired = repairedObject(value);
    if (!repaired)
      return {
        ok: false,
        message: 'The arguments are not valid JSON. Send them as a JSON object.',
      };
    value = repaired;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'The arguments must be a JSON object with named fields.' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

const validator = new AjvJsonSchemaValidator();
const compiled = new WeakMap<object, ReturnType<AjvJsonSchemaValidator['getValidator']>>();

/** Undefined when the arguments fit; otherwise what is wrong, field by field. */
export function checkArguments(schema: unknown, args: Record<string, unknown>): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  let validate = compiled.get(schema);
  if (!validate) {
    try {
      validate = validator.getValidator(schema as JsonSchemaType);
    } catch {
      // A schema the validator cannot compile is the server's problem; let the server judge.
      return undefined;
    }
    compiled.set(schema, validate);
  }
  const result = validate(args);
  return result.valid ? undefined : preciseProblems(result.errorMessage, args);
}

/** The same tool with the same arguments (in any key order) gives the same key. */
export function callKey(modelName: string, args: Record<string, unknown>): string {
  return `${modelName}\u0000${canonicalJson(args)}`;
}
