/**
 * Nothing appears in a user's folder that Hearth did not mean to write, and nothing is left
 * after Hearth is killed outright: Hearth runs as a desktop launcher starts it (its working
 * directory the home folder) with a "write anywhere" server in the real sandbox. This process
 * lists the home folder while the server runs, after a kill -9, and after the next start.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { createServerSandbox } from '../../electron/core/sandbox';
import { sandboxWorks } from '../support/sandboxHarness';
import { tempDir } from '../support/testHost';

const WORKER = join(import.meta.dirname, 'support', 'hearthInHome.ts');
/** tsx's loader by its path: the child runs in the home folder, where no package is found. */
const TSX = pathToFileURL(
  join(import.meta.dirname, '..', '..', 'node_modules', 'tsx', 'dist', 'loader.mjs'),
).href;

/** Every entry of the home folder, two levels down, as this process sees it on the disk. */
function listing(home: string): string[] {
  return (
    readdirSync(home, { recursive: true })
      .map(String)
      .filter((entry) => entry.split('/').length <= 2 && !entry.startsWith('.config/Hearth'))
      // What the server itself writes at start, as "write anywhere" lets it.
      .filter((entry) => entry !== 'planted.txt')
      .sort()
  );
}

describe.skipIf(!sandboxWorks)('stand-ins in the user’s folders', () => {
  it('none appear in the home Hearth was started in, and none are left after kill -9', async () => {
    const home = tempDir('standins-home');
    writeFileSync(join(home, '.profile'), '# mine\n');
    mkdirSync(join(home, 'Documents'));
    const dataDir = join(home, '.config', 'Hearth');
    mkdirSync(dataDir, { recursive: true });
    const before = listing(home);

    const hearth = spawn(process.execPath, ['--import', TSX, WORKER, dataDir, home], {
      cwd: home,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    const lines = createInterface({ input: hearth.stdout });
    // The first line, or nothing when it died first (the test then fails here, not by time).
    const first = await Promise.race([
      once(lines, 'line').then(([line]) => String(line)),
      once(hearth, 'exit').then(() => 'exited'),
    ]);
    expect(first).toBe('ready');
    const during = listing(home);
    // While the server runs: sandbox-runtime's stand-ins for its working directory are not in
    // the home (Hearth's own, for the home's missing start-up files, are meant and noted).
    for (const name of [
      '.bash_profile',
      '.gitmodules',
      '.vscode',
      '.idea',
      '.mcp.json',
      '.ripgreprc',
      '.claude',
    ])
      expect(during, name).not.toContain(name);

    // Killed outright, as a crash or the system would: no clean-up ran.
    process.kill(-(hearth.pid ?? 0), 'SIGKILL');
    await once(hearth, 'exit');
    // The next start clears what the killed run left.
    createServerSandbox({ dataDir, home, platform: process.platform });
    expect(listing(home)).toEqual(before);
  }, 120_000);
});
