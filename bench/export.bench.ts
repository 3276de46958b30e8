/**
 * Exporting a history of 1 GB from the built browser host (its download address, as the page
 * uses it), saved to disk as it arrives: `memory.export_peak_over_idle_mb` is the host's highest
 * resident set during the export less its figure before (target < 150: the export goes out a
 * page of messages at a time, never whole), `memory.export_mb_per_s` how fast it went.
 */
import { createWriteStream, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { openConversationStore } from '../electron/core/history/conversationStore';
import type { NewMessage } from '../electron/core/history/types';
import { startBuiltHost } from '../tests/support/serveProcess';
import { tempDir } from '../tests/support/testHost';
import { round, type Figure } from './figures';
import { buildApp } from './support/browserPage';
import {
  appendWithVersions,
  BIG_RESULT_BYTES,
  longConversation,
  seededRandom,
} from './support/longConversation';
import { words } from './support/words';

const DATABASE_TARGET_BYTES = 1_000_000_000;

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A history past 1 GB: the long conversation with versions, then big tool results. */
function growHistory(dataDir: string): number {
  const random = seededRandom(3);
  const store = openConversationStore({ dataDir, onProblem: () => undefined });
  try {
    const long = store.create({ title: 'Months of notes', options: { model: 'llama3.2' } });
    appendWithVersions(store, long.id, longConversation(10_000, seededRandom(1)));
    const file = join(dataDir, 'conversations.sqlite');
    for (let grown = 0; statSync(file).size < DATABASE_TARGET_BYTES; grown++) {
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
    }
    return statSync(file).size;
  } finally {
    store.close();
  }
}

export async function run(): Promise<Figure[]> {
  if (process.platform !== 'linux') return [];
  buildApp();
  const dataDir = tempDir('export-bench');
  const out = join(tempDir('export-bench-out'), 'export.json');
  growHistory(dataDir);
  const host = await startBuiltHost(dataDir);
  const pid = host.child.pid ?? 0;
  try {
    await pause(3_000);
    const idle = residentMb(pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 20);
    const started = performance.now();
    const response = await fetch(new URL('/conversations/export?format=json', host.url).href, {
      headers: { Cookie: `hearth_token=${new URL(host.url).searchParams.get('token')}` },
    });
    if (!response.ok || !response.body) throw new Error(`The export answered ${response.status}.`);
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      createWriteStream(out),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const bytes = statSync(out).size;
    return [
      {
        name: 'memory.export_peak_over_idle_mb',
        value: round(peak - idle, 1),
        unit: `MB over ${round(idle, 1)} MB idle, exporting ${round(bytes / 1e6, 0)} MB (target < 150)`,
      },
      { name: 'memory.export_mb_per_s', value: round(bytes / 1e6 / seconds, 1), unit: 'MB/s' },
    ];
  } finally {
    await host.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(out, { force: true });
  }
}
