/**
 * Stdio servers in the real OS sandbox (bubblewrap and socat through sandbox-runtime): a hostile
 * server's reads of secrets, writes outside its folders and connections it was not given are
 * refused and reported, while its allowed work succeeds; the reference servers work sandboxed;
 * without bubblewrap on PATH a sandboxed server does not start until the user agrees.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createServerSandbox,
  defaultSandboxPolicy,
  openServerFolders,
  resetSandboxSession,
  type ServerSandbox,
} from '../../electron/core/sandbox';
import type { ServerConfigInput } from '../../preload/schemas/servers';
import { createTestManager, eventually, type TestManager } from '../support/managerHarness';
import { everythingStdio, filesystemServer } from '../support/mcpFixtures';
import { tempDir } from '../support/testHost';

const hostilePath = join(import.meta.dirname, '..', 'fixtures', 'servers', 'hostileServer.mjs');
const sandboxWorks = process.platform === 'linux' && existsSync('/usr/bin/bwrap');

interface Setup {
  tm: TestManager;
  home: string;
  sandbox: ServerSandbox;
}

const managers: TestManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((tm) => tm.manager.dispose()));
});
afterAll(resetSandboxSession);

function setup(environment: NodeJS.ProcessEnv = process.env): Setup {
  const home = tempDir('sandbox-home');
  mkdirSync(join(home, '.ssh'));
  writeFileSync(join(home, '.ssh', 'id_rsa'), 'CANARY-PRIVATE-KEY');
  const dataDir = tempDir('sandbox-data');
  const sandbox = createServerSandbox({
    dataDir,
    home,
    // A temp folder of the test's own, so the fake home (also under /tmp) is outside it.
    platform: process.platform,
  });
  const tm = createTestManager({
    dataDir,
    environment: { ...environment, HOME: home },
    sandbox,
  });
  managers.push(tm);
  return { tm, home, sandbox };
}

async function addSandboxed(
  tm: TestManager,
  input: Omit<ServerConfigInput, 'transport'> & {
    command: string;
    args: string[];
    env?: { name: string; value: string }[];
  },
  hosts: string[] = [],
) {
  const { command, args, env = [], ...rest } = input;
  await tm.manager.save({
    ...rest,
    transport: { type: 'stdio', command, args, env, sandbox: defaultSandboxPolicy(hosts) },
  });
  const review = tm.manager.reviewLaunch(input.name);
  return tm.manager.approveLaunch(input.name, review.fingerprint);
}

function logText(tm: TestManager, name: string): string {
  return tm.manager
    .logs(name)
    .map((entry) => entry.text)
    .join('\n');
}

function text(outcome: unknown): string {
  const result = (outcome as { result?: { content?: { text?: string }[] } }).result;
  return JSON.stringify(result?.content ?? outcome);
}

describe.skipIf(!sandboxWorks)('stdio servers in the OS sandbox', () => {
  let loopback: Server;
  let port = 0;
  beforeAll(async () => {
    loopback = createServer((socket) => socket.end('hello'));
    await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.1', resolve));
    port = (loopback.address() as { port: number }).port;
    return () => void loopback.close();
  });

  it('refuses and reports the hostile server’s reads, writes and connections, and lets its own work through', async () => {
    const { tm, home, sandbox } = setup();
    const status = await addSandboxed(tm, {
      name: 'hostile',
      command: process.execPath,
      args: [hostilePath],
      env: [{ name: 'HOSTILE_PORT', value: String(port) }],
    });
    expect(status.state).toBe('ready');
    expect(status.sandbox?.state).toBe('on');
    // The approval showed what it may reach: no secret place, its own folders, no host.
    const review = tm.manager.reviewLaunch('hostile');
    expect(review.sandbox?.state).toBe('on');
    expect(review.sandbox?.hidden).toContain(join(home, '.ssh'));
    const ownFolder = openServerFolders(tm.dataDir).existing('hostile') ?? '';
    expect(ownFolder.startsWith(join(tm.dataDir, 'sandboxes'))).toBe(true);
    expect(review.sandbox?.writable).toContain(ownFolder);
    expect(review.sandbox?.hosts).toEqual([]);

    await eventually(() => (sandbox.report('hostile')?.blocked.length ?? 0) >= 3);
    const log = logText(tm, 'hostile');
    expect(log).not.toContain('CANARY');
    expect(log).toContain('blocked: read of ~/.ssh/id_rsa');
    expect(log).toContain('blocked: write of ~/planted.txt');
    expect(log).toContain(`blocked: connection to 127.0.0.1:${port}`);
    expect(existsSync(join(home, 'planted.txt'))).toBe(false);

    // The same refusals on demand, through its tools.
    const key = await tm.manager.callTool('hostile', 'read_file', {
      path: join(home, '.ssh', 'id_rsa'),
    });
    expect(text(key)).not.toContain('CANARY');
    // Its card (and the model) learn the refusal was the sandbox's.
    expect(text(key)).toContain("Hearth's sandbox blocked: read of ~/.ssh/id_rsa");
    // A host it was not given: with no host of its own, Node's fetch does not use the proxy and
    // its name lookup fails in the sandbox's empty network, which is reported by name.
    const fetched = await tm.manager.callTool('hostile', 'fetch_url', {
      url: 'http://example.invalid/',
    });
    expect(text(fetched)).not.toContain('HTTP 200');
    await eventually(() =>
      logText(tm, 'hostile').includes('blocked: connection to example.invalid'),
    );

    // Its allowed work: a file in its own folder under Hearth's data.
    const own = join(openServerFolders(tm.dataDir).existing('hostile') ?? '', 'notes.txt');
    const wrote = await tm.manager.callTool('hostile', 'write_file', { path: own, text: 'mine' });
    expect(text(wrote)).toContain(`wrote ${own}`);
    expect(readFileSync(own, 'utf8')).toBe('mine');
    // The status the Servers view shows carries the blocks for its badge.
    const listed = tm.manager.list().find((entry) => entry.config.name === 'hostile');
    expect(listed?.status.sandbox?.blocked).toEqual(
      expect.arrayContaining(['blocked: read of ~/.ssh/id_rsa']),
    );
  }, 60_000);

  it('a server given hosts of its own reaches out through the proxy, which refuses the others', async () => {
    const { tm } = setup();
    const status = await addSandboxed(
      tm,
      { name: 'hostile', command: process.execPath, args: [hostilePath] },
      ['api.example.com'],
    );
    expect(status.state).toBe('ready');
    const fetched = await tm.manager.callTool('hostile', 'fetch_url', {
      url: 'http://example.invalid/',
    });
    expect(text(fetched)).not.toContain('HTTP 200');
    // Refused by the proxy, so the port is known.
    await eventually(() =>
      logText(tm, 'hostile').includes('blocked: connection to example.invalid:80'),
    );
  }, 60_000);

  it('“allow this folder” lets the server read it after a restart, still approved', async () => {
    const { tm } = setup();
    await addSandboxed(tm, { name: 'hostile', command: process.execPath, args: [hostilePath] });
    await eventually(() => logText(tm, 'hostile').includes('blocked: read of ~/.ssh/id_rsa'));
    const entry = await tm.manager.allowBlocked('hostile', 'blocked: read of ~/.ssh/id_rsa');
    expect(
      entry.config.transport.type === 'stdio' && entry.config.transport.sandbox?.allowRead,
    ).toEqual(['~/.ssh']);
    expect(entry.status.consent).toBe('approved');
    await tm.waitForState('hostile', 'ready');
    await eventually(() => logText(tm, 'hostile').includes('steal key: ok CANARY-PRIVATE-KEY'));
    // A host the same way: added to its list.
    const withHost = await tm.manager.allowBlocked(
      'hostile',
      'blocked: connection to api.example.com:443',
    );
    expect(
      withHost.config.transport.type === 'stdio' && withHost.config.transport.sandbox?.allowHosts,
    ).toEqual(['api.example.com:443']);
  }, 60_000);

  it('runs the reference filesystem server sandboxed in the folder it was given', async () => {
    const { tm } = setup();
    const root = tempDir('sandbox-root');
    writeFileSync(join(root, 'notes.txt'), 'hello');
    const { command, args } = filesystemServer(root);
    const status = await addSandboxed(tm, { name: 'files', roots: [root], command, args });
    expect(status.state).toBe('ready');
    expect(status.sandbox?.state).toBe('on');
    const listed = await tm.manager.callTool('files', 'list_directory', { path: root });
    expect(text(listed)).toContain('notes.txt');
    const written = await tm.manager.callTool('files', 'write_file', {
      path: join(root, 'new.txt'),
      content: 'from the sandbox',
    });
    expect(text(written)).not.toMatch(/error/i);
    expect(readFileSync(join(root, 'new.txt'), 'utf8')).toBe('from the sandbox');
  }, 60_000);

  it('runs the reference everything server sandboxed', async () => {
    const { tm } = setup();
    const { command, args } = everythingStdio();
    const status = await addSandboxed(tm, { name: 'everything', command, args });
    expect(status.state).toBe('ready');
    expect(status.sandbox?.state).toBe('on');
    const echoed = await tm.manager.callTool('everything', 'echo', { message: 'boxed' });
    expect(text(echoed)).toContain('Echo: boxed');
  }, 60_000);

  it('without bubblewrap on PATH, says what is missing and starts only once the user agrees', async () => {
    const path = tempDir('sandbox-path');
    // PATH with node only: no bwrap, socat or rg.
    writeFileSync(join(path, 'node'), `#!/bin/sh\nexec "${process.execPath}" "$@"\n`, {
      mode: 0o755,
    });
    const { tm, sandbox } = setup({ ...process.env, PATH: path });
    const status = await addSandboxed(tm, {
      name: 'boxless',
      command: 'node',
      args: [hostilePath],
    });
    expect(status.state).toBe('error');
    expect(status.error).toContain('bubblewrap (bwrap)');
    expect(status.error).toContain('apt install bubblewrap socat ripgrep');
    expect(status.sandbox?.state).toBe('unavailable');
    expect(status.pid).toBeUndefined();

    sandbox.allowUnsandboxedOnce('boxless');
    const agreed = await tm.manager.start('boxless');
    expect(agreed.state).toBe('ready');
    expect(agreed.sandbox?.state).toBe('unsandboxed');
    expect(logText(tm, 'boxless')).toContain('Running WITHOUT the sandbox, as you agreed');

    // "Always": kept in its policy, still approved, and it starts without asking again.
    await tm.manager.stop('boxless');
    const always = await tm.manager.runUnsandboxed('boxless', true);
    expect(always.consent).toBe('approved');
    const stored = tm.manager.list().find((entry) => entry.config.name === 'boxless')?.config;
    expect(
      stored?.transport.type === 'stdio' && stored.transport.sandbox?.unsandboxedWhenUnavailable,
    ).toBe(true);
    await tm.manager.stop('boxless');
    expect((await tm.manager.start('boxless')).state).toBe('ready');
  }, 60_000);
});

describe('a host without the sandbox service', () => {
  it('refuses to start a server meant for the sandbox instead of running it unsandboxed', async () => {
    // No sandbox given: the manager a test or another host might build by mistake.
    const tm = createTestManager({ dataDir: tempDir('sandbox-none') });
    managers.push(tm);
    const status = await addSandboxed(tm, {
      name: 'meant-boxed',
      command: process.execPath,
      args: [hostilePath],
    });
    expect(status.state).toBe('error');
    expect(status.error).toContain('meant to run in the OS sandbox');
    expect(status.pid).toBeUndefined();
    expect(logText(tm, 'meant-boxed')).not.toContain('Running WITHOUT the sandbox');

    // The same server with its sandbox off starts as it is.
    const stored = tm.manager.list().find((entry) => entry.config.name === 'meant-boxed')?.config;
    if (stored?.transport.type !== 'stdio') throw new Error('expected a stdio server');
    await tm.manager.save(
      {
        ...stored,
        transport: {
          ...stored.transport,
          sandbox: { ...defaultSandboxPolicy(), enabled: false },
        },
      },
      'meant-boxed',
    );
    const review = tm.manager.reviewLaunch('meant-boxed');
    expect((await tm.manager.approveLaunch('meant-boxed', review.fingerprint)).state).toBe('ready');
  }, 60_000);
});
