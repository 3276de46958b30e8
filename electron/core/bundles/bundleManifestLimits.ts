/**
 * How much a bundle's manifest.json may hold: the file itself, each text and each list in it.
 * A manifest describes a server in a few kilobytes; one far larger is a mistake or an attack,
 * and each limit here sits within what the install dialog shows (preload/schemas/bundles.ts), so
 * a manifest that passes never fails later as "something went wrong inside Hearth".
 */
import { UserFacingError } from '../bridge/errors';

/** The most manifest.json may be, in bytes. */
export const MAX_MANIFEST_BYTES = 1024 * 1024;

/** Any text not named below: descriptions, long descriptions, defaults. */
const TEXT_LIMIT = 10_000;
/** Any list not named below. */
const LIST_LIMIT = 1_000;
/** Object keys (setting names, variable names) and nesting. */
const KEY_LIMIT = 200;
const DEPTH_LIMIT = 16;

/** Texts that are names, versions or addresses: short. `*` is any list index or object key. */
const TEXT_LIMITS: Record<string, number> = {
  name: 200,
  display_name: 200,
  version: 100,
  'author.name': 500,
  'author.email': 500,
  'author.url': 1_000,
  homepage: 1_000,
  documentation: 1_000,
  support: 1_000,
  'repository.url': 1_000,
  'repository.type': 100,
  license: 200,
  icon: 1_000,
  'server.entry_point': 500,
  'server.mcp_config.command': 500,
  'server.mcp_config.platform_overrides.*.command': 500,
  'tools.*.name': 200,
  'prompts.*.name': 200,
  'user_config.*.title': 200,
  'keywords.*': 100,
  'privacy_policies.*': 1_000,
  'compatibility.*': 100,
  'compatibility.*.*': 100,
};

/** Lists with their own limits. */
const LIST_LIMITS: Record<string, number> = {
  keywords: 100,
  privacy_policies: 50,
  screenshots: 50,
  'server.mcp_config.args': 200,
  'server.mcp_config.platform_overrides.*.args': 200,
  'compatibility.platforms': 8,
  user_config: 200,
  'server.mcp_config.env': 200,
};

/** Throws a sentence naming the first text, list or key that is larger than Hearth takes. */
export function checkManifestLimits(raw: unknown): void {
  walk(raw, [], 0);
}

function walk(value: unknown, path: string[], depth: number): void {
  if (depth > DEPTH_LIMIT)
    throw new UserFacingError(
      `The bundle's manifest.json is nested more than ${DEPTH_LIMIT} levels deep at “${shownPath(path)}”; Hearth does not read it.`,
    );
  if (typeof value === 'string') {
    const limit = limitFor(TEXT_LIMITS, path) ?? TEXT_LIMIT;
    if (value.length > limit)
      throw new UserFacingError(
        `The bundle's manifest.json is too large: its “${shownPath(path)}” is ${count(value.length)} characters long; Hearth takes at most ${count(limit)}.`,
      );
    return;
  }
  if (Array.isArray(value)) {
    const limit = limitFor(LIST_LIMITS, path) ?? LIST_LIMIT;
    if (value.length > limit)
      throw new UserFacingError(
        `The bundle's manifest.json is too large: its “${shownPath(path)}” list has ${count(value.length)} entries; Hearth takes at most ${count(limit)}.`,
      );
    value.forEach((item, index) => walk(item, [...path, String(index)], depth + 1));
    return;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const limit = limitFor(LIST_LIMITS, path) ?? LIST_LIMIT;
    if (entries.length > limit)
      throw new UserFacingError(
        `The bundle's manifest.json is too large: its “${shownPath(path) || 'top level'}” has ${count(entries.length)} entries; Hearth takes at most ${count(limit)}.`,
      );
    for (const [key, item] of entries) {
      if (key.length > KEY_LIMIT)
        throw new UserFacingError(
          `The bundle's manifest.json has a name ${count(key.length)} characters long in “${shownPath(path) || 'top level'}”; Hearth takes names of at most ${KEY_LIMIT}.`,
        );
      walk(item, [...path, key], depth + 1);
    }
  }
}

/** The limit whose pattern matches the path (`*` for any one step), if one does. */
function limitFor(limits: Record<string, number>, path: string[]): number | undefined {
  for (const [pattern, limit] of Object.entries(limits)) {
    const steps = pattern.split('.');
    if (steps.length === path.length && steps.every((step, i) => step === '*' || step === path[i]))
      return limit;
  }
  return undefined;
}

function shownPath(path: string[]): string {
  const text = path.join('.');
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}
