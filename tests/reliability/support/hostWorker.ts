/**
 * A child process that runs a real MCP manager with fixture servers (each starting a grandchild),
 * for quit and force-quit tests. It prints one JSON line with every pid it knows of (servers,
 * grandchildren, and any helper Hearth started), then waits: a `quit` line on stdin makes it
 * quit as the app does; SIGKILL from the test is a force-quit.
 *
 *   hostWorker.ts DATA_DIR SERVER_COUNT
 */
import { createInterface } from 'node:readline';
import { orphanReaper } from '../../../electron/core/mcp/transport/orphanReaper';
import { killAllNow } from '../../../electron/core/mcp/transport/processTree';
import { createTestManager, eventually } from '../../support/managerHarness';
import { fixtureCommand } from '../../support/mcpFixtures';

const [dataDir, count = '2'] = process.argv.slice(2);
const harness = createTestManager({ dataDir });
// As the app does: whatever is still running when the process exits is killed.
process.on('exit', killAllNow);
const names = Array.from({ length: Number(count) }, (_, index) => `s${index}`);
for (const name of names)
  await harness.addServer(name, fixtureCommand(['--spawn-child', '--tools=hang,echo']));
const grandchild = (name: string) =>
  Number(
    /grandchild-pid=(\d+)/.exec(
      harness.manager
        .logs(name)
        .map((e) => e.text)
        .join('\n'),
    )?.[1],
  );
await eventually(() => names.every((name) => grandchild(name) > 0));
// A call in flight on each, as when the user quits mid-turn.
for (const name of names) void harness.manager.callTool(name, 'hang', {});
const pids = [
  ...harness.manager.list().map((entry) => entry.status.pid ?? 0),
  ...names.map(grandchild),
  orphanReaper.pid ?? 0,
];
process.stdout.write(`${JSON.stringify({ pids })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'quit') {
    await harness.manager.dispose();
    process.exit(0);
  }
}
