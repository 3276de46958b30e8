import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_LOG_CHARS } from '../../electron/core/mcp/serverLog';
import { createTestManager, isAlive, type TestManager } from '../support/managerHarness';
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

async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

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
    expect(harness.manager.reviewToolChange('tool', 'echo')).toEqual(['The description changed.']);
    expect(harness.manager.catalog.list().find((tool) => tool.tool === 'echo')).toMatchObject({
      approval: 'allow',
      approvalStale: true,
    });
  });
});

describe('calling tools', () => {
  it('reports progress and follows a cancel', async () => {
    harness = createTestManager();
    await harness.addServer('work', fixtureCommand(['--tools=progress,slow,echo']));
    const steps: number[] = [];
    const done = await harness.manager.callTool(
      'work',
      'progress',
      { steps: 4 },
      { onProgress: (update) => steps.push(update.progress), callId: 'call-1' },
    );
    expect(done.ok).toBe(true);
    expect(steps).toHaveLength(4);
    const progressEvents = harness.events.filter((event) => event.channel === 'tools:progress');
    expect(progressEvents).toHaveLength(4);
    expect(progressEvents[0]?.payload).toMatchObject({ callId: 'call-1', total: 4 });
    const controller = new AbortController();
    const pending = harness.manager.callTool(
      'work',
      'slow',
      { ms: 10_000 },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 200);
    await expect(pending).resolves.toMatchObject({ ok: false, cancelled: true });
    await expect(harness.manager.callTool('work', 'echo', { text: 'next' })).resolves.toMatchObject(
      { ok: true },
    );
  });

  it('times out a hung call with a clear message, and the server stays usable', async () => {
    harness = createTestManager();
    await harness.addServer('stuck', fixtureCommand(['--tools=hang,echo']));
    const outcome = await harness.manager.callTool('stuck', 'hang', {}, { timeoutMs: 300 });
    expect(outcome).toMatchObject({ ok: false });
    expect(!outcome.ok && outcome.message).toMatch(/took longer than 0 s|took longer than/);
    await expect(harness.manager.callTool('stuck', 'echo', { text: 'ok' })).resolves.toMatchObject({
      ok: true,
    });
  });

  it('returns error results as results and protocol errors as messages', async () => {
    harness = createTestManager();
    await harness.addServer('errors', fixtureCommand(['--tools=fail,throw']));
    await expect(harness.manager.callTool('errors', 'fail', {})).resolves.toMatchObject({
      ok: true,
      result: { isError: true },
    });
    const thrown = await harness.manager.callTool('errors', 'throw', {});
    expect(thrown.ok).toBe(false);
    expect(!thrown.ok && thrown.message).toMatch(/refused the call to “throw”/);
  });

  it('keeps every content type of a result', async () => {
    harness = createTestManager();
    await harness.addServer('mixed', fixtureCommand(['--tools=mixed']));
    const outcome = await harness.manager.callTool('mixed', 'mixed', {});
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.result.content.map((block) => block.type)).toEqual([
      'text',
      'image',
      'audio',
      'resource_link',
      'resource',
    ]);
    expect(outcome.result.structuredContent).toBeTruthy();
  });

  it('brings a 20 MB result in whole without taking the app down', async () => {
    harness = createTestManager();
    await harness.addServer('big', fixtureCommand(['--tools=big,echo']));
    const outcome = await harness.manager.callTool('big', 'big', { mb: 20 });
    if (!outcome.ok) throw new Error(outcome.message);
    const [block] = outcome.result.content;
    expect(block?.type === 'text' && block.text.length).toBeGreaterThanOrEqual(20 * 1024 * 1024);
    await expect(harness.manager.callTool('big', 'echo', { text: 'after' })).resolves.toMatchObject(
      { ok: true },
    );
  });

  it('answers within a second when the server dies mid-call, restarts it, and the next call works', async () => {
    harness = createTestManager();
    await harness.addServer('fragile', fixtureCommand(['--tools=crash,echo']));
    const started = Date.now();
    const outcome = await harness.manager.callTool('fragile', 'crash', {});
    expect(outcome).toMatchObject({ ok: false });
    expect(!outcome.ok && outcome.message).toMatch(/stopped while running “crash”/);
    // A generous bound: the point is that the call does not wait for its 60 s timeout.
    expect(Date.now() - started).toBeLessThan(5_000);
    await eventually(() => harness?.manager.list()[0]?.status.restarts === 1);
    await harness.waitForState('fragile', 'ready');
    await expect(
      harness.manager.callTool('fragile', 'echo', { text: 'back' }),
    ).resolves.toMatchObject({ ok: true });
    expect(
      harness.manager
        .logs('fragile')
        .some((entry) => /exited with code 1 unexpectedly\. Restarting/.test(entry.text)),
    ).toBe(true);
    expect(harness.manager.list()[0]?.status.restarts).toBe(1);
  });

  it('answers a call at once when the server is killed from outside, then recovers', async () => {
    harness = createTestManager();
    await harness.addServer('victim', fixtureCommand(['--tools=slow,echo']));
    const pid = harness.manager.list()[0]?.status.pid ?? 0;
    const pending = harness.manager.callTool('victim', 'slow', { ms: 30_000 });
    setTimeout(() => process.kill(pid, 'SIGKILL'), 100);
    const outcome = await pending;
    expect(!outcome.ok && outcome.message).toMatch(/stopped while running “slow”/);
    await eventually(() => harness?.manager.list()[0]?.status.restarts === 1);
    await harness.waitForState('victim', 'ready');
    expect(harness.manager.list()[0]?.status.pid).not.toBe(pid);
    await expect(
      harness.manager.callTool('victim', 'echo', { text: 'again' }),
    ).resolves.toMatchObject({ ok: true });
    expect(
      harness.manager
        .logs('victim')
        .some((entry) => /was killed \(SIGKILL\) unexpectedly/.test(entry.text)),
    ).toBe(true);
  });

  it('stops restarting a server that keeps crashing, and says so', async () => {
    harness = createTestManager({ timing: { restartBaseMs: 20 } });
    await harness.addServer('doomed', fixtureCommand(['--tools=crash']));
    for (let crash = 0; crash < 5; crash++) {
      await harness.waitForState('doomed', 'ready');
      await harness.manager.callTool('doomed', 'crash', {});
      await eventually(() => harness?.manager.list()[0]?.status.state !== 'ready');
    }
    const status = await harness.waitForState('doomed', 'error');
    expect(status.error).toMatch(
      /stopped 5 times within a minute, so Hearth stopped restarting it/,
    );
  });

  it('follows tools/list_changed and pages through long tool lists', async () => {
    harness = createTestManager();
    await harness.addServer(
      'growing',
      fixtureCommand(['--tools=add_tool', '--many-tools=60', '--page-size=25']),
    );
    expect(harness.manager.catalog.list()).toHaveLength(61);
    await harness.manager.callTool('growing', 'add_tool', {});
    await eventually(
      () => harness?.manager.catalog.list().some((tool) => tool.tool === 'added_1') === true,
    );
    await eventually(
      () => harness?.events.some((event) => event.channel === 'tools:changed') === true,
    );
  });

  it('lists the resources, templates and prompts of ready servers', async () => {
    harness = createTestManager();
    await harness.addServer('docs', fixtureCommand(['--tools=echo']));
    const offerings = harness.manager.offerings();
    expect(offerings.resources).toEqual([
      expect.objectContaining({ server: 'docs', uri: 'fixture://readme' }),
    ]);
    expect(offerings.resourceTemplates).toEqual([
      expect.objectContaining({ server: 'docs', uriTemplate: 'fixture://items/{id}' }),
    ]);
    expect(offerings.prompts).toEqual([
      expect.objectContaining({
        server: 'docs',
        name: 'greet',
        arguments: [expect.objectContaining({ name: 'name' })],
      }),
    ]);
    await harness.manager.stop('docs');
    expect(harness.manager.offerings()).toEqual({
      resources: [],
      resourceTemplates: [],
      prompts: [],
    });
  });

  it('gives colliding names distinct model names and routes each call to its owner', async () => {
    harness = createTestManager();
    await harness.addServer('my server', fixtureCommand(['--name=first', '--tools=search']));
    await harness.addServer('my_server', fixtureCommand(['--name=second', '--tools=search']));
    const tools = harness.manager.catalog.forModel();
    const names = tools.map((tool) => tool.modelName);
    expect(new Set(names).size).toBe(2);
    for (const tool of tools) {
      const owner = harness.manager.catalog.resolve(tool.modelName);
      expect(owner).toEqual({ server: tool.server, tool: 'search' });
      const outcome = await harness.manager.callTool(owner?.server ?? '', 'search', { query: 'x' });
      const expected = tool.server === 'my server' ? 'first' : 'second';
      expect(outcome.ok && outcome.result.content[0]).toMatchObject({
        text: expect.stringContaining(expected),
      });
    }
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
