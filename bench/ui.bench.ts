/**
 * The interface under load, in headless Chromium against the built browser host: a conversation
 * of 1,000 messages with code blocks, opened, then a reply streamed into it at 200 tokens a
 * second by the fake Ollama. Figures: `ui.open_conversation_ms`, `ui.frame_ms.p95`,
 * `ui.long_tasks` (main-thread tasks over 50 ms during the stream), `ui.commits_per_s` (React
 * commits, counted through the DevTools hook React calls on every commit) and `ui.dom_nodes`.
 */
import { performance } from 'node:perf_hooks';
import { openConversationStore } from '../electron/core/history/conversationStore';
import type { NewMessage } from '../electron/core/history/types';
import { startFakeOllama } from '../tests/fixtures/fakeOllama';
import { launchChromium } from '../tests/support/chromium';
import { connectToServe } from '../tests/support/rendererBridge';
import { startBuiltHost } from '../tests/support/serveProcess';
import { tempDir } from '../tests/support/testHost';
import { percentile, round, type Figure } from './figures';
import {
  buildApp,
  INSTRUMENT,
  startMeasuring,
  stopMeasuring,
  timeOpen,
} from './support/browserPage';

const MESSAGES = 1_000;
const STREAM_TOKENS = 1_000;
/** 200 tokens a second. */
const TOKEN_DELAY_MS = 5;
const LAST_MARKER = 'closing-message-marker';

function seedMessages(): NewMessage[] {
  return Array.from({ length: MESSAGES }, (_, index) => {
    if (index % 2 === 0)
      return { role: 'user', content: `Question ${index}: how do I sort an array in TypeScript?` };
    const marker = index === MESSAGES - 1 ? ` ${LAST_MARKER}` : '';
    return {
      role: 'assistant',
      model: 'llama3.2',
      content: `Answer ${index}:${marker}\n\n\`\`\`ts\nconst sorted = [...items].sort((a, b) => a - b);\nconsole.log(sorted.length);\n\`\`\`\n\nThat keeps the original array as it was.`,
    };
  });
}

export async function run(): Promise<Figure[]> {
  buildApp();

  const dataDir = tempDir('ui-bench');
  const store = openConversationStore({ dataDir, onProblem: () => undefined });
  const conversation = store.create({ title: 'Sorting arrays', options: { model: 'llama3.2' } });
  store.append(conversation.id, seedMessages());
  store.close();

  const tokens = Array.from({ length: STREAM_TOKENS }, (_, index) =>
    index === 200 ? '\n\n```ts\nconst x = 1;\n' : index === 260 ? '\n```\n\n' : `word${index} `,
  );
  const ollama = await startFakeOllama({
    script: () => ({ content: [...tokens, 'stream-finished'], tokenDelayMs: TOKEN_DELAY_MS }),
  });
  const host = await startBuiltHost(dataDir);
  const { api, transport } = connectToServe(host);
  await api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } });
  transport.close();

  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
    await page.addInitScript(INSTRUMENT);
    await page.goto(host.url);
    const item = page.getByRole('button', { name: /Sorting arrays/ }).first();
    await item.waitFor();
    const openMs = await timeOpen(page, 'Sorting arrays', LAST_MARKER);

    await startMeasuring(page);
    const streamStart = performance.now();
    await page.getByRole('textbox', { name: 'Message' }).fill('Stream a long answer please.');
    await page.keyboard.press('Enter');
    await page.getByText('stream-finished').first().waitFor({ timeout: 60_000 });
    const streamSeconds = (performance.now() - streamStart) / 1000;
    const measured = await stopMeasuring(page);
    return [
      { name: 'ui.open_conversation_ms', value: round(openMs, 1), unit: 'ms' },
      { name: 'ui.frame_ms.p95', value: round(percentile(measured.frames, 95), 2), unit: 'ms' },
      { name: 'ui.long_tasks', value: measured.longTasks, unit: 'tasks over 50 ms' },
      {
        name: 'ui.commits_per_s',
        value: round(measured.commits / streamSeconds, 1),
        unit: 'commits/s',
      },
      {
        name: 'ui.frames_per_s',
        value: round(measured.frames.length / streamSeconds, 1),
        unit: 'frames/s',
      },
      { name: 'ui.dom_nodes', value: measured.nodes, unit: 'elements' },
    ];
  } finally {
    await browser.close();
    await host.stop();
    await ollama.close();
  }
}
