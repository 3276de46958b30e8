import { afterEach, describe, expect, it } from 'vitest';
import { createTestManager, eventually, type TestManager } from '../support/managerHarness';
import { fixtureCommand } from '../support/mcpFixtures';

// The manager's tool calls against real child processes: progress, cancel, timeouts, errors,
// every content type, huge results, servers dying mid-call, list changes and name collisions.
let harness: TestManager | undefined;
afterEach(async () => {
  await harness?.manager.dispose();
  harness = undefined;
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

  it('applies a changed time limit to the next call, without restarting the server', async () => {
    harness = createTestManager();
    const first = await harness.addServer('limits', fixtureCommand(['--tools=hang,echo']), {
      requestTimeoutMs: 1_000,
    });
    const short = await harness.manager.callTool('limits', 'hang', {});
    expect(!short.ok && short.message).toMatch(/longer than 1 s/);
    const saved = harness.manager.store.get('limits');
    if (!saved) throw new Error('The server was not saved.');
    const changed = await harness.manager.save({ ...saved, requestTimeoutMs: 2_000 }, 'limits');
    // The same process goes on: nothing restarted, nothing stopped.
    expect(changed.status).toMatchObject({ state: 'ready', restarts: first.restarts });
    expect(changed.status.pid).toBe(first.pid);
    const longer = await harness.manager.callTool('limits', 'hang', {});
    expect(!longer.ok && longer.message).toMatch(/longer than 2 s/);
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
