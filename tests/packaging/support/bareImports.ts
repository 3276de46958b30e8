/**
 * The bare specifiers (package names, not paths or `node:` builtins) that the built main
 * process's files import or require, `electron` aside (Electron provides it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

/** A specifier has no whitespace: code such as `['--from']) ?? …, '` is not one. */
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["']([^"'./\s][^"'\s]*)["']/g;

export function bareImportsOf(folder: string): string[] {
  const names = new Set<string>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.[cm]?js$/.test(entry.name)) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const name = match[1] ?? '';
      if (name.startsWith('node:') || builtinModules.includes(name) || name === 'electron')
        continue;
      names.add(name);
    }
  }
  return [...names].sort();
}
