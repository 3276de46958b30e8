/**
 * A PATH where the OS sandbox cannot run: /usr/bin's programs without bubblewrap, as links in a
 * folder of their own, for a host started on it (with no login shell to read another PATH from).
 */
import { readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './testHost';

export function pathWithoutBwrap(): string {
  const folder = tempDir('path-without-bwrap');
  for (const name of readdirSync('/usr/bin'))
    if (name !== 'bwrap') symlinkSync(join('/usr/bin', name), join(folder, name));
  return folder;
}
