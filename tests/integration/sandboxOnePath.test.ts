/**
 * Servers and shell commands run with one PATH, the login shell's, read once at start; the
 * folders on it are what the sandbox keeps read-only for both. A folder only the login shell
 * puts on PATH (`~/go/bin` from `~/.bash_profile`) is not writable from a shell command run in
 * the home folder: the user's next terminal, which runs what is there, finds nothing planted.
 * The whole core runs (as the browser host starts it); the verdict is read from the disk and by
 * a login shell run outside the sandbox.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSandboxSession } from '../../electron/core/sandbox';
import { startTestHost, tempDir, type TestHost } from '../support/testHost';
import { sandboxWorks } from '../support/sandboxHarness';

let host: TestHost | undefined;
afterEach(async () => {
  await host?.core.dispose();
  await host?.close();
  host = undefined;
  vi.unstubAllEnvs();
  await resetSandboxSession();
});

function textOf(result: unknown): string {
  const content = (result as { result?: { content?: { type: string; text?: string }[] } }).result
    ?.content;
  return (content ?? []).map((part) => part.text ?? '').join('\n');
}

describe.skipIf(!sandboxWorks)('one PATH for servers and shell commands', () => {
  it('a folder on the login shell’s PATH only is not writable from a shell command in the home', async () => {
    const home = tempDir('one-path-home');
    const marker = join(tempDir('one-path-marker'), 'ran');
    mkdirSync(join(home, 'go', 'bin'), { recursive: true });
    writeFileSync(join(home, '.bash_profile'), 'export PATH="$HOME/go/bin:$PATH"\n');
    // Hearth as a desktop launcher starts it: the home is the user's, the PATH the desktop's.
    vi.stubEnv('HOME', home);
    host = await startTestHost({ environment: { ...process.env, HOME: home, SHELL: '/bin/bash' } });
    await host.core.start();
    const plant = [
      `printf '#!/bin/sh\\necho ran > ${marker}\\n' > go/bin/gopls`,
      'chmod +x go/bin/gopls',
    ].join(' ; ');
    const result = await host.core.mcp.callTool('hearth', 'run_shell_command', {
      command: plant,
      cwd: home,
    });
    expect(textOf(result)).toMatch(/Exit code: [1-9]/);
    expect(existsSync(join(home, 'go', 'bin', 'gopls'))).toBe(false);
    // The user's terminal, outside the sandbox, runs what its PATH finds: nothing of the command's.
    try {
      execFileSync('/bin/bash', ['-ilc', 'gopls'], {
        env: { ...process.env, HOME: home },
        stdio: 'ignore',
      });
    } catch {
      // Not found: what should happen.
    }
    expect(existsSync(marker)).toBe(false);
  }, 120_000);

  it('a folder on the login PATH that does not exist yet cannot be made, and nothing is left for it', async () => {
    const home = tempDir('one-path-missing-home');
    const marker = join(tempDir('one-path-missing-marker'), 'ran');
    // Go is installed, its bin folder not made yet (`go install` makes it): the login PATH names it.
    mkdirSync(join(home, 'go', 'pkg'), { recursive: true });
    writeFileSync(join(home, '.bash_profile'), 'export PATH="$HOME/go/bin:$PATH"\n');
    vi.stubEnv('HOME', home);
    host = await startTestHost({ environment: { ...process.env, HOME: home, SHELL: '/bin/bash' } });
    await host.core.start();
    const plant = [
      'mkdir -p go/bin',
      `printf '#!/bin/sh\\necho ran > ${marker}\\n' > go/bin/gopls`,
      'chmod +x go/bin/gopls',
    ].join(' ; ');
    const result = await host.core.mcp.callTool('hearth', 'run_shell_command', {
      command: plant,
      cwd: home,
    });
    expect(textOf(result)).toMatch(/Exit code: [1-9]/);
    await host.core.dispose();
    // From outside, after the run: no planted program, and no stand-in where the folder will go.
    expect(existsSync(join(home, 'go', 'bin'))).toBe(false);
    try {
      execFileSync('/bin/bash', ['-ilc', 'gopls'], {
        env: { ...process.env, HOME: home },
        stdio: 'ignore',
      });
    } catch {
      // Not found: what should happen.
    }
    expect(existsSync(marker)).toBe(false);
  }, 120_000);
});
