import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_LOG_CHARS } from '../../electron/core/mcp/fromServer/serverLog';
import {
  createTestManager,
  eventually,
  isAlive,
  type TestManager,
} from '../support/managerHarness';
import {
  everythingStdio,
  filesystemServer,
  fixtureCommand,
  memoryServer,
} from '../support/mcpFixtures';
import { tempDir } from '../support/testHost';

// The manager's lifecycle against real child processes: fixture servers for what the reference
// servers cannot show (crashes, hangs, junk, floods), the reference ones for the rest.
let harness: TestManager | undefined;
afterEach(async () => {
  await harness?.manager.dispose();
  harness = undefined;
});

/** The pid of the grandchild the server started most recently. */
const grandchildPid = (h: TestManager, name: string) =>
  Number(
    [
      ...h.manager
        .logs(name)
        .map((entry) => entry.text)
        .join('\n')
        .matchAll(/grandchild-pid=(\d+)/g),
    ].at(-1)?.[1],
  );

describe('starting servers', () => {
  it('starts ten servers at once: eight ready, two broken with clear errors, one catalog', async () => {
    harness = createTestManager();
    const root = tempDir('files');
    const good = [
      ['alpha', fixtureCommand(['--name=alpha', '--tools=echo,add', '--init-delay=300'])],
      ['beta', fixtureCommand(['--name=beta', '--tools=search', '--junk-stdout'])],
      ['gamma', fixtureCommand(['--name=gamma', '--many-tools=5'])],
      ['delta', fixtureCommand(['--name=delta', '--tools=progress,slow'])],
      ['everything', everythingStdio()],
      ['files', filesystemServer(root)],
      ['memory', memoryServer(join(root, 'memory.jsonl'))],
      ['epsilon', fixtureCommand(['--name=epsilon', '--tools=mixed'])],
    ] as const;
    const broken = [
      ['missing', { command: 'hearth-no-such-command', args: [] }],
      ['dies', fixtureCommand(['--exit-at-start=3'])],
    ] as const;
    for (const [name, command] of [...good, ...broken]) {
      await harness.manager.save({
        name,
        enabled: false,
        transport: { type: 'stdio', command: command.command, args: [...command.args] },
      });
      const review = harness.manager.reviewLaunch(name);
      await harness.manager.approveLaunch(name, review.fingerprint);
      await harness.manager.setEnabled(name, true).catch(() => undefined);
      await harness.manager.stop(name);
    }
    await harness.manager.startAll();
    const states = Object.fromEntries(
      harness.manager.list().map((entry) => [entry.config.name, entry.status]),
    );
    for (const [name] of good) expect(states[name]?.state, name).toBe('ready');
    expect(states.missing).toMatchObject({ state: 'error' });
    expect(states.missing?.error).toMatch(
      /could not find the command “hearth-no-such-command”.*PATH/s,
    );
    expect(states.dies).toMatchObject({ state: 'error' });
    expect(states.dies?.error).toMatch(/exited with code 3 during start-up/);
    const servers = new Set(harness.manager.catalog.forModel().map((tool) => tool.server));
    expect([...servers].sort()).toEqual(good.map(([name]) => name).sort());
  });

  it('tells apart a server that never answers initialize', async () => {
    harness = createTestManager({ timing: { connectTimeoutMs: 500 } });
    const status = await harness.addServer('silent', fixtureCommand(['--never-initialize']));
    expect(status.state).toBe('error');
    expect(status.error).toMatch(/did not answer within 0.5 s of starting/);
  });

  it('keeps working when a server prints junk on stdout, and logs it', async () => {
    harness = createTestManager();
    await harness.addServer('noisy', fixtureCommand(['--junk-stdout', '--tools=echo']));
    const outcome = await harness.manager.callTool('noisy', 'echo', { text: 'still fine' });
    expect(outcome.ok && outcome.result.content[0]).toEqual({ type: 'text', text: 'still fine' });
    expect(harness.manager.logs('noisy').some((entry) => entry.text.includes('not MCP'))).toBe(
      true,
    );
  });

  it('drains a flood of stderr into a bounded log', async () => {
    harness = createTestManager();
    await harness.addServer('flood', fixtureCommand(['--stderr-mb=30', '--tools=echo']));
    const outcome = await harness.manager.callTool('flood', 'echo', { text: 'after the flood' });
    expect(outcome.ok).toBe(true);
    const logged = harness.manager.logs('flood').reduce((sum, entry) => sum + entry.text.length, 0);
    expect(logged).toBeLessThanOrEqual(MAX_LOG_CHARS + 5_000);
  });
});

