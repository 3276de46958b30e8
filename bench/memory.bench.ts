/**
 * Memory over a long session, measured on the built browser host's process (its resident set,
 * from /proc; Linux only) and on the page in headless Chromium (its JavaScript heap after a
 * forced collection):
 * - `memory.host_idle_mb`: idle with 10 servers ready;
 * - `memory.host_growth_mb`: after 1,000 tool calls (100 turns of 10 calls) and 100 server
 *   restarts, less the idle figure (target < 20);
 * - `memory.host_peak_over_idle_mb`: the peak while a 100 MB tool result passes through a turn,
 *   less the figure before (target: under twice the result); `.structured`: the same for 100 MB
 *   of rows sent as `structuredContent` beside a one-line text, as MCP's structured results are
 *   (target: under 1.2 times the result; the host keeps only the beginning of so much);
 * - `memory.page_heap_growth_mb`: the page's heap after opening and leaving 100 conversations,
 *   less after the first.
 */
import { readFileSync } from 'node:fs';
import { plainAnswer } from '../tests/fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../tests/fixtures/fakeOllama/types';
import { startFakeOllama } from '../tests/fixtures/fakeOllama';
import { openConversationStore } from '../electron/core/history/conversationStore';
import type { NewMessage } from '../electron/core/history/types';
import { addApprovedServer } from '../tests/support/fixtureServerSetup';
import { fixtureCommand } from '../tests/support/mcpFixtures';
import { connectToServe } from '../tests/support/rendererBridge';
import { launchChromium } from '../tests/support/chromium';
import { startBuiltHost } from '../tests/support/serveProcess';
import { tempDir } from '../tests/support/testHost';
import { round, type Figure } from './figures';
import { buildApp } from './support/browserPage';
import { seededRandom } from './support/longConversation';
import { serversReady } from './support/serversReady';
import { sentence } from './support/words';

const SERVERS = 10;
const TURNS = 100;
const CALLS_PER_TURN = 10;
const RESTARTS = 100;
/** The size; a stdio message over MAX_MESSAGE_BYTES (128 MB) would be refused. */
const BIG_RESULT_MB = 100;
const CONVERSATIONS = 100;

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ten echo calls in one reply; a short answer once their results are in; the big tool when asked. */
function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer('done');
  if (last?.content.includes('big structured result'))
    return { toolCalls: [{ name: 'server-0_big_structured', arguments: { mb: BIG_RESULT_MB } }] };
  if (last?.content.includes('big result'))
    return { toolCalls: [{ name: 'server-0_big', arguments: { mb: BIG_RESULT_MB } }] };
  const server = Number(/turn (\d+)/.exec(last?.content ?? '')?.[1] ?? 0) % SERVERS;
  return {
    toolCalls: Array.from({ length: CALLS_PER_TURN }, (_, index) => ({
      name: `server-${server}_echo`,
      arguments: { text: `call ${index}` },
    })),
  };
}

