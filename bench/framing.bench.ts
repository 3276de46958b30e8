/**
 * Broken framing from a real hostile stdio server (the fixture server): how long Hearth takes to
 * see that a server's stdout can no longer be split into messages, and to have it running again;
 * and how many answers survive junk glued in front of them. Restarts use the app's real backoff.
 */
import { performance } from 'node:perf_hooks';
import { createTestManager, type TestManager } from '../tests/support/managerHarness';
import { fixtureCommand } from '../tests/support/mcpFixtures';
import { round, type Figure } from './figures';

const RUNS = 3;
const CALLS_AFTER = 20;
const GLUED_CALLS = 50;
/** The call timeout for the message-like line, which only a timeout can tell from a slow answer. */
const TIMEOUT_MS = 2_000;

interface BreakRun {
  detectMs: number;
  restartMs: number;
  answeredAfter: number;
}

async function breakOnce(harness: TestManager, name: string, messageLike: boolean) {
  const restarts = harness.manager.list().find((e) => e.config.name === name)?.status.restarts;
  const started = performance.now();
  const outcome = await harness.manager.callTool(name, 'unframed', { mb: 20, messageLike });
  const detected = performance.now();
  if (outcome.ok || !/broken framing/.test(outcome.message))
    throw new Error(`the break was not reported: ${JSON.stringify(outcome)}`);
  // Ready again means a new process: its restart count went up.
  for (;;) {
    const status = harness.manager.list().find((e) => e.config.name === name)?.status;
    if (status?.state === 'ready' && status.restarts !== restarts) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const ready = performance.now();
  let answeredAfter = 0;
  for (let index = 0; index < CALLS_AFTER; index++) {
    const next = await harness.manager.callTool(name, 'delayed_echo', { text: `n${index}`, ms: 0 });
    const first = next.ok ? next.result.content[0] : undefined;
    if (first?.type === 'text' && first.text === `n${index}`) answeredAfter++;
  }
  return { detectMs: detected - started, restartMs: ready - detected, answeredAfter };
}

async function breaks(messageLike: boolean): Promise<BreakRun[]> {
  const runs: BreakRun[] = [];
  for (let run = 0; run < RUNS; run++) {
    // A fresh manager each run, so the backoff is the first restart's, as a user meets it.
    const harness = createTestManager({ timing: {} });
    await harness.addServer('hostile', fixtureCommand(['--tools=unframed,delayed_echo']), {
      requestTimeoutMs: messageLike ? TIMEOUT_MS : 600_000,
    });
    runs.push(await breakOnce(harness, 'hostile', messageLike));
    await harness.manager.dispose();
  }
  return runs;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

export async function run(): Promise<Figure[]> {
  const junk = await breaks(false);
  const messageLike = await breaks(true);

  const harness = createTestManager();
  await harness.addServer('glued', fixtureCommand(['--tools=glued']));
  let delivered = 0;
  for (let index = 0; index < GLUED_CALLS; index++) {
    const outcome = await harness.manager.callTool('glued', 'glued', { kb: 100 });
    const first = outcome.ok ? outcome.result.content[0] : undefined;
    if (first?.type === 'text' && first.text === 'after 100 KiB of junk') delivered++;
  }
  await harness.manager.dispose();

  const sum = (runs: BreakRun[]) => runs.reduce((total, run) => total + run.answeredAfter, 0);
  return [
    {
      name: 'framing.junk_20mb.detect_ms',
      value: round(median(junk.map((r) => r.detectMs)), 1),
      unit: 'ms (median)',
    },
    {
      name: 'framing.junk_20mb.restart_ms',
      value: round(median(junk.map((r) => r.restartMs)), 1),
      unit: 'ms (median, 1 s backoff)',
    },
    {
      name: 'framing.junk_20mb.answered_after',
      value: sum(junk),
      unit: `of ${RUNS * CALLS_AFTER} calls`,
    },
    {
      name: 'framing.message_like_20mb.detect_ms',
      value: round(median(messageLike.map((r) => r.detectMs)), 1),
      unit: `ms (median, ${TIMEOUT_MS / 1000} s call timeout)`,
    },
    {
      name: 'framing.message_like_20mb.restart_ms',
      value: round(median(messageLike.map((r) => r.restartMs)), 1),
      unit: 'ms (median, 1 s backoff)',
    },
    {
      name: 'framing.message_like_20mb.answered_after',
      value: sum(messageLike),
      unit: `of ${RUNS * CALLS_AFTER} calls`,
    },
    { name: 'framing.glued_100kb.delivered', value: delivered, unit: `of ${GLUED_CALLS} calls` },
  ];
}
