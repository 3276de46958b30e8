/**
 * Servers killed (SIGKILL) with a call in flight, in rounds: how long until the pending call is
 * rejected, and whether each server comes back without anyone pressing a button. The app's own
 * restart timing is used (1 s, 2 s, 4 s, …), and each server is killed fewer times than the
 * crash limit, since giving up on a crash loop is intended.
 */
import { CRASH_LIMIT } from '../../../electron/core/mcp/lifecycle/crashPolicy';
import { createTestManager } from '../../support/managerHarness';
import { fixtureCommand } from '../../support/mcpFixtures';

export interface CrashFigures {
  detectMs: number[];
  kills: number;
  recovered: number;
}

export async function crashRecovery(servers: number, rounds: number): Promise<CrashFigures> {
  const harness = createTestManager({ timing: {} });
  const names = Array.from({ length: servers }, (_, index) => `crash${index}`);
  const figures: CrashFigures = { detectMs: [], kills: 0, recovered: 0 };
  try {
    for (const name of names) await harness.addServer(name, fixtureCommand(['--tools=slow']));
    for (let round = 0; round < Math.min(rounds, CRASH_LIMIT - 1); round++) {
      await Promise.all(
        names.map(async (name) => {
          const pid = harness.manager.list().find((e) => e.config.name === name)?.status.pid;
          if (!pid) return;
          const pending = harness.manager.callTool(name, 'slow', { ms: 60_000 });
          await new Promise((resolve) => setTimeout(resolve, 50));
          const killed = performance.now();
          process.kill(pid, 'SIGKILL');
          figures.kills++;
          const outcome = await pending;
          if (!outcome.ok) figures.detectMs.push(performance.now() - killed);
          try {
            // Restarts wait 1 s, 2 s, 4 s… by design; the limit leaves room for a loaded machine.
            await harness.waitForState(name, 'restarting', 5_000).catch(() => undefined);
            await harness.waitForState(name, 'ready', 30_000);
            figures.recovered++;
          } catch {
            // Not back: counted as not recovered.
          }
        }),
      );
    }
  } finally {
    await harness.manager.dispose();
  }
  return figures;
}
