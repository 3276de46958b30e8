import { afterEach, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '../../electron/core/mcp/transport/stdioProcessTransport';
import { MAX_LOG_CHARS } from '../../electron/core/mcp/fromServer/serverLog';
import {
  createTestManager,
  eventually,
  isAlive,
  type TestManager,
} from '../support/managerHarness';
import { fixtureCommand } from '../support/mcpFixtures';
import { concurrentCalls } from './support/concurrentCalls';

// Servers that misbehave as real ones do, as real child processes: killed or quitting mid-call,
// dying at start, hanging, flooding, answering ids nobody asked for, or answering after a cancel.
let harness: TestManager | undefined;
afterEach(async () => {
  await harness?.manager.dispose();
  harness = undefined;
});

const loggedChars = (h: TestManager, name: string) =>
  h.manager.logs(name).reduce((sum, entry) => sum + entry.text.length, 0);

describe('a server that dies', () => {
  it.each([
    ['is killed (SIGKILL)', 'slow', 'was killed \\(SIGKILL\\) unexpectedly'],
    ['exits cleanly', 'quit', 'exited with code 0 unexpectedly'],
  ])(
    'mid-call %s: the call is answered, the server comes back by itself',
    async (_how, tool, logged) => {
      harness = createTestManager();
      await harness.addServer('victim', fixtureCommand(['--tools=slow,quit,echo']));
      const pid = harness.manager.list()[0]?.status.pid ?? 0;
      const pending = harness.manager.callTool('victim', tool, { ms: 60_000 });
      if (tool === 'slow') setTimeout(() => process.kill(pid, 'SIGKILL'), 50);
      const outcome = await pending;
      expect(!outcome.ok && outcome.message).toMatch(new RegExp(`stopped while running “${tool}”`));
      await eventually(() => harness?.manager.list()[0]?.status.restarts === 1);
      await harness.waitForState('victim', 'ready');
      await expect(
        harness.manager.callTool('victim', 'echo', { text: 'x' }),
      ).resolves.toMatchObject({ ok: true });
      expect(
        harness.manager.logs('victim').some((entry) => new RegExp(logged).test(entry.text)),
      ).toBe(true);
    },
  );

  it('at start, ten times running: each start fails clearly, nothing is left running', async () => {
    harness = createTestManager();
    const first = await harness.addServer('dies', fixtureCommand(['--exit-at-start=3']));
    expect(first.state).toBe('error');
    for (let attempt = 0; attempt < 9; attempt++) {
      const status = await harness.manager.start('dies');
      expect(status.state).toBe('error');
      expect(status.error).toMatch(/exited with code 3 during start-up/);
      expect(status.pid).toBeUndefined();
    }
    // A start that fails is the user's to retry: no restart loop behind their back.
    expect(harness.manager.list()[0]?.status.restarts).toBe(0);
    // One run each, but for the very first: a server that ends while asked for its protocol era
    // is run once more with the 2025 handshake; it ended then too, so later starts skip the ask.
    expect(
      harness.manager
        .logs('dies')
        .filter((entry) => entry.source === 'stderr' && /exiting at start/.test(entry.text)),
    ).toHaveLength(11);
  });
});

describe('calls that do not end by themselves', () => {
  it('a hung call is cancelled at once and the server stays usable', async () => {
    harness = createTestManager();
    await harness.addServer('stuck', fixtureCommand(['--tools=hang,echo']));
    const controller = new AbortController();
    const pending = harness.manager.callTool('stuck', 'hang', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({ ok: false, cancelled: true });
    await expect(harness.manager.callTool('stuck', 'echo', { text: 'y' })).resolves.toMatchObject({
      ok: true,
    });
  });

  it('endless progress still ends at the hard maximum, with a message that says so', async () => {
    harness = createTestManager();
    await harness.addServer('chatty', fixtureCommand(['--tools=endless,echo']));
    let reports = 0;
    const outcome = await harness.manager.callTool(
      'chatty',
      'endless',
      {},
      { timeoutMs: 300, maxTotalMs: 1_500, onProgress: () => reports++ },
    );
    expect(reports).toBeGreaterThan(5);
    expect(!outcome.ok && outcome.message).toMatch(
      /“endless” kept reporting progress for 2 s without finishing, so Hearth stopped it/,
    );
    await expect(harness.manager.callTool('chatty', 'echo', { text: 'z' })).resolves.toMatchObject({
      ok: true,
    });
  });
});

describe('responses nobody asked for', () => {
  it.each([['--unknown-ids'], ['--duplicate-responses']])(
    'with %s every call still gets its own answer',
    async (flag) => {
      harness = createTestManager();
      await harness.addServer('odd', fixtureCommand(['--tools=delayed_echo', flag]));
      const report = await concurrentCalls(harness.manager, ['odd'], 20);
      expect(report.lost).toEqual([]);
      expect(report.mismatched).toEqual([]);
      expect(harness.manager.list()[0]?.status.state).toBe('ready');
    },
  );

  it('a response arriving after the cancel is dropped, not given to the next call', async () => {
    const h = createTestManager();
    harness = h;
    await h.addServer('late', fixtureCommand(['--tools=late,delayed_echo']));
    const controller = new AbortController();
    const pending = h.manager.callTool('late', 'late', { ms: 300 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    expect(await pending).toMatchObject({ ok: false, cancelled: true });
    // Calls in flight while the late answer arrives get their own answers.
    const next = await Promise.all(
      [0, 1, 2].map((n) =>
        h.manager.callTool('late', 'delayed_echo', {
          text: `after ${n}`,
          ms: 200 + n * 200,
        }),
      ),
    );
    expect(next.map((outcome) => outcome.ok && outcome.result.content[0])).toEqual(
      [0, 1, 2].map((n) => ({ type: 'text', text: `after ${n}` })),
    );
    expect(h.manager.list()[0]?.status.state).toBe('ready');
  });
});

describe('floods', () => {
  it('a 20 MB stdout line with no newline is skipped once it ends, and the call is answered', async () => {
    harness = createTestManager();
    await harness.addServer('long', fixtureCommand(['--tools=unterminated']));
    const outcome = await harness.manager.callTool('long', 'unterminated', { mb: 20 });
    expect(outcome.ok && outcome.result.content[0]).toEqual({
      type: 'text',
      text: 'after a 20 MiB line',
    });
    expect(loggedChars(harness, 'long')).toBeLessThanOrEqual(MAX_LOG_CHARS + 5_000);
  });

  it('a line past the message limit stops the server with a clear message, and it comes back', async () => {
    harness = createTestManager();
    await harness.addServer('huge', fixtureCommand(['--tools=unterminated,delayed_echo']));
    const limitMb = MAX_MESSAGE_BYTES / 1024 / 1024;
    const mb = limitMb + 2;
    const outcome = await harness.manager.callTool('huge', 'unterminated', { mb, ms: 60_000 });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.message).toMatch(
      new RegExp(`it sent a message over ${limitMb} MB`),
    );
    const log = harness.manager.logs('huge').map((entry) => entry.text);
    expect(
      log.some((text) =>
        new RegExp(`^Hearth stopped the server: it sent a message over ${limitMb} MB`).test(text),
      ),
    ).toBe(true);
    // Hearth stopped it: its log does not call that a crash.
    expect(log.some((text) => /unexpectedly/.test(text))).toBe(false);
    await harness.waitForState('huge', 'ready');
  });

  it('a server that writes junk with no line end is restarted at once, not after the call times out', async () => {
    harness = createTestManager();
    // A timeout far longer than the test: only spotting the junk itself can end the call.
    await harness.addServer('junky', fixtureCommand(['--tools=unframed,delayed_echo']), {
      requestTimeoutMs: 600_000,
    });
    const outcome = await harness.manager.callTool('junky', 'unframed', { mb: 20 });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.message).toMatch(
      /Hearth stopped the server and is restarting it: it wrote over 1 MB that was no message without ending the line.*broken framing/,
    );
    const log = harness.manager.logs('junky').map((entry) => entry.text);
    expect(log.some((text) => /^Hearth stopped the server: it wrote over 1 MB/.test(text))).toBe(
      true,
    );
    expect(log.some((text) => /unexpectedly/.test(text))).toBe(false);
    await harness.waitForState('junky', 'restarting');
    await harness.waitForState('junky', 'ready');
    const next = await harness.manager.callTool('junky', 'delayed_echo', {
      text: 'framed again',
      ms: 10,
    });
    expect(next.ok && next.result.content[0]).toEqual({ type: 'text', text: 'framed again' });
  });

  it('a server that leaves a 20 MB line unended is restarted, and its next calls are answered', async () => {
    harness = createTestManager();
    await harness.addServer('unframed', fixtureCommand(['--tools=unframed,delayed_echo']), {
      requestTimeoutMs: 2_000,
    });
    // The line starts like a message, so only the call's timeout tells it from a slow answer.
    const outcome = await harness.manager.callTool('unframed', 'unframed', {
      mb: 20,
      messageLike: true,
    });
    expect(outcome.ok).toBe(false);
    // The call's card says what happened, and so does the server's log, never as a crash.
    expect(!outcome.ok && outcome.message).toMatch(
      /Hearth stopped the server and is restarting it: it wrote 20 MB without ending the line.*broken framing/,
    );
    const log = harness.manager.logs('unframed').map((entry) => entry.text);
    expect(log.some((text) => /^Hearth stopped the server: it wrote 20 MB/.test(text))).toBe(true);
    expect(log.some((text) => /unexpectedly/.test(text))).toBe(false);
    await harness.waitForState('unframed', 'restarting');
    await harness.waitForState('unframed', 'ready');
    const next = await harness.manager.callTool('unframed', 'delayed_echo', {
      text: 'framed again',
      ms: 10,
    });
    expect(next.ok && next.result.content[0]).toEqual({ type: 'text', text: 'framed again' });
  });

  it('an answer glued to the end of junk with no line end is still delivered', async () => {
    harness = createTestManager();
    await harness.addServer('glued', fixtureCommand(['--tools=glued,delayed_echo']), {
      requestTimeoutMs: 5_000,
    });
    const outcome = await harness.manager.callTool('glued', 'glued', { kb: 100 });
    expect(outcome.ok && outcome.result.content[0]).toEqual({
      type: 'text',
      text: 'after 100 KiB of junk',
    });
    expect(harness.manager.list()[0]?.status.state).toBe('ready');
  });

  it('a flood of stderr is drained into a bounded log while calls go on', async () => {
    harness = createTestManager();
    await harness.addServer('noisy', fixtureCommand(['--stderr-mb=64', '--tools=delayed_echo']));
    const report = await concurrentCalls(harness.manager, ['noisy'], 10);
    expect(report.lost).toEqual([]);
    expect(loggedChars(harness, 'noisy')).toBeLessThanOrEqual(MAX_LOG_CHARS + 5_000);
  });
});

describe('many calls at once', () => {
  it('50 concurrent calls across 5 servers with random latencies: none lost, none crossed', async () => {
    harness = createTestManager();
    const names = ['s1', 's2', 's3', 's4', 's5'];
    for (const name of names)
      await harness.addServer(name, fixtureCommand([`--name=${name}`, '--tools=delayed_echo']));
    const report = await concurrentCalls(harness.manager, names, 50);
    expect(report.lost).toEqual([]);
    expect(report.mismatched).toEqual([]);
    expect(report.answered).toBe(50);
    const pids = harness.manager.list().map((entry) => entry.status.pid ?? 0);
    await harness.manager.dispose();
    await eventually(() => !pids.some(isAlive));
  });
});
