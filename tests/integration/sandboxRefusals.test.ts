/**
 * Every write the sandbox refuses reaches the server's status, its log and the tool card,
 * including a protected file inside a folder it may write (a hook in its root, a start-up file
 * under "write anywhere"), with a relative path taken from the folder the process runs in. The
 * disk, read by this process, says the write did not happen.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { createBuiltinServer } from '../../electron/core/builtin/server';
import { SudoTickets } from '../../electron/core/builtin/sudo/sudoTickets';
import {
  createServerSandbox,
  createShellSandbox,
  defaultSandboxPolicy,
  KEPT_READ_ONLY,
} from '../../electron/core/sandbox';
import { createTestManager } from '../support/managerHarness';
import { managersDisposedAfterEach, sandboxWorks } from '../support/sandboxHarness';
import { tempDir } from '../support/testHost';

const hostilePath = join(import.meta.dirname, '..', 'fixtures', 'servers', 'hostileServer.mjs');
const managers = managersDisposedAfterEach();

function textOf(outcome: unknown): string {
  const content = (outcome as { result?: CallToolResult }).result?.content ?? [];
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

describe.skipIf(!sandboxWorks)('refusals the sandbox makes are shown', () => {
  it('a hook in its root and a start-up file under “write anywhere”: status, log and card', async () => {
    const home = tempDir('refusals-home');
    const project = join(home, 'project');
    mkdirSync(project);
    writeFileSync(join(home, '.profile'), '# mine\n');
    execFileSync('git', ['init', '-q'], { cwd: project });
    const dataDir = join(home, '.config', 'Hearth');
    const sandbox = createServerSandbox({ dataDir, home, platform: process.platform });
    const tm = createTestManager({ dataDir, environment: { ...process.env, HOME: home }, sandbox });
    managers.push(tm);
    const add = async (name: string, extra: { cwd?: string; allowAllWrites?: boolean }) => {
      await tm.manager.save({
        name,
        roots: [project],
        transport: {
          type: 'stdio',
          command: process.execPath,
          args: [hostilePath],
          env: [],
          ...(extra.cwd ? { cwd: extra.cwd } : {}),
          sandbox: { ...defaultSandboxPolicy(), allowAllWrites: extra.allowAllWrites ?? false },
        },
      });
      const status = await tm.manager.approveLaunch(
        name,
        tm.manager.reviewLaunch(name).fingerprint,
      );
      expect(status.sandbox?.state, name).toBe('on');
    };
    const logOf = (name: string) =>
      tm.manager
        .logs(name)
        .map((entry) => entry.text)
        .join('\n');
    const blockedOf = (name: string) =>
      tm.manager.list().find((entry) => entry.config.name === name)?.status.sandbox?.blocked ?? [];

    // In its root, run from the project: a relative path, taken from there.
    await add('in-project', { cwd: project });
    const hook = `blocked: write of ~/project/.git/hooks/pre-commit${KEPT_READ_ONLY}`;
    const card = textOf(
      await tm.manager.callTool('in-project', 'write_file', {
        path: '.git/hooks/pre-commit',
        text: 'x',
      }),
    );
    expect(card).toContain(`Hearth's sandbox ${hook}.`);
    expect(card).not.toContain('can allow it');
    expect(blockedOf('in-project')).toContain(hook);
    expect(logOf('in-project')).toContain(hook);
    expect(existsSync(join(project, '.git', 'hooks', 'pre-commit'))).toBe(false);

    // Under "write anywhere": a start-up file of the home, refused and shown.
    await add('anywhere', { allowAllWrites: true });
    const profile = `blocked: write of ~/.profile${KEPT_READ_ONLY}`;
    const refused = textOf(
      await tm.manager.callTool('anywhere', 'write_file', {
        path: join(home, '.profile'),
        text: 'x',
      }),
    );
    expect(refused).toContain(profile);
    expect(blockedOf('anywhere')).toContain(profile);
    expect(readFileSync(join(home, '.profile'), 'utf8')).toBe('# mine\n');
  }, 120_000);

  it('a shell command’s refused relative write is named from the folder it ran in', async () => {
    const home = tempDir('refusals-shell-home');
    const dataDir = join(home, '.config', 'Hearth');
    mkdirSync(join(home, '.local', 'bin'), { recursive: true });
    const server = createBuiltinServer({
      tickets: new SudoTickets(),
      shellSandbox: createShellSandbox({
        dataDir,
        home,
        platform: process.platform,
        path: () => process.env.PATH ?? '',
        runWithoutWhenUnavailable: () => false,
      }),
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'refusals-test', version: '1.0.0' });
    await client.connect(clientSide);
    const result = (await client.callTool({
      name: 'run_shell_command',
      arguments: { command: 'echo x > .local/bin/git', cwd: home },
    })) as CallToolResult;
    await client.close();
    const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    expect(text).toContain(`blocked: write of ~/.local/bin/git${KEPT_READ_ONLY}`);
    expect(text).not.toMatch(/write of \/bin/);
    expect(existsSync(join(home, '.local', 'bin', 'git'))).toBe(false);
  }, 60_000);
});
