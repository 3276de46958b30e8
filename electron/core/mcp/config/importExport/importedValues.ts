/**
 * Environment variables and headers: values taken from VS Code inputs arrive empty for the user
 * to fill in, and plain-text credentials become secrets.
 */
import type { NamedValue } from '../namedValues';
import { looksSecret } from './secretNames';
import { convertText, describeInput, inputIds, type ConversionContext } from './variables';
import { quote } from './words';

/** Which of the two a value is, for the way notes name it. */
export type NamedValueKind = 'env' | 'header';

/** Converts a `{ NAME: "value" }` map from the file, in the file's order. */
export function convertNamedValues(
  values: Record<string, string>,
  kind: NamedValueKind,
  context: ConversionContext,
): NamedValue[] {
  return Object.entries(values).map(([name, raw]) => convertNamedValue(name, raw, kind, context));
}

function convertNamedValue(
  name: string,
  raw: string,
  kind: NamedValueKind,
  context: ConversionContext,
): NamedValue {
  const subject = kind === 'env' ? name : `Header ${quote(name)}`;
  const ids = inputIds(raw, context);
  if (ids.length > 0) {
    context.notes.push(inputNote(subject, raw, ids, context));
    // An input the file does not define could be anything: keep it secret to be safe.
    const secret = ids.some((id) => context.inputs.get(id)?.password ?? true);
    return { name, secret };
  }
  const where = kind === 'env' ? `the value of ${name}` : `header ${quote(name)}`;
  const value = convertText(raw, where, true, context);
  // A `${NAME}` reference is not itself a secret; hiding it would only hide where it comes from.
  const secret = value !== '' && !value.includes('${') && looksSecret(name);
  if (secret) {
    context.notes.push(`${subject} will be kept as a secret, since its name suggests one.`);
  }
  return { name, value, secret };
}

function inputNote(
  subject: string,
  raw: string,
  ids: string[],
  context: ConversionContext,
): string {
  const [onlyId] = ids;
  if (ids.length === 1 && onlyId !== undefined && raw === `\${input:${onlyId}}`) {
    return `${subject} needs a value: VS Code asked for it with ${describeInput(onlyId, context)}.`;
  }
  const prompts = [...new Set(ids)].map((id) => describeInput(id, context)).join(' and ');
  return `${subject} needs a value: VS Code built it as ${quote(raw)}, asking with ${prompts}.`;
}
