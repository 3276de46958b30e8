/**
 * What a sandboxed start costs in processes before the server's own: the library's scan for files
 * to keep read-only below Hearth's working directory ran ripgrep on every wrap (a fork of Hearth's
 * whole process). Hearth wraps in a folder of its own with nothing below it, so the scan is
 * skipped (depth 0, patches/); the working folder's own names are still covered. Judged by a
 * ripgrep on the launch's PATH that leaves a mark when it runs, and by the real start.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createServerSandbox,
  defaultSandboxPolicy,
  resetSandboxSession,
} from '../../electron/core/sandbox';
import { minimalEnvironment } from '../../electron/core/security/minimalEnvironment';
import { fixtureCommand } from '../support/mcpFixtures';
import { sandboxWorks } from '../support/sandboxHarness';
import { tempDir } from '../support/testHost';

afterAll(resetSandboxSession);

/** A folder whose `rg` marks each run, then is the real ripgrep. */
function markingRipgrep(): { folder: string; mark: string } {
  const folder = tempDir('wrap-rg');
  const mark = join(tempDir('wrap-rg-mark'), 'ran');
  const realRg = ['/usr/bin/rg', '/bin/rg'].find((path) => existsSync(path)) ?? 'rg';
  writeFileSync(join(folder, 'rg'), `#!/bin/sh\necho ran >> '${mark}'\nexec ${realRg} "$@"\n`);
  chmodSync(join(folder, 'rg'), 0o755);
  return { folder, mark };
}

describe.skipIf(!sandboxWorks)('a sandboxed start', () => {
  it('runs no ripgrep scan, and the server still starts, answers, and nothing appears in the home', async () => {
    const rg = markingRipgrep();
    const home = tempDir('wrap-home');
    const sandbox = createServerSandbox({ dataDir: tempDir('wrap-data'), home, platform: 'linux' });
    const command = fixtureCommand(['--tools=echo']);
    const env = minimalEnvironment(process.env) as Record<string, string>;
    env.PATH = `${rg.folder}:${env.PATH ?? '/usr/bin:/bin'}`;
    const prepared = await sandbox.prepare({
      serverName: 'wrapped',
      transport: {
        type: 'stdio',
        command: command.command,
        args: command.args,
        env: [],
        sandbox: defaultSandboxPolicy(),
      },
      roots: [],
      launch: { file: command.command, args: command.args, env },
      log: () => undefined,
    });
    try {
      expect(sandbox.report('wrapped')?.state).toBe('on');
      const { file, args, env: wrappedEnv, cwd } = prepared.launch;
      const child = spawn(file, args, { env: wrappedEnv, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
      const reply = new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('\n')) resolve(text);
        });
        child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
      });
      child.stdin.write(
        `${JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'test', version: '1' },
          },
        })}\n`,
      );
      expect(JSON.parse(await reply)).toMatchObject({ id: 1, result: { serverInfo: {} } });
      child.kill();
      await new Promise((resolve) => child.once('exit', resolve));
    } finally {
      prepared.release();
    }
    expect(existsSync(rg.mark)).toBe(false);
    // Nothing appeared in the home (the scan's stand-ins live in Hearth's own working folder).
    expect(readdirSync(home).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});
