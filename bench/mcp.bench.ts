/**
 * The MCP manager's cost: how long servers take to be ready (one alone, ten in parallel), and
 * what the manager adds to a tool call over a bare SDK client. Servers are the fixture server,
 * launched with `node` (not npx), so the figures measure Hearth, not npm.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createTestManager } from '../tests/support/managerHarness';
import { fixtureCommand } from '../tests/support/mcpFixtures';
import { percentile, round, type Figure } from './figures';

const READY_RUNS = 7;
const CALLS = 500;

/**
 * Milliseconds for the manager to have `servers` fixture servers ready (extra flags for each), as
 * when Hearth starts with them configured: they are saved and approved (which starts them) by
 * one manager, which stops; a new manager over the same data folder is timed starting them all.
 * That is a later start: each server's protocol era is remembered (`protocol-eras.json`), so no
 * server is asked `server/discover`. With `firstStart`, the remembered eras are forgotten first,
 * so every server is probed, as at the first start after it was added.
 */
export async function readyMs(
  servers: number,
  flags: string[] = [],
  { firstStart = false } = {},
): Promise<number> {
  const setup = createTestManager();
  for (let index = 0; index < servers; index++) {
    const name = `server-${index}`;
    const command = fixtureCommand([`--name=${name}`, '--tools=echo', ...flags]);
    await setup.manager.save({
      name,
      enabled: false,
      transport: { type: 'stdio', command: command.command, args: command.args },
    });
    await setup.manager.approveLaunch(name, setup.manager.reviewLaunch(name).fingerprint);
  }
  await setup.manager.dispose();
  if (firstStart) rmSync(join(setup.dataDir, 'protocol-eras.json'), { force: true });
  const { manager } = createTestManager({ dataDir: setup.dataDir });
  const started = performance.now();
  await manager.startAll();
  const elapsed = performance.now() - started;
  const ready = manager.list().filter((entry) => entry.status.state === 'ready').length;
  await manager.dispose();
  if (ready !== servers) throw new Error(`only ${ready} of ${servers} servers became ready`);
  return elapsed;
}

/**
 * `setsid`, where the system has it: Hearth starts each server as the leader of its own process
 * group and session (so it can end the whole tree), and on Linux a session is also a scheduling
 * group (autogroup), so fifty servers in fifty sessions get a different share of a busy machine
 * than fifty in one. Bare clients start theirs through it to be started the same way.
 */
const SETSID = ['/usr/bin/setsid', '/bin/setsid'].find((path) => existsSync(path));

/**
 * The same servers started by bare clients of the SDK Hearth uses (`@modelcontextprotocol/client`,
 * its own stdio transport, default options: the 2025 `initialize` handshake and no
 * `server/discover` probe, as Hearth connects a server whose era it remembers): the floor the
 * manager is compared with. With `listing`, each client also lists what the server offers (tools,
 * resources, templates, prompts), as the manager does before it calls a server ready. Unless
 * `sameSession`, each server runs in a session of its own, as Hearth starts them (see SETSID).
 */
export async function sdkReadyMs(
  servers: number,
  flags: string[] = [],
  listing = false,
  { sameSession = false } = {},
): Promise<number> {
  const fixture = fixtureCommand(['--tools=echo', ...flags]);
  const command =
    SETSID && !sameSession
      ? { command: SETSID, args: [fixture.command, ...fixture.args] }
      : fixture;
  const started = performance.now();
  const clients = await Promise.all(
    Array.from({ length: servers }, async () => {
      const client = new Client({ name: 'bench', version: '0' });
      await client.connect(
        new StdioClientTransport({
          command: command.command,
          args: command.args,
          stderr: 'ignore',
        }),
      );
      if (listing) {
        await Promise.all([
          client.listTools(),
          client.listResources(),
          client.listResourceTemplates(),
          client.listPrompts(),
        ]);
      }
      return client;
    }),
  );
  const elapsed = performance.now() - started;
  await Promise.all(clients.map((client) => client.close()));
  return elapsed;
}

export async function median(runs: number, measure: () => Promise<number>): Promise<number> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) samples.push(await measure());
  return percentile(samples, 50);
}

async function timeCalls(call: () => Promise<unknown>): Promise<number[]> {
  for (let index = 0; index < 50; index++) await call();
  const samples: number[] = [];
  for (let index = 0; index < CALLS; index++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  return samples;
}

export async function run(): Promise<Figure[]> {
  const one = await median(READY_RUNS, () => readyMs(1));
  const ten = await median(READY_RUNS, () => readyMs(10));
  const tenBare = await median(READY_RUNS, () => sdkReadyMs(10));

  const command = fixtureCommand(['--tools=echo']);
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(
    new StdioClientTransport({ command: command.command, args: command.args, stderr: 'ignore' }),
  );
  const direct = await timeCalls(() => client.callTool({ name: 'echo', arguments: { text: 'x' } }));
  await client.close();

  const harness = createTestManager({ timing: { restartBaseMs: 50 } });
  await harness.addServer('echo', fixtureCommand(['--tools=echo,slow']));
  const managed = await timeCalls(() => harness.manager.callTool('echo', 'echo', { text: 'x' }));
  let kills = 0;
  const killToError = await median(5, async () => {
    // Wait for the restart after the previous kill, not the old process's last 'ready'.
    while (harness.manager.list()[0]?.status.restarts !== kills)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await harness.waitForState('echo', 'ready');
    kills++;
    const pid = harness.manager.list()[0]?.status.pid ?? 0;
    const pending = harness.manager.callTool('echo', 'slow', { ms: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const killed = performance.now();
    process.kill(pid, 'SIGKILL');
    await pending;
    return performance.now() - killed;
  });
  await harness.manager.dispose();

  return [
    { name: 'mcp.ready_ms.1_server', value: round(one, 1), unit: 'ms (median)' },
    { name: 'mcp.ready_ms.10_servers', value: round(ten, 1), unit: 'ms (median)' },
    { name: 'mcp.ready_ratio.10_vs_1', value: round(ten / one, 2), unit: '×' },
    { name: 'mcp.ready_ms.10_servers_bare_sdk', value: round(tenBare, 1), unit: 'ms (median)' },
    { name: 'mcp.direct_call_ms.p50', value: round(percentile(direct, 50)), unit: 'ms' },
    { name: 'mcp.manager_call_ms.p50', value: round(percentile(managed, 50)), unit: 'ms' },
    { name: 'mcp.kill_to_error_ms', value: round(killToError, 1), unit: 'ms (median)' },
    {
      name: 'mcp.manager_overhead_ms.p50',
      value: round(percentile(managed, 50) - percentile(direct, 50)),
      unit: 'ms',
    },
  ];
}
