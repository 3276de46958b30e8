/**
 * History at the scale of months of use. In headless Chromium against the built browser host: a
 * conversation of 10,000 messages (a third of them tool results, some of 100 KB; one in ten with
 * a second version off screen, so search covers every branch; one in fifty with a 640×480 PNG the
 * user attached, kept in the data folder the host opens, so the page loads each thumbnail from
 * /files/<sha256> as it goes) opened on its latest page, then scrolled from the bottom to the
 * top, earlier pages read on the way
 * (`history.open_10k_ms`, `history.scroll_frame_ms.p95`,
 * `history.scroll_long_tasks`, and `history.scroll_images_loaded`, the thumbnails the host served
 * on the way). In the store: full-text search over 100,000 messages
 * (`history.search_100k_ms.*`), then the same with the database grown past 1 GB
 * (`history.search_1gb_ms.*`, `history.open_10k_store_ms_at_1gb`, `history.list_ms_at_1gb`).
 */
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  openConversationStore,
  type ConversationStore,
} from '../electron/core/history/conversationStore';
import type { NewMessage } from '../electron/core/history/types';
import { launchChromium } from '../tests/support/chromium';
import { startBuiltHost } from '../tests/support/serveProcess';
import { tempDir } from '../tests/support/testHost';
import { distribution, percentile, round, type Figure } from './figures';
import {
  buildApp,
  INSTRUMENT,
  startMeasuring,
  stopMeasuring,
  timeOpen,
} from './support/browserPage';
import {
  appendWithVersions,
  BIG_RESULT_BYTES,
  LAST_MARKER,
  longConversation,
  seededRandom,
} from './support/longConversation';
import { withImages } from './support/longConversationImages';
import { words, sentence } from './support/words';

const LONG_CONVERSATION = 10_000;
const SEARCH_CONVERSATIONS = 1_000;
const MESSAGES_EACH = 100;
const DATABASE_TARGET_BYTES = 1_000_000_000;
const QUERIES = 200;
const SCROLL_STEP_PX = 1_200;
const MAX_SCROLL_FRAMES = 900;

function timeSearches(store: ConversationStore, random: () => number): number[] {
  const samples: number[] = [];
  for (let index = 0; index < QUERIES; index++) {
    const query =
      index % 3 === 0
        ? words(random, 12).split(' ').slice(0, 2).join(' ')
        : (words(random, 6).split(' ')[0] ?? 'note');
    const started = performance.now();
    store.search(query);
    samples.push(performance.now() - started);
  }
  return samples;
}