export async function hostFigures(): Promise<Figure[]> {
  if (process.platform !== 'linux') return [];
  buildApp();
  const ollama = await startFakeOllama({ script });
  const host = await startBuiltHost(tempDir('memory-bench'));
  const pid = host.child.pid ?? 0;
  const { api, transport } = connectToServe(host);
  try {
    await api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } });
    for (let index = 0; index < SERVERS; index++) {
      const name = `server-${index}`;
      await addApprovedServer(
        api,
        name,
        fixtureCommand([`--name=${name}`, '--tools=echo,big,big_structured']),
      );
      for (const tool of ['echo', 'big', 'big_structured'])
        await api.tools.configure(name, tool, { approval: 'allow' });
    }
    const turn = async (text: string) => {
      const done = new Promise<void>((resolve) => {
        const stop = api.chat.onStatus((status) => {
          if (status.state === 'done' || status.state === 'failed' || status.state === 'stopped') {
            stop();
            resolve();
          }
        });
      });
      await api.chat.send({ text, model: 'llama3.2' });
      await done;
    };
    // Warm up what a session loads once (the history, the catalog, code paths), then settle.
    for (let index = 0; index < 5; index++) await turn(`turn ${index}`);
    await pause(3_000);
    const idle = residentMb(pid);

    for (let index = 0; index < TURNS; index++) await turn(`turn ${index}`);
    for (let index = 0; index < RESTARTS; index++)
      await api.servers.restart(`server-${index % SERVERS}`);
    await serversReady(api, SERVERS);
    await pause(5_000);
    const afterUse = residentMb(pid);

    const peakOver = async (message: string) => {
      const before = residentMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 10);
      await turn(message);
      clearInterval(sampler);
      const log = await api.servers.logs('server-0');
      if (log.some((entry) => /Hearth stopped it/.test(entry.text)))
        throw new Error('The big result was refused; the peak would not measure it passing.');
      return peak - before;
    };
    const peakText = await peakOver('Please fetch the big result.');
    // Let the first one's memory go back before the second is measured.
    await pause(5_000);
    const peakStructured = await peakOver('Please fetch the big structured result.');
    return [
      {
        name: 'memory.host_idle_mb',
        value: round(idle, 1),
        unit: `MB resident, ${SERVERS} servers ready`,
      },
      {
        name: 'memory.host_growth_mb',
        value: round(afterUse - idle, 1),
        unit: `MB after ${TURNS * CALLS_PER_TURN} tool calls and ${RESTARTS} restarts (target < 20)`,
      },
      {
        name: 'memory.host_peak_over_idle_mb',
        value: round(peakText, 1),
        unit: `MB while a ${BIG_RESULT_MB} MB result passes (target < ${2 * BIG_RESULT_MB})`,
      },
      {
        name: 'memory.host_peak_over_idle_mb.structured',
        value: round(peakStructured, 1),
        unit: `MB while ${BIG_RESULT_MB} MB of structured content passes (target < ${1.2 * BIG_RESULT_MB})`,
      },
    ];
  } finally {
    transport.close();
    await host.stop();
    await ollama.close();
  }
}

export async function pageFigures(): Promise<Figure[]> {
  buildApp();
  const dataDir = tempDir('memory-page-bench');
  const store = openConversationStore({ dataDir, onProblem: () => undefined });
  const random = seededRandom(3);
  for (let index = 0; index < CONVERSATIONS; index++) {
    const conversation = store.create({
      title: `Conversation ${index}`,
      options: { model: 'llama3.2' },
    });
    store.append(
      conversation.id,
      Array.from({ length: 40 }, (_, position): NewMessage =>
        position % 2 === 0
          ? { role: 'user', content: `${sentence(random, 14)}?` }
          : {
              role: 'assistant',
              model: 'llama3.2',
              content: `${sentence(random, 80)}.\n\n\`\`\`ts\nconst x = ${position};\n\`\`\``,
            },
      ),
    );
  }
  store.close();
  const host = await startBuiltHost(dataDir);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const heapMb = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = (await cdp.send('Performance.getMetrics')) as {
        metrics: { name: string; value: number }[];
      };
      return (
        (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN) /
        1024 /
        1024
      );
    };
    await page.goto(host.url);
    const openAndLeave = async (index: number) => {
      await page
        .getByRole('button', { name: new RegExp(`Conversation ${index}\\b`) })
        .first()
        .click();
      await page
        .getByRole('heading', { name: `Conversation ${index}` })
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'New chat' }).first().click();
      await page.getByRole('heading', { name: 'New chat' }).first().waitFor();
    };
    await openAndLeave(0);
    const first = await heapMb();
    for (let index = 1; index < CONVERSATIONS; index++) await openAndLeave(index);
    const after = await heapMb();
    return [
      { name: 'memory.page_heap_after_first_mb', value: round(first, 1), unit: 'MB' },
      {
        name: 'memory.page_heap_growth_mb',
        value: round(after - first, 1),
        unit: `MB after opening and leaving ${CONVERSATIONS} conversations`,
      },
    ];
  } finally {
    await browser.close();
    await host.stop();
  }
}

export async function run(): Promise<Figure[]> {
  return [...(await hostFigures()), ...(await pageFigures())];
}
