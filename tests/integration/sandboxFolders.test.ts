/**
 * A sandboxed server's own folder (where its launcher's cache, the code it runs at its next
 * start, lives) belongs to that server alone: not to a server whose name differs only in
 * punctuation, not to the shell tool, not to a server that later takes its old name. Real
 * servers in the real OS sandbox write into their folders; the verdict is read from the disk by
 * this process.
 */
import { existsSync, readdirSync } from 'node:fs';
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
} from '../../electron/core/sandbox';
import { createTestManager } from '../support/managerHarness';
import { managersDisposedAfterEach, sandboxWorks } from '../support/sandboxHarness';
import { tempDir } from '../support/testHost';

const hostilePath = join(import.meta.dirname, '..', 'fixtures', 'servers', 'hostileServer.mjs');
const managers = managersDisposedAfterEach();

/** Every file of that name anywhere below `folder`, as this process finds them on the disk. */
function filesNamed(folder: string, name: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === name)
    .map((entry) => join(entry.parentPath, entry.name));
}

describe.skipIf(!sandboxWorks)('a sandboxed server’s own folder is its own', () => {
  it('names alike, the shell tool, a rename and a delete share no folder', async () => {
    const home = tempDir('folders-home');
    const dataDir = join(home, '.config', 'Hearth');
    const sandbox = createServerSandbox({ dataDir, home, platform: process.platform });
    const tm = createTestManager({ dataDir, environment: { ...process.env, HOME: home }, sandbox });
    managers.push(tm);
    const add = async (name: string) => {
      await tm.manager.save({
        name,
        transport: {
          type: 'stdio',
          command: process.execPath,
          args: [hostilePath],
          env: [],
          sandbox: defaultSandboxPolicy(),
        },
      });
      const review = tm.manager.reviewLaunch(name);
      const status = await tm.manager.approveLaunch(name, review.fingerprint);
      expect(status.state, name).toBe('ready');
      expect(status.sandbox?.state).toBe('on');
    };
    const folderOf = (name: string) => {
      const transport = tm.manager.store.get(name)?.transport;
      if (transport?.type !== 'stdio') throw new Error(`no stdio server ${name}`);
      return sandbox.resolve(name, transport, [], process.env)?.ownFolder ?? '';
    };
    // A relative path is written in the folder the server runs in: its own.
    const plant = async (server: string, file: string) => {
      const result = await tm.manager.callTool(server, 'write_file', { path: file, text: 'x' });
      expect(JSON.stringify(result), server).toContain('wrote');
    };

    await add('cache victim');
    await add('cache-victim');
    await add('shell');
    await plant('cache-victim', 'planted.js');
    expect(filesNamed(dataDir, 'planted.js')).toEqual([
      join(folderOf('cache-victim'), 'planted.js'),
    ]);
    expect(filesNamed(folderOf('cache victim'), 'planted.js')).toEqual([]);

    // A shell command writes into the shell tool's own folder: a server named "shell" never runs it.
    const shellTool = createBuiltinServer({
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
    await shellTool.connect(serverSide);
    const client = new Client({ name: 'folders-test', version: '1.0.0' });
    await client.connect(clientSide);
    // The shell's command names the server's folder outright (a model could guess its place).
    const target = folderOf('shell');
    const result = (await client.callTool({
      name: 'run_shell_command',
      arguments: {
        command: `mkdir -p '${target}' && echo x > '${target}/shell-planted.js'`,
        cwd: home,
      },
    })) as CallToolResult;
    expect(result.content[0]?.type).toBe('text');
    await client.close();
    expect(filesNamed(folderOf('shell'), 'shell-planted.js')).toEqual([]);

    // Renamed, a server keeps its folder; its old name, given to a new server, gets a fresh one.
    const before = folderOf('cache-victim');
    const config = tm.manager.store.get('cache-victim');
    if (!config) throw new Error('cache-victim is gone');
    await tm.manager.save({ ...config, name: 'renamed' }, 'cache-victim');
    expect(folderOf('renamed')).toBe(before);
    await add('cache-victim');
    expect(filesNamed(folderOf('cache-victim'), 'planted.js')).toEqual([]);

    // Deleting one server clears its folder only.
    await tm.manager.delete('cache victim');
    await tm.manager.delete('cache-victim');
    expect(filesNamed(dataDir, 'planted.js')).toEqual([join(before, 'planted.js')]);
  }, 120_000);
});
