/**
 * Servers at the scale heavy users reach: 50 stdio servers with 20 tools each (1,000 tools).
 * Figures: the manager's time to have all 50 ready against 50 bare SDK clients started the same
 * way (`servers.ready_ratio.50_vs_bare_sdk`, target < 1.1): a later start, each server's protocol
 * era remembered, against bare clients of the same SDK connecting with its default 2025
 * handshake, each server in a session of its own as Hearth starts them; the first start, every
 * server probed with `server/discover`, against the same clients
 * (`servers.ready_ratio.50_first_start_vs_bare_sdk`); the catalog offered to the model right
 * after a server's `list_changed` (`servers.catalog_after_list_changed_ms.*`, target < 5) and a
 * model name resolved back (`servers.resolve_ms.p50`); and, in headless Chromium against the built
 * browser host, the Servers view with 50 servers: opening it and going through ten of their pages
 * (`servers.view_long_tasks`, `servers.view_longest_task_ms`, target no task over 50 ms).
 */
import { performance } from 'node:perf_hooks';
import { addApprovedServer } from '../tests/support/fixtureServerSetup';
import { createTestManager } from '../tests/support/managerHarness';
import { fixtureCommand } from '../tests/support/mcpFixtures';
import { connectToServe } from '../tests/support/rendererBridge';
import { launchChromium } from '../tests/support/chromium';
import { startBuiltHost } from '../tests/support/serveProcess';
import { tempDir } from '../tests/support/testHost';
import { distribution, percentile, round, type Figure } from './figures';
import { readyMs, sdkReadyMs } from './mcp.bench';
import { buildApp, INSTRUMENT, startMeasuring, stopMeasuring } from './support/browserPage';
import { serversReady } from './support/serversReady';

const SERVERS = 50;
const TOOLS_EACH = 20;
const READY_RUNS = 3;
const LIST_CHANGES = 15;
const FLAGS = [`--many-tools=${TOOLS_EACH - 1}`];

async function catalogFigures(): Promise<Figure[]> {
  const harness = createTestManager();
  const { manager } = harness;
  try {
    for (let index = 0; index < SERVERS; index++) {
      const tools = index === 0 ? ['--tools=echo,add_tool'] : ['--tools=echo'];
      await harness.addServer(
        `server-${index}`,
        fixtureCommand([`--name=server-${index}`, ...tools, ...FLAGS]),
      );
    }
    for (let index = 0; index < SERVERS; index++)
      await harness.waitForState(`server-${index}`, 'ready');
    const total = () => manager.catalog.list().length;
    manager.catalog.forModel();

    const afterChange: number[] = [];
    for (let change = 0; change < LIST_CHANGES; change++) {
      const before = total();
      await manager.callTool('server-0', 'add_tool', {});
      const deadline = Date.now() + 10_000;
      while (total() === before && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 5));
      const started = performance.now();
      manager.catalog.forModel();
      afterChange.push(performance.now() - started);
    }
    const names = manager.catalog.forModel().map((tool) => tool.modelName);
    const resolve: number[] = [];
    for (let index = 0; index < 200; index++) {
      const started = performance.now();
      manager.catalog.resolve(names[(index * 37) % names.length] ?? '');
      resolve.push(performance.now() - started);
    }
    return [
      { name: 'servers.catalog_tools', value: total(), unit: 'tools' },
      ...distribution(
        'servers.catalog_after_list_changed_ms',
        afterChange,
        'ms (target < 5)',
      ).slice(0, 2),
      { name: 'servers.resolve_ms.p50', value: round(percentile(resolve, 50)), unit: 'ms' },
    ];
  } finally {
    await manager.dispose();
  }
}

