import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBuiltinServer } from '../../electron/core/builtin/server';
import { SUDO_TICKET_META_KEY } from '../../electron/core/builtin/commands/shellTool';
import { SudoTickets } from '../../electron/core/builtin/sudo/sudoTickets';
import { fakeSudoFolder } from '../support/fakeSudo';

// The built-in server driven by the SDK's own Client over a linked in-memory pair, as the app
// connects it. The sudo path runs the fake sudo in tests/fixtures/fakeSudo, first on PATH.

const PASSWORD = 'Tr0ub4dor &3 "x" $y';

interface Connection {
  client: Client;
  server: McpServer;
  tickets: SudoTickets;
}

async function connect(platform?: NodeJS.Platform): Promise<Connection> {
  const tickets = new SudoTickets();
  const server = createBuiltinServer({ tickets, ...(platform ? { platform } : {}) });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'builtin-test', version: '1.0.0' });
  await client.connect(clientTransport);
  return { client, server, tickets };
}

async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  ticket?: string,
): Promise<{ text: string; isError: boolean }> {
  const result = (await client.callTool({
    name,
    arguments: args,
    ...(ticket === undefined ? {} : { _meta: { [SUDO_TICKET_META_KEY]: ticket } }),
  })) as CallToolResult;
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  return { text, isError: result.isError === true };
}

