/**
 * "Always allow" is given to one definition of a tool. A fingerprint of that definition tells
 * when a server starts serving a different one, and a list of changes tells the user what to look
 * at before allowing it again: a server can rewrite a tool's description or widen its parameters
 * after the user trusted it.
 */
import { createHash } from 'node:crypto';
import type { Tool } from '@modelcontextprotocol/client';
import { diffWords } from 'diff';

/** The parts of a tool definition a user approves, as far as changes are described. */
export interface ToolSnapshot {
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: Record<string, unknown>;
}

/** The parts of `tool` a user approves. */
export function toolSnapshot(tool: Tool): ToolSnapshot {
  const { title, description, inputSchema, outputSchema, annotations } = tool;
  return { title, description, inputSchema, outputSchema, annotations };
}

/** Annotations named in this order first; any others follow alphabetically. */
const ANNOTATION_ORDER = [
  'title',
  'readOnlyHint',
  'destructiveHint',
  'idempotentHint',
  'openWorldHint',
];

/**
 * SHA-256 (hex) of the definition's canonical JSON: the same tool served with its keys in another
 * order has the same fingerprint; any change to its text, schemas or annotations changes it.
 */
export function toolFingerprint(tool: Tool): string {
  const definition = {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    annotations: tool.annotations,
  };
  return createHash('sha256').update(canonicalJson(definition)).digest('hex');
}

/**
 * JSON with object keys sorted at every level and `undefined` left out, as `JSON.stringify` would.
 * `required` lists are sets, so they are sorted too; every other array keeps its order.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalize(value, new Set())) ?? 'null';
}

function canonicalize(value: unknown, ancestors: Set<object>, key?: string): unknown {
  if (typeof value !== 'object' || value === null) return value;
  // Wire data cannot loop, but a definition built in code could: mark the loop, do not recurse.
  if (ancestors.has(value)) return '[cycle]';
  ancestors.add(value);
  let result: unknown;
  if (Array.isArray(value)) {
    const items = value.map((item) => canonicalize(item, ancestors) ?? null);
    const isNameSet = key === 'required' && items.every((item) => typeof item === 'string');
    result = isNameSet ? [...(items as string[])].sort() : items;
  } else {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined && typeof item !== 'function')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, item]) => [name, canonicalize(item, ancestors, name)] as const);
    result = Object.fromEntries(entries);
  }
  ancestors.delete(value);
  return result;
}

/**
 * Sentences for the user saying what differs between the approved definition and the one now
 * served; empty when nothing they approved changed.
 */
export function describeToolChange(before: ToolSnapshot, after: ToolSnapshot): string[] {
  const changes: string[] = [];
  if (before.title !== after.title)
    changes.push(`The title changed${describeTextChange(before.title ?? '', after.title ?? '')}`);
  if (before.description !== after.description)
    changes.push(
      `The description changed${describeTextChange(before.description ?? '', after.description ?? '')}`,
    );
  changes.push(...describeInputChange(before.inputSchema, after.inputSchema));
  if (!same(before.outputSchema, after.outputSchema)) changes.push('The output schema changed.');
  const annotations = describeAnnotationChange(before.annotations ?? {}, after.annotations ?? {});
  if (annotations !== undefined) changes.push(annotations);
  return changes;
}

/** Longest stretch of removed or added words quoted; the rest is counted. */
const MAX_QUOTED_CHANGE = 400;

/**
 * What changed in a text, for a sentence after "The description changed": the words taken out
 * and put in (a description that now speaks to the model shows its new words), or the whole
 * texts when they share nothing.
 */