export async function measureInBrowser(): Promise<Figure[]> {
  buildApp();
  const dataDir = tempDir('history-bench');
  const store = openConversationStore({ dataDir, onProblem: () => undefined });
  const conversation = store.create({ title: 'Months of notes', options: { model: 'llama3.2' } });
  const messages = await withImages(dataDir, longConversation(LONG_CONVERSATION, seededRandom(1)));
  appendWithVersions(store, conversation.id, messages);
  const images = messages.filter((message) => message.attachments?.length).length;
  store.close();

  const host = await startBuiltHost(dataDir);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
    // Thumbnails the host served while the page opened and scrolled: the pictures were measured.
    let imagesLoaded = 0;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/files/') && response.ok()) imagesLoaded++;
    });
    await page.addInitScript(INSTRUMENT);
    await page.goto(host.url);
    await page
      .getByRole('button', { name: /Months of notes/ })
      .first()
      .waitFor();
    const openMs = await timeOpen(page, 'Months of notes', LAST_MARKER);
    await page.waitForTimeout(500);

    await startMeasuring(page);
    const frames = Number(
      await page.evaluate(`new Promise((resolve) => {
        const list = document.querySelector('[role="log"][aria-label="Messages"]');
        let count = 0;
        let atTop = 0;
        const step = () => {
          list.scrollTop -= ${SCROLL_STEP_PX};
          count++;
          // At the top with earlier pages still to read, the next page is on its way: done
          // once the top has held for a while with nothing left to read.
          atTop = list.scrollTop <= 0 ? atTop + 1 : 0;
          const done = atTop > 30 && !document.querySelector('.message-top');
          if (done || count >= ${MAX_SCROLL_FRAMES}) resolve(count);
          else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      })`),
    );
    const scrolled = await stopMeasuring(page);
    return [
      { name: 'history.open_10k_ms', value: round(openMs, 1), unit: 'ms (target < 300)' },
      {
        name: 'history.scroll_frame_ms.p95',
        value: round(percentile(scrolled.frames, 95), 2),
        unit: `ms over ${frames} frames (target < 20)`,
      },
      { name: 'history.scroll_long_tasks', value: scrolled.longTasks, unit: 'tasks over 50 ms' },
      { name: 'history.scroll_dom_nodes', value: scrolled.nodes, unit: 'elements' },
      {
        name: 'history.scroll_images_loaded',
        value: imagesLoaded,
        unit: `thumbnails read from /files/ while opening and scrolling, of ${images}`,
      },
    ];
  } finally {
    await browser.close();
    await host.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function measureStore(): Figure[] {
  const dataDir = tempDir('history-search-bench');
  const random = seededRandom(2);
  const store = openConversationStore({ dataDir, onProblem: () => undefined });
  try {
    for (let index = 0; index < SEARCH_CONVERSATIONS; index++) {
      const conversation = store.create({
        title: `Notes ${index}: ${sentence(random, 4)}`,
        options: { model: 'llama3.2' },
      });
      store.append(
        conversation.id,
        Array.from({ length: MESSAGES_EACH }, (_, position): NewMessage =>
          position % 2 === 0
            ? { role: 'user', content: `${sentence(random, 16)}?` }
            : { role: 'assistant', model: 'llama3.2', content: `${sentence(random, 60)}.` },
        ),
      );
    }
    const at100k = timeSearches(store, random);

    const long = store.create({ title: 'Months of notes', options: { model: 'llama3.2' } });
    appendWithVersions(store, long.id, longConversation(LONG_CONVERSATION, seededRandom(1)));
    const file = join(dataDir, 'conversations.sqlite');
    const growStarted = performance.now();
    // Big tool results, as a heavy user's history accumulates them, until the file passes 1 GB.
    let grown = 0;
    while (statSync(file).size < DATABASE_TARGET_BYTES) {
      const conversation = store.create({
        title: `Big results ${grown}`,
        options: { model: 'llama3.2' },
      });
      store.append(
        conversation.id,
        Array.from({ length: 50 }, (_, position): NewMessage => ({
          role: 'tool',
          toolCallId: `big_${grown}_${position}`,
          toolName: 'files_read_file',
          content: words(random, BIG_RESULT_BYTES / 6),
        })),
      );
      grown++;
    }
    const growSeconds = (performance.now() - growStarted) / 1000;
    const at1gb = timeSearches(store, random);
    const openSamples = Array.from({ length: 5 }, () => {
      const started = performance.now();
      store.get(long.id);
      return performance.now() - started;
    });
    const listSamples = Array.from({ length: 20 }, () => {
      const started = performance.now();
      store.list();
      return performance.now() - started;
    });
    return [
      ...distribution('history.search_100k_ms', at100k, 'ms (target p95 < 50)'),
      ...distribution('history.search_1gb_ms', at1gb, 'ms (target p95 < 50, p99 < 100)'),
      {
        name: 'history.open_10k_store_ms_at_1gb',
        value: round(percentile(openSamples, 50), 1),
        unit: 'ms (median, reading the conversation)',
      },
      {
        name: 'history.list_ms_at_1gb',
        value: round(percentile(listSamples, 50), 2),
        unit: 'ms (median)',
      },
      { name: 'history.database_mb', value: round(statSync(file).size / 1e6, 0), unit: 'MB' },
      {
        name: 'history.write_mb_per_s',
        value: round((grown * 50 * BIG_RESULT_BYTES) / 1e6 / growSeconds, 1),
        unit: 'MB/s of tool results',
      },
    ];
  } finally {
    store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<Figure[]> {
  return [...(await measureInBrowser()), ...measureStore()];
}
