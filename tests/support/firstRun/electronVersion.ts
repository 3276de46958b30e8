/** The version of the `electron` package this checkout installs. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../serveProcess';

export function electronVersion(): string {
  const manifest = join(REPO_ROOT, 'node_modules', 'electron', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}