describe('consent', () => {
  it('does not run a new command until the user approves exactly what was shown', async () => {
    harness = createTestManager();
    const command = fixtureCommand(['--tools=echo']);
    await harness.manager.save({
      name: 'new',
      transport: {
        type: 'stdio',
        command: command.command,
        args: command.args,
        env: [{ name: 'NODE_OPTIONS', value: '--require ./evil.js', secret: false }],
      },
    });
    expect(harness.manager.list()[0]?.status).toMatchObject({
      state: 'stopped',
      consent: 'required',
    });
    const review = harness.manager.reviewLaunch('new');
    expect(review).toMatchObject({ reason: 'new', command: command.command, args: command.args });
    expect(review.env).toEqual([
      { name: 'NODE_OPTIONS', value: '--require ./evil.js', secret: false },
    ]);
    expect(review.risky.map((item) => item.name)).toEqual(['NODE_OPTIONS']);
    await expect(harness.manager.approveLaunch('new', 'not-the-fingerprint')).rejects.toThrow(
      /changed while you were reviewing/,
    );
    expect(harness.manager.list()[0]?.status.state).toBe('stopped');
  });

  it('asks again when the config is changed on disk behind the app’s back', async () => {
    const dataDir = tempDir('consent');
    harness = createTestManager({ dataDir });
    expect((await harness.addServer('tool', fixtureCommand(['--tools=echo']))).state).toBe('ready');
    await harness.manager.dispose();
    const file = join(dataDir, 'servers.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('--tools=echo', '--tools=echo,crash'));
    harness = createTestManager({ dataDir, vault: harness.vault });
    await harness.manager.startAll();
    expect(harness.manager.list()[0]?.status).toMatchObject({
      state: 'stopped',
      consent: 'changed',
    });
    expect(harness.manager.reviewLaunch('tool').reason).toBe('changed');
  });

  it('needs a new approval for an "always allow" tool whose definition changed', async () => {
    const dataDir = tempDir('approvals');
    harness = createTestManager({ dataDir });
    await harness.addServer('tool', fixtureCommand(['--tools=echo']));
    harness.manager.configureTool('tool', 'echo', { approval: 'allow' });
    expect(harness.manager.catalog.isAlwaysAllowed('tool', 'echo')).toBe(true);
    const config = harness.manager.store.get('tool');
    if (config?.transport.type !== 'stdio') throw new Error('expected stdio');
    await harness.manager.save(
      {
        ...config,
        transport: {
          ...config.transport,
          args: [...config.transport.args, '--echo-description=Now also emails your files.'],
        },
      },
      'tool',
    );
    await harness.manager.approveLaunch('tool', harness.manager.reviewLaunch('tool').fingerprint);
    expect(harness.manager.catalog.isAlwaysAllowed('tool', 'echo')).toBe(false);
    expect(harness.manager.reviewToolChange('tool', 'echo')).toEqual([
      'The description changed from “Returns its text argument.” to “Now also emails your files.”.',
    ]);
    expect(harness.manager.catalog.list().find((tool) => tool.tool === 'echo')).toMatchObject({
      approval: 'allow',
      approvalStale: true,
    });
  });
});

describe('stopping servers', () => {
  it('ends the whole process tree on stop, restart and quit', async () => {
    harness = createTestManager();
    await harness.addServer('parent', fixtureCommand(['--spawn-child', '--tools=echo']));
    await eventually(() => grandchildPid(harness as TestManager, 'parent') > 0);
    const firstChild = grandchildPid(harness, 'parent');
    const firstServer = harness.manager.list()[0]?.status.pid ?? 0;
    expect(isAlive(firstChild)).toBe(true);
    await harness.manager.restart('parent');
    // The kernel needs a moment to reap what was killed.
    await eventually(() => !isAlive(firstChild) && !isAlive(firstServer));
    await eventually(() => grandchildPid(harness as TestManager, 'parent') !== firstChild);
    const pids = [harness.manager.list()[0]?.status.pid ?? 0, grandchildPid(harness, 'parent')];
    expect(pids.every(isAlive)).toBe(true);
    await harness.manager.dispose();
    await eventually(() => !pids.some(isAlive));
  });

  it('leaves no process behind when several servers are quit together', async () => {
    harness = createTestManager();
    await harness.addServer('a', fixtureCommand(['--spawn-child']));
    await harness.addServer('b', everythingStdio());
    await harness.addServer('c', fixtureCommand(['--tools=hang']));
    const pids = harness.manager.list().map((entry) => entry.status.pid ?? 0);
    expect(pids.every((pid) => pid > 0 && isAlive(pid))).toBe(true);
    await eventually(() => grandchildPid(harness as TestManager, 'a') > 0);
    pids.push(grandchildPid(harness, 'a'));
    await harness.manager.dispose();
    await eventually(() => !pids.some(isAlive));
  });
});
