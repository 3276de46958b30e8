/**
 * Server names other apps allow but Hearth does not (`@org/server`, `github (work)`), and free
 * names for servers whose name is taken.
 */
import { serverNameSchema } from '../../../../../preload/schemas/servers';

/** The longest server name `serverNameSchema` accepts. */
export const MAX_SERVER_NAME_LENGTH = 64;

/** Whether Hearth accepts the name as it is. */
export function isValidServerName(name: string): boolean {
  return serverNameSchema.safeParse(name).success;
}

/** Makes a name valid: other characters become `-`; empty when nothing usable is left. */
export function cleanServerName(raw: string): string {
  if (isValidServerName(raw)) return raw;
  return raw
    .replace(/[^A-Za-z0-9 ._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, MAX_SERVER_NAME_LENGTH)
    .replace(/[\s-]+$/, '');
}

/** The first of `name-2`, `name-3`, … not in `taken`, cut so the suffix still fits. */
export function freeServerName(name: string, taken: ReadonlySet<string>): string {
  for (let number = 2; ; number += 1) {
    const suffix = `-${number}`;
    const candidate = `${name.slice(0, MAX_SERVER_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
