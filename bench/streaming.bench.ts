/**
 * Five conversations streaming at once into the built browser host, with two pages open in
 * headless Chromium: the main view (which sent one of them and shows it) and the quick-chat
 * popup (which sent another), while a WebSocket client sends the other three. Figures: from a
 * token leaving the fake Ollama to its delta reaching a bridge client, over all five streams
 * (`streaming.token_to_client_ms.*`, target p50 < 20, including the one-frame batching), and the
 * frame intervals of both pages meanwhile (`streaming.frame_ms.p95.main`/`.popup`, target < 20).
 */
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { startFakeOllama } from '../tests/fixtures/fakeOllama';
import type { ChatRequestBody } from '../tests/fixtures/fakeOllama/types';
import { launchChromium } from '../tests/support/chromium';
import { connectToServe } from '../tests/support/rendererBridge';
import { startBuiltHost } from '../tests/support/serveProcess';
import { tempDir } from '../tests/support/testHost';
import { distribution, percentile, round, type Figure } from './figures';
import { buildApp, INSTRUMENT, startMeasuring, stopMeasuring } from './support/browserPage';

const STREAMS = 5;
const TOKENS = 300;
/** About 50 tokens a second per stream, as a 7–9B model on a good GPU writes. */
const TOKEN_DELAY_MS = 20;

export async function run(): Promise<Figure[]> {
  buildApp();
  // sentAt[stream][token]: when the fake Ollama wrote that token.
  const sentAt: number[][] = Array.from({ length: STREAMS }, () => []);
  const streamOf = (request: ChatRequestBody) =>
    Number(/stream (\d+)/.exec(request.messages?.at(-1)?.content ?? '')?.[1] ?? 0);
  const ollama = await startFakeOllama({
    script: (request) => {
      const stream = streamOf(request);
      return {
        content: [
          ...Array.from({ length: TOKENS }, (_, index) => `s${stream}t${index} `),
          `stream-${stream}-finished`,
        ],
        tokenDelayMs: TOKEN_DELAY_MS,
        onPieceSent: (index) => {
          const times = sentAt[stream];
          if (times) times[index] = performance.now();
        },
      };
    },
  });
  const host = await startBuiltHost(tempDir('streaming-bench'));
  const { api, transport } = connectToServe(host);
  const browser = await launchChromium();
  try {
    await api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } });
    const latencies: number[] = [];
    let received = 0;
    const stop = api.chat.onDelta((delta) => {
      const now = performance.now();
      for (const token of (delta.content ?? '').trim().split(/\s+/)) {
        const match = /^s(\d+)t(\d+)$/.exec(token);
        if (!match) continue;
        const sent = sentAt[Number(match[1])]?.[Number(match[2])];
        if (sent !== undefined) latencies.push(now - sent);
        received++;
      }
    });

    const open = async (view: string, size: { width: number; height: number }): Promise<Page> => {
      const page = await browser.newPage({ viewport: size });
      await page.addInitScript(INSTRUMENT);
      await page.goto(`${host.url}${view}`);
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
      return page;
    };
    const main = await open('', { width: 1280, height: 820 });
    const popup = await open('&view=popup', { width: 380, height: 560 });
    await startMeasuring(main);
    await startMeasuring(popup);

    const started = performance.now();
    await main.getByRole('textbox', { name: 'Message' }).fill('Please stream 0 now.');
    await main.keyboard.press('Enter');
    await popup.getByRole('textbox', { name: 'Message' }).fill('Please stream 1 now.');
    await popup.keyboard.press('Enter');
    await Promise.all(
      [2, 3, 4].map((stream) =>
        api.chat.send({ text: `Please stream ${stream} now.`, model: 'llama3.2' }),
      ),
    );
    await main.getByText('stream-0-finished').first().waitFor({ timeout: 120_000 });
    await popup.getByText('stream-1-finished').first().waitFor({ timeout: 120_000 });
    const deadline = Date.now() + 60_000;
    while (received < STREAMS * TOKENS && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const seconds = (performance.now() - started) / 1000;
    const mainCounters = await stopMeasuring(main);
    const popupCounters = await stopMeasuring(popup);
    stop();
    if (received < STREAMS * TOKENS)
      throw new Error(`only ${received} of ${STREAMS * TOKENS} tokens reached the client`);
    return [
      ...distribution('streaming.token_to_client_ms', latencies, 'ms (5 streams; target p50 < 20)'),
      {
        name: 'streaming.frame_ms.p95.main',
        value: round(percentile(mainCounters.frames, 95), 2),
        unit: 'ms (target < 20)',
      },
      {
        name: 'streaming.frame_ms.p95.popup',
        value: round(percentile(popupCounters.frames, 95), 2),
        unit: 'ms (target < 20)',
      },
      {
        name: 'streaming.long_tasks',
        value: mainCounters.longTasks + popupCounters.longTasks,
        unit: `tasks over 50 ms in both pages over ${round(seconds, 1)} s`,
      },
    ];
  } finally {
    await browser.close();
    transport.close();
    await host.stop();
    await ollama.close();
  }
}
