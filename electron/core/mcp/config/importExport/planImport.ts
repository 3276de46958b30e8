/**
 * Decides what an import does to the servers Hearth already has: a clash replaces the existing
 * server only when the user asked for exactly that, and otherwise imports under a free name, so
 * an import never overwrites anything by surprise.
 */
import type { ImportReport, ServerConfigInput } from '../../../../../preload/schemas/servers';
import { freeServerName } from './serverNames';
import type { ParsedImport, ParsedServer } from './importTypes';
import { quote } from './words';

type ImportItem = ImportReport['items'][number];

/** The report the user sees and the configs to save if they apply it, all disabled. */
export interface ImportPlan {
  report: ImportReport;
  toSave: ServerConfigInput[];
}

/** Plans an import of `parsed` next to `existingNames`, replacing only the names in `replace`. */
export function planImport(
  parsed: ParsedImport,
  existingNames: readonly string[],
  replace: readonly string[],
): ImportPlan {
  const existing = new Set(existingNames);
  const replacing = new Set(replace);
  // Names the file itself uses stay reserved, so a rename never takes a later server's name.
  const taken = new Set([
    ...existingNames,
    ...parsed.servers.filter(isConverted).map((s) => s.name),
  ]);
  const assigned = new Set<string>();
  const items: ImportItem[] = [];
  const toSave: ServerConfigInput[] = [];

  for (const server of parsed.servers) {
    if (!isConverted(server)) {
      const reason = server.skipReason ?? 'It could not be converted.';
      items.push({ name: server.name, outcome: 'skipped', notes: [...server.notes, reason] });
      continue;
    }
    const { name } = server;
    let item: ImportItem;
    if (existing.has(name) && replacing.has(name) && !assigned.has(name)) {
      item = { name, outcome: 'replaced', finalName: name, notes: [...server.notes] };
    } else if (existing.has(name) || assigned.has(name)) {
      const finalName = freeServerName(name, taken);
      taken.add(finalName);
      const note = assigned.has(name)
        ? `Another server in this import already takes the name ${quote(name)}; this one is imported as ${quote(finalName)}.`
        : `A server named ${quote(name)} is already there and stays as it is; this one is imported as ${quote(finalName)}.`;
      item = { name, outcome: 'renamed', finalName, notes: [...server.notes, note] };
    } else {
      item = { name, outcome: 'added', finalName: name, notes: [...server.notes] };
    }
    const finalName = item.finalName ?? name;
    assigned.add(finalName);
    items.push(item);
    toSave.push({ ...server.config, name: finalName, enabled: false });
  }

  return {
    report: {
      ...(parsed.format ? { format: parsed.format } : {}),
      items,
      errors: [...parsed.errors],
    },
    toSave,
  };
}

function isConverted(server: ParsedServer): server is ParsedServer & { config: ServerConfigInput } {
  return server.config !== undefined;
}
