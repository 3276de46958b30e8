/**
 * A 50 MB tool result in Chromium against the built browser host: the turn runs, the card
 * shows the result’s beginning, and the user reads on with "Show all" and "Show more" (pages of
 * 100,000 characters). Figures: the largest message the page was sent
 * (`results.largest_page_message_kb`), how long each page takes from the click to its text on
 * screen (`results.page_shown_ms.p50`), and main-thread tasks over 50 ms meanwhile
 * (`results.long_tasks`, target 0; `results.longest_task_ms`).
 */
import { performance } from 'node:perf_hooks';
import { plainAnswer, startFakeOllama, toolCall } from '../tests/fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../tests/fixtures/fakeOllama/types';
import { launchChromium } from '../tests/support/chromium';
import { addApprovedFixture } from '../tests/support/fixtureServerSetup';
import { connectToServe } from '../tests/support/rendererBridge';
import { startBuiltHost } from '../tests/support/serveProcess';
import { tempDir } from '../tests/support/testHost';
import { percentile, round, type Figure } from './figures';
import { buildApp, INSTRUMENT, startMeasuring, stopMeasuring } from './support/browserPage';

const RESULT_MB = 50;
const PAGES = 6;

function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer('That was a long result.');
  return toolCall('fixture_big', { mb: RESULT_MB });
}

export async function run(): Promise<Figure[]> {
  buildApp();
  const ollama = await startFakeOllama({ script });
  const host = await startBuiltHost(tempDir('results-bench'));
  const { api, transport } = connectToServe(host);
  const browser = await launchChromium();
  try {
    await api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } });
    await addApprovedFixture(api, ['--tools=big']);
    await api.tools.configure('fixture', 'big', { approval: 'allow' });
    const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
    await page.addInitScript(INSTRUMENT);
    let largest = 0;
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        largest = Math.max(
          largest,
          typeof payload === 'string' ? payload.length : payload.byteLength,
        );
      }),
    );
    await page.goto(host.url);
    await page.getByRole('textbox', { name: 'Message' }).fill('Fetch the long one');
    await startMeasuring(page);
    await page.keyboard.press('Enter');
    await page.getByText('That was a long result.').waitFor({ timeout: 120_000 });
    const shown: number[] = [];
    const time = async (click: () => Promise<void>, pages: number) => {
      const started = performance.now();
      await click();
      await page
        .locator('pre.cut-page')
        .nth(pages - 1)
        .waitFor();
      shown.push(performance.now() - started);
    };
    await time(() => page.getByRole('button', { name: /^Show all \(/ }).click(), 1);
    for (let pages = 2; pages <= PAGES; pages++)
      await time(() => page.getByRole('button', { name: /^Show more \(/ }).click(), pages);
    const counters = await stopMeasuring(page);
    return [
      {
        name: 'results.largest_page_message_kb',
        value: round(largest / 1024, 1),
        unit: `KB (a ${RESULT_MB} MB result passed)`,
      },
      {
        name: 'results.page_shown_ms.p50',
        value: round(percentile(shown, 50), 1),
        unit: `ms from a click to its 100,000 characters on screen (${shown.length} pages)`,
      },
      {
        name: 'results.long_tasks',
        value: counters.longTasks,
        unit: 'main-thread tasks over 50 ms from the turn to the last page (target 0)',
      },
      { name: 'results.longest_task_ms', value: round(counters.longestTask, 1), unit: 'ms' },
    ];
  } finally {
    transport.close();
    await browser.close();
    await host.stop();
    await ollama.close();
  }
}