export function describeTextChange(before: string, after: string): string {
  if (before.trim() === '') return `: it is now “${quoted(after)}”.`;
  if (after.trim() === '') return `: “${quoted(before)}” is gone.`;
  const parts = diffWords(before, after);
  const removed = parts.filter((part) => part.removed).map((part) => part.value.trim());
  const added = parts.filter((part) => part.added).map((part) => part.value.trim());
  // Shared punctuation alone does not make two texts alike.
  const kept = parts.some(
    (part) => !part.added && !part.removed && /[\p{L}\p{N}]/u.test(part.value),
  );
  if (!kept) return ` from “${quoted(before)}” to “${quoted(after)}”.`;
  const sentences = [
    ...(removed.some(Boolean)
      ? [`taken out: “${quoted(removed.filter(Boolean).join(' … '))}”`]
      : []),
    ...(added.some(Boolean) ? [`put in: “${quoted(added.filter(Boolean).join(' … '))}”`] : []),
  ];
  return sentences.length > 0 ? ` (${sentences.join('; ')}).` : ' (only in spacing).';
}

function quoted(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_QUOTED_CHANGE
    ? flat
    : `${flat.slice(0, MAX_QUOTED_CHANGE)}… (${flat.length - MAX_QUOTED_CHANGE} more characters)`;
}

function same(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function propertiesOf(schema: unknown): Record<string, unknown> {
  return isObject(schema) && isObject(schema.properties) ? schema.properties : {};
}

function requiredOf(schema: unknown): Set<string> {
  const required = isObject(schema) && Array.isArray(schema.required) ? schema.required : [];
  return new Set(required.filter((name): name is string => typeof name === 'string'));
}

function describeInputChange(before: unknown, after: unknown): string[] {
  if (same(before, after)) return [];
  const oldProperties = propertiesOf(before);
  const newProperties = propertiesOf(after);
  const oldRequired = requiredOf(before);
  const newRequired = requiredOf(after);
  const changes: string[] = [];
  for (const name of Object.keys(newProperties)) {
    if (!Object.hasOwn(oldProperties, name)) {
      const required = newRequired.has(name) ? ' (required)' : '';
      changes.push(`New parameter “${name}”${required}.`);
    }
  }
  for (const name of Object.keys(oldProperties)) {
    if (!Object.hasOwn(newProperties, name)) changes.push(`Parameter “${name}” was removed.`);
  }
  for (const name of Object.keys(newProperties)) {
    if (!Object.hasOwn(oldProperties, name)) continue;
    if (newRequired.has(name) && !oldRequired.has(name)) {
      changes.push(`Parameter “${name}” is now required.`);
    } else if (!newRequired.has(name) && oldRequired.has(name)) {
      changes.push(`Parameter “${name}” is no longer required.`);
    }
    changes.push(...describeParameterChange(name, oldProperties[name], newProperties[name]));
  }
  // Something outside the listed parameters changed ($defs, a nested rule): say so plainly.
  return changes.length > 0 ? changes : ['The input schema changed.'];
}

function describeParameterChange(name: string, before: unknown, after: unknown): string[] {
  if (same(before, after)) return [];
  const oldSchema = isObject(before) ? before : {};
  const newSchema = isObject(after) ? after : {};
  const changes: string[] = [];
  if (!same(oldSchema.type, newSchema.type)) {
    changes.push(
      `Parameter “${name}” now takes ${typeName(newSchema.type)} instead of ${typeName(oldSchema.type)}.`,
    );
  }
  if (!same(oldSchema.enum, newSchema.enum)) {
    changes.push(`The allowed values of parameter “${name}” changed.`);
  }
  if (oldSchema.description !== newSchema.description) {
    changes.push(`The description of parameter “${name}” changed.`);
  }
  return changes.length > 0 ? changes : [`Parameter “${name}” changed.`];
}

function typeName(type: unknown): string {
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.map(String).join(' or ');
  return 'any value';
}

function describeAnnotationChange(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string | undefined {
  const extra = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => !ANNOTATION_ORDER.includes(key))
    .sort();
  const differences = [...ANNOTATION_ORDER, ...extra]
    .filter((key) => !same(before[key], after[key]))
    .map((key) => `${key} was ${shown(before[key])}, now ${shown(after[key])}`);
  if (differences.length === 0) return undefined;
  return `The annotations changed: ${differences.join('; ')}.`;
}

function shown(value: unknown): string {
  return value === undefined ? 'not set' : canonicalJson(value);
}
