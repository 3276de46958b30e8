/**
 * The built-in shell tool's commands in the real OS sandbox: a command writes in the folder it
 * runs in and in temp, not elsewhere, and never reads the secret places; the result says what was
 * blocked. A sudo command runs outside the sandbox, after its own approval (the fake sudo).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { SUDO_TICKET_META_KEY } from '../../electron/core/builtin/commands/shellTool';
import { createBuiltinServer } from '../../electron/core/builtin/server';
import { SudoTickets } from '../../electron/core/builtin/sudo/sudoTickets';
import { createShellSandbox, resetSandboxSession } from '../../electron/core/sandbox';
import { fakeSudoFolder } from '../support/fakeSudo';
import { tempDir } from '../support/testHost';

const sandboxWorks = process.platform === 'linux' && existsSync('/usr/bin/bwrap');

afterEach(() => vi.unstubAllEnvs());
afterAll(resetSandboxSession);

async function connect(path = process.env.PATH ?? '', runWithoutSandbox = false) {
  const home = tempDir('shell-home');
  mkdirSync(join(home, '.ssh'));
  writeFileSync(join(home, '.ssh', 'id_rsa'), 'CANARY-PRIVATE-KEY');
  const tickets = new SudoTickets();
  const server = createBuiltinServer({
    tickets,
    shellSandbox: createShellSandbox({
      dataDir: tempDir('shell-data'),
      home,
      platform: process.platform,
      path: () => path,
      runWithoutWhenUnavailable: () => runWithoutSandbox,
    }),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'shell-sandbox-test', version: '1.0.0' });
  await client.connect(clientSide);
  const run = async (command: string, cwd: string, ticket?: string) => {
    const result = (await client.callTool({
      name: 'run_shell_command',
      arguments: { command, cwd },
      ...(ticket ? { _meta: { [SUDO_TICKET_META_KEY]: ticket } } : {}),
    })) as CallToolResult;
    return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  };
  return { home, run, tickets };
}

describe.skipIf(!sandboxWorks)('the shell tool in the OS sandbox', () => {
  it('writes in its folder, not outside it, and cannot read the secret places', async () => {
    const { home, run } = await connect();
    const work = tempDir('shell-work');
    const inside = await run('echo made > inside.txt && cat inside.txt', work);
    expect(inside).toContain('Exit code: 0');
    expect(readFileSync(join(work, 'inside.txt'), 'utf8')).toBe('made\n');

    const outside = await run(`echo planted > ${join(home, 'planted.txt')}`, work);
    expect(outside).not.toContain('Exit code: 0');
    expect(existsSync(join(home, 'planted.txt'))).toBe(false);
    expect(outside).toContain('blocked: write of ~/planted.txt');

    const secret = await run(`cat ${join(home, '.ssh', 'id_rsa')}`, work);
    expect(secret).not.toContain('CANARY');
    expect(secret).toContain('blocked: read of ~/.ssh/id_rsa');
  }, 60_000);

  it('runs a sudo command outside the sandbox, after its own approval', async () => {
    const sudo = fakeSudoFolder({ password: 'pw' });
    vi.stubEnv('PATH', `${sudo}${delimiter}${process.env.PATH ?? ''}`);
    const { home, run, tickets } = await connect();
    const target = join(home, 'as-root.txt');
    const command = `sudo sh -c 'echo root > ${target}'`;
    const ticket = tickets.issue(command, 'pw');
    const text = await run(command, tempDir('shell-work'), ticket);
    expect(text).toContain('Exit code: 0');
    expect(readFileSync(target, 'utf8')).toBe('root\n');
  }, 60_000);

  it('without bubblewrap, says what is missing and does not run the command', async () => {
    const { run } = await connect('/nonexistent');
    const work = tempDir('shell-work');
    const text = await run('echo ran > ran.txt', work);
    expect(text).toContain('bubblewrap (bwrap)');
    expect(text).toContain('The command was not run.');
    expect(text).toContain('Settings › Chat');
    expect(existsSync(join(work, 'ran.txt'))).toBe(false);
  }, 30_000);

  it('without bubblewrap, runs the command unsandboxed only when Settings allow it, and says so', async () => {
    const { run } = await connect('/nonexistent', true);
    const work = tempDir('shell-work');
    const text = await run('echo ran > ran.txt', work);
    expect(text).toContain('Exit code: 0');
    expect(text).toContain("Ran without Hearth's sandbox");
    expect(text).toContain('bubblewrap (bwrap)');
    expect(readFileSync(join(work, 'ran.txt'), 'utf8')).toBe('ran\n');
  }, 30_000);
});