async function viewFigures(): Promise<Figure[]> {
  buildApp();
  const dataDir = tempDir('servers-bench');
  const host = await startBuiltHost(dataDir);
  const { api, transport } = connectToServe(host);
  const browser = await launchChromium();
  try {
    for (let index = 0; index < SERVERS; index++)
      await addApprovedServer(
        api,
        `server-${index}`,
        fixtureCommand([`--name=server-${index}`, '--tools=echo', ...FLAGS]),
      );
    await serversReady(api, SERVERS);
    const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
    await page.addInitScript(INSTRUMENT);
    await page.goto(host.url);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await startMeasuring(page);
    const opened = performance.now();
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page.getByText('server-49').first().waitFor();
    const openMs = performance.now() - opened;
    for (let index = 0; index < 10; index++) {
      await page
        .getByText(`server-${index * 5}`, { exact: true })
        .first()
        .click();
      await page
        .getByRole('heading', { name: `server-${index * 5}` })
        .first()
        .waitFor();
    }
    const counters = await stopMeasuring(page);
    return [
      {
        name: 'servers.view_open_ms',
        value: round(openMs, 1),
        unit: 'ms (50 servers, from the click)',
      },
      { name: 'servers.view_long_tasks', value: counters.longTasks, unit: 'tasks over 50 ms' },
      { name: 'servers.view_longest_task_ms', value: round(counters.longestTask, 1), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    transport.close();
    await host.stop();
  }
}

/**
 * Ready times, each measured once per round, rounds in turn: a machine's load shifts all alike.
 * Medians of each, and ratios as the median of each round's ratio (the pairs measured together).
 */
async function readyTimes(): Promise<{
  ms: Record<string, number>;
  ratio(a: string, b: string): number;
}> {
  const measures: Record<string, () => Promise<number>> = {
    managed: () => readyMs(SERVERS, FLAGS),
    managedFirst: () => readyMs(SERVERS, FLAGS, { firstStart: true }),
    bare: () => sdkReadyMs(SERVERS, FLAGS),
    bareListing: () => sdkReadyMs(SERVERS, FLAGS, true),
    bareOneSession: () => sdkReadyMs(SERVERS, FLAGS, false, { sameSession: true }),
  };
  const samples: Record<string, number[]> = {};
  for (let round = 0; round < READY_RUNS; round++)
    for (const [name, measure] of Object.entries(measures))
      (samples[name] ??= []).push(await measure());
  return {
    ms: Object.fromEntries(
      Object.entries(samples).map(([name, values]) => [name, percentile(values, 50)]),
    ),
    ratio: (a, b) =>
      percentile(
        (samples[a] ?? []).map((value, index) => value / (samples[b]?.[index] ?? Number.NaN)),
        50,
      ),
  };
}

/** The ready-time figures alone (`servers.ready_*`). */
export async function readyFigures(): Promise<Figure[]> {
  const times = await readyTimes();
  const { managed, managedFirst, bare, bareListing, bareOneSession } = times.ms;
  const ms = (value: number | undefined) => round(value ?? Number.NaN, 1);
  const ratio = (a: string, b: string) => round(times.ratio(a, b), 2);
  return [
    {
      name: 'servers.ready_ms.50_servers',
      value: ms(managed),
      unit: 'ms (median, a later start: eras remembered)',
    },
    {
      name: 'servers.ready_ms.50_servers_first_start',
      value: ms(managedFirst),
      unit: 'ms (median, every server probed with server/discover)',
    },
    {
      name: 'servers.ready_ms.50_servers_bare_sdk',
      value: ms(bare),
      unit: 'ms (median, connect only)',
    },
    {
      name: 'servers.ready_ms.50_servers_bare_sdk_listing',
      value: ms(bareListing),
      unit: 'ms (median, connect and list what each offers)',
    },
    {
      name: 'servers.ready_ms.50_servers_bare_sdk_one_session',
      value: ms(bareOneSession),
      unit: 'ms (median, connect only, all servers in the bench’s own session)',
    },
    {
      name: 'servers.ready_ratio.50_vs_bare_sdk',
      value: ratio('managed', 'bare'),
      unit: '× (target < 1.1; median of the rounds’ ratios)',
    },
    {
      name: 'servers.ready_ratio.50_vs_bare_sdk_listing',
      value: ratio('managed', 'bareListing'),
      unit: '× (the same work)',
    },
    {
      name: 'servers.ready_ratio.50_first_start_vs_bare_sdk',
      value: ratio('managedFirst', 'bare'),
      unit: '× (first start: one server/discover round trip more than the bare clients)',
    },
  ];
}

export async function run(): Promise<Figure[]> {
  return [...(await readyFigures()), ...(await catalogFigures()), ...(await viewFigures())];
}