describe('Hearth’s own folders, to its own tools', () => {
  it('are refused to read_file, list_directory and run_shell_command, with a message', async () => {
    const data = await realpath(await mkdtemp(join(tmpdir(), 'hearth-data-')));
    const elsewhere = await realpath(await mkdtemp(join(tmpdir(), 'hearth-else-')));
    await writeFile(join(data, 'servers.json'), '{"servers":[]}');
    await writeFile(join(elsewhere, 'notes.txt'), 'plain notes');
    const tickets = new SudoTickets();
    const server = createBuiltinServer({ tickets, protectedFolders: [data] });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    const client = new Client({ name: 'builtin-test', version: '1.0.0' });
    await client.connect(clientTransport);
    try {
      for (const [tool, args] of [
        ['read_file', { path: join(data, 'servers.json') }],
        ['list_directory', { path: data }],
        ['run_shell_command', { command: `cat ${data}/servers.json` }],
        ['run_shell_command', { command: 'cat servers.json', cwd: data }],
      ] as const) {
        const result = await call(client, tool, args);
        expect(result.isError, tool).toBe(true);
        expect(result.text).toMatch(/is Hearth's own data .* may not read or change/);
        expect(result.text).not.toContain('"servers"');
      }
      expect((await call(client, 'read_file', { path: join(elsewhere, 'notes.txt') })).text).toBe(
        'plain notes',
      );
    } finally {
      await client.close();
      await server.close();
      await rm(data, { recursive: true, force: true });
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('built-in server', () => {
  let connection: Connection;
  let folder: string;

  beforeEach(async () => {
    connection = await connect();
    folder = await realpath(await mkdtemp(join(tmpdir(), 'hearth-builtin-')));
  });

  afterEach(async () => {
    vi.unstubAllEnvs();
    await connection.client.close();
    await connection.server.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('introduces itself as hearth-builtin and lists its four tools with honest hints', async () => {
    expect(connection.client.getServerVersion()?.name).toBe('hearth-builtin');
    const { tools } = await connection.client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect([...byName.keys()].sort()).toEqual([
      'list_directory',
      'read_file',
      'run_shell_command',
      'system_info',
    ]);
    expect(byName.get('run_shell_command')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    for (const name of ['read_file', 'list_directory', 'system_info']) {
      expect(byName.get(name)?.annotations).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
      });
    }
    const shell = byName.get('run_shell_command');
    expect(shell?.description).toContain('sudo');
    expect(shell?.inputSchema.required).toEqual(['command']);
    const properties = shell?.inputSchema.properties as Record<
      string,
      { description?: string; maximum?: number }
    >;
    expect(properties.command?.description).toBeTruthy();
    expect(properties.timeout_seconds?.maximum).toBe(600);
  });

  it('runs a command and labels its exit code, stdout and stderr', async () => {
    const ok = await call(connection.client, 'run_shell_command', {
      command: 'echo hello; echo warn >&2',
      cwd: folder,
    });
    expect(ok).toEqual({ text: 'Exit code: 0\nstdout:\nhello\nstderr:\nwarn', isError: false });
    const failed = await call(connection.client, 'run_shell_command', {
      command: 'pwd; exit 4',
      cwd: folder,
    });
    expect(failed.isError).toBe(true);
    expect(failed.text).toBe(`Exit code: 4\nstdout:\n${folder}\nstderr:\n(empty)`);
  });

  it('notes a timeout, and refuses a folder that does not exist', async () => {
    const slow = await call(connection.client, 'run_shell_command', {
      command: 'sleep 5',
      timeout_seconds: 1,
    });
    expect(slow.isError).toBe(true);
    expect(slow.text).toContain('ran longer than 1 seconds and was stopped');
    const nowhere = await call(connection.client, 'run_shell_command', {
      command: 'ls',
      cwd: join(folder, 'nope'),
    });
    expect(nowhere.isError).toBe(true);
    expect(nowhere.text).toContain('was not run');
  });

  it('rejects a timeout above the maximum', async () => {
    const result = await call(connection.client, 'run_shell_command', {
      command: 'true',
      timeout_seconds: 601,
    });
    expect(result.isError).toBe(true);
  });

  it('reads a file and lists a folder', async () => {
    await writeFile(join(folder, 'notes.txt'), 'line one\nline two\n');
    await writeFile(join(folder, 'blob.bin'), Buffer.from([0, 1, 2, 3]));
    await mkdir(join(folder, 'sub'));
    expect(await call(connection.client, 'read_file', { path: join(folder, 'notes.txt') })).toEqual(
      {
        text: 'line one\nline two\n',
        isError: false,
      },
    );
    const cut = await call(connection.client, 'read_file', {
      path: join(folder, 'notes.txt'),
      max_bytes: 4,
    });
    expect(cut.text).toMatch(/^line\n\[Only the first 4 bytes of 18 are shown/);
    const binary = await call(connection.client, 'read_file', { path: join(folder, 'blob.bin') });
    expect(binary).toMatchObject({ isError: true });
    expect(binary.text).toContain('binary file');
    const listing = await call(connection.client, 'list_directory', { path: folder });
    expect(listing.text.split('\n').slice(1)).toEqual([
      'sub\tdirectory\t-',
      'blob.bin\tfile\t4',
      'notes.txt\tfile\t18',
    ]);
  });

  it('describes the system', async () => {
    const { text, isError } = await call(connection.client, 'system_info', {});
    expect(isError).toBe(false);
    for (const label of [
      'Operating system:',
      'Architecture:',
      'Hostname:',
      'CPU:',
      'Load average',
      'Memory:',
      'Disk (/):',
      'Uptime:',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain(process.version);
    expect(text).toMatch(/Disk \(\/\): \d+\.\d GiB total, \d+\.\d GiB free/);
  });

  describe.skipIf(process.platform === 'win32')('sudo', () => {
    let argvLog: string;
    let stdinLog: string;

    beforeEach(() => {
      argvLog = join(folder, 'argv');
      stdinLog = join(folder, 'stdin');
      const sudo = fakeSudoFolder({ password: PASSWORD, log: argvLog, stdin: stdinLog });
      vi.stubEnv('PATH', `${sudo}${delimiter}${process.env.PATH ?? ''}`);
      // A secret in Hearth's own environment, which a command run as root must not get.
      vi.stubEnv('HEARTH_TEST_API_TOKEN', 'token-canary-5512');
    });

    it("runs an approved command with its ticket; the password reaches only sudo's stdin", async () => {
      const command = 'sudo env; echo "stdin after the password: [$(cat)]"';
      const ticket = connection.tickets.issue(command, PASSWORD);
      const result = await call(connection.client, 'run_shell_command', { command }, ticket);

      expect(result.isError).toBe(false);
      expect(result.text).toContain('FAKE_SUDO_ROOT=1');
      expect(result.text).toContain('stdin after the password: []');
      expect(result.text).not.toContain(PASSWORD);
      expect(result.text).not.toContain('FAKE_SUDO_PASSWORD');
      expect(result.text).not.toContain('token-canary-5512');
      expect(result.text).toMatch(/^PATH=/m);
      expect(await readFile(stdinLog, 'utf8')).toBe(`${PASSWORD}\n`);
      const argv = await readFile(argvLog, 'utf8');
      expect(argv).toBe(`[-k] [-S] [-p] [] [--] [/bin/sh] [-c] [${command}] \n`);
      expect(argv).not.toContain(PASSWORD);
      expect(connection.tickets.size).toBe(0);
    });

    it('does not run the command again with a used ticket', async () => {
      const command = 'sudo true';
      const ticket = connection.tickets.issue(command, PASSWORD);
      expect(
        (await call(connection.client, 'run_shell_command', { command }, ticket)).isError,
      ).toBe(false);
      await rm(argvLog);
      const again = await call(connection.client, 'run_shell_command', { command }, ticket);
      expect(again.isError).toBe(true);
      expect(again.text).toContain("needs the user's password");
      expect(existsSync(argvLog)).toBe(false);
    });

    it('reports a wrong password once, without retrying', async () => {
      const command = 'sudo echo should-not-run';
      const ticket = connection.tickets.issue(command, 'not the password');
      const result = await call(connection.client, 'run_shell_command', { command }, ticket);
      expect(result.isError).toBe(true);
      expect(result.text).toContain('password was wrong');
      expect(result.text).toContain('not retried');
      expect(result.text).not.toContain('should-not-run\n');
      expect(await readFile(stdinLog, 'utf8')).toBe('not the password\n');
    });

    it('does not run an escalating command without a ticket', async () => {
      const result = await call(connection.client, 'run_shell_command', {
        command: 'cd /tmp && sudo ls',
      });
      expect(result.isError).toBe(true);
      expect(result.text).toContain("uses sudo, so it needs the user's password");
      expect(result.text).toContain('It was not run');
      expect(existsSync(argvLog)).toBe(false);
    });

    it('does not run a command its ticket was not issued for, and burns the ticket', async () => {
      const ticket = connection.tickets.issue('sudo true', PASSWORD);
      const result = await call(
        connection.client,
        'run_shell_command',
        { command: 'sudo id' },
        ticket,
      );
      expect(result.isError).toBe(true);
      expect(existsSync(argvLog)).toBe(false);
      expect(connection.tickets.redeem(ticket, 'sudo true')).toBeUndefined();
    });

    it('refuses a command that pipes its own password to sudo, even with a ticket', async () => {
      const command = `echo '${PASSWORD}' | sudo -S ls`;
      const ticket = connection.tickets.issue(command, PASSWORD);
      const result = await call(connection.client, 'run_shell_command', { command }, ticket);
      expect(result.isError).toBe(true);
      expect(result.text).toContain('Refused');
      expect(result.text).toContain('was not run');
      expect(existsSync(argvLog)).toBe(false);
    });
  });

  it('refuses escalation on Windows, where it cannot supply a password', async () => {
    const windows = await connect('win32');
    try {
      const ticket = windows.tickets.issue('sudo ls', PASSWORD);
      const result = await call(
        windows.client,
        'run_shell_command',
        { command: 'sudo ls' },
        ticket,
      );
      expect(result.isError).toBe(true);
      expect(result.text).toContain('cannot run on Windows');
    } finally {
      await windows.client.close();
      await windows.server.close();
    }
  });
});
