/**
 * A conversation's own options as its row keeps them: the model in its own column (the
 * conversation list shows it), every other option in the `options` column as JSON, so a new
 * option needs no migration. A field that no longer parses (a file edited by hand) is dropped
 * alone: its default applies and the other options are kept.
 */
import type { SQLOutputValue } from 'node:sqlite';
import { conversationOptionsSchema } from '../../../preload/schemas/chat';
import type { ConversationOptions, ConversationOptionsPatch } from './types';

type Row = Record<string, SQLOutputValue>;

export function optionsFromRow(row: Row): ConversationOptions {
  const stored: Record<string, unknown> = { ...jsonObject(row.options), model: row.model };
  const fields = conversationOptionsSchema.shape;
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, field]) => {
      const parsed = field.safeParse(stored[name]);
      return parsed.success && parsed.data !== undefined ? [[name, parsed.data]] : [];
    }),
  ) as ConversationOptions;
}

/** The columns that keep `options`. */
export function optionsColumns(options: ConversationOptions): {
  model: string | null;
  options: string;
} {
  const { model, ...rest } = conversationOptionsSchema.parse(options);
  return { model: model ?? null, options: JSON.stringify(rest) };
}

/** `current` changed by `patch`: a value sets an option, null or blank text clears it. */
export function patchedOptions(
  current: ConversationOptions,
  patch: ConversationOptionsPatch,
): ConversationOptions {
  const given = Object.entries(patch).map(([name, value]: [string, unknown]) => [
    name,
    typeof value === 'string' ? value.trim() : value,
  ]);
  const changed = new Set(given.filter(([, value]) => value !== undefined).map(([name]) => name));
  return conversationOptionsSchema.parse(
    Object.fromEntries([
      ...Object.entries(current).filter(([name]) => !changed.has(name)),
      ...given.filter(([, value]) => value !== undefined && value !== null && value !== ''),
    ]),
  );
}

function jsonObject(value: SQLOutputValue | undefined): Record<string, unknown> {
  if (typeof value !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
