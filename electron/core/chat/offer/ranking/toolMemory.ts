/**
 * Learning from use, privately: which tools ran (the user approved them, or allows them always)
 * for which messages, so a later message like an earlier one ranks those tools higher. Kept in
 * the data folder only, never sent anywhere, and forgotten at the user's word (Settings). A
 * message is kept as its set of ranking terms (stems and synonyms), not as its text.
 */
import { z } from 'zod';
import { openJsonDocument, type JsonDocument } from '../../../store/jsonDocument';
import { terms } from './textTerms';

/** Entries kept at most; the oldest go first. */
export const MAX_ENTRIES = 500;
/** Terms kept per message. */
const MAX_TERMS = 40;
/** Share of terms two messages must share (Jaccard) to count as similar. */
export const MIN_SIMILARITY = 0.3;

const entrySchema = z.strictObject({
  terms: z.array(z.string().max(200)).max(MAX_TERMS),
  server: z.string().max(256),
  tool: z.string().max(1_000),
  at: z.number(),
});
type Entry = z.output<typeof entrySchema>;

const memorySchema = z.strictObject({
  version: z.literal(1).default(1),
  entries: z.array(entrySchema).max(MAX_ENTRIES).default([]),
});
type MemoryFile = z.output<typeof memorySchema>;

export interface ToolOwnerKey {
  server: string;
  tool: string;
}

export interface ToolMemory {
  /** A tool ran for this message. */
  remember(message: string, owner: ToolOwnerKey): void;
  /** Per tool (in the order given), how similar the most similar earlier message it ran for is; 0 if none. */
  affinity(message: string, tools: readonly { server: string; tool: { name: string } }[]): number[];
  /** How many tool runs are remembered. */
  size(): number;
  /** Forgets everything; returns how many entries there were. */
  forget(): number;
}

function termSet(message: string): string[] {
  return [...new Set(terms(message))].slice(0, MAX_TERMS).sort();
}

function jaccard(a: ReadonlySet<string>, b: readonly string[]): number {
  if (a.size === 0 || b.length === 0) return 0;
  let shared = 0;
  for (const term of b) if (a.has(term)) shared++;
  return shared / (a.size + b.length - shared);
}

/** The memory over any storage: an in-memory array in tests, a JSON file in the app. */
export function createToolMemory(
  storage: { read(): Entry[]; write(entries: Entry[]): void },
  now: () => number = Date.now,
): ToolMemory {
  return {
    remember(message, owner) {
      const remembered = termSet(message);
      if (remembered.length === 0) return;
      const key = remembered.join(' ');
      const entries = storage
        .read()
        .filter(
          (entry) =>
            !(
              entry.server === owner.server &&
              entry.tool === owner.tool &&
              entry.terms.join(' ') === key
            ),
        );
      entries.push({ terms: remembered, server: owner.server, tool: owner.tool, at: now() });
      storage.write(entries.slice(-MAX_ENTRIES));
    },
    affinity(message, tools) {
      const entries = storage.read();
      if (entries.length === 0) return tools.map(() => 0);
      const current = new Set(termSet(message));
      const best = new Map<string, number>();
      for (const entry of entries) {
        const similarity = jaccard(current, entry.terms);
        if (similarity < MIN_SIMILARITY) continue;
        const key = `${entry.server}\u0000${entry.tool}`;
        best.set(key, Math.max(best.get(key) ?? 0, similarity));
      }
      return tools.map((tool) => best.get(`${tool.server}\u0000${tool.tool.name}`) ?? 0);
    },
    size: () => storage.read().length,
    forget() {
      const count = storage.read().length;
      storage.write([]);
      return count;
    },
  };
}

/**
 * How long after a tool run what was learned is written, together with whatever else is learned
 * meanwhile. Writing the file (and its last good copy, each synced to disk) took more of a chat
 * round than anything else Hearth does in it (bench: chat.loop_overhead_ms); learning is a help,
 * so at most this much of it is lost if Hearth is killed, and none when it quits.
 */
export const LEARNED_WRITE_DELAY_MS = 2_000;

export interface StoredToolMemory extends ToolMemory {
  /** Writes what was learned and not yet written; Hearth calls it when it quits. */
  flush(): void;
}

/** The memory kept in the data folder as tool-memory.json. */
export function openToolMemory(options: {
  dataDir: string;
  onProblem(message: string): void;
  /** A delayed write failed; what was learned stays in memory and is written with the next. */
  onWriteFailed(error: unknown): void;
  writeDelayMs?: number;
}): StoredToolMemory {
  const document: JsonDocument<MemoryFile> = openJsonDocument({
    dataDir: options.dataDir,
    name: 'tool-memory',
    schema: memorySchema,
    what: 'What tool selection learned from the tools you used',
    insteadUsed: 'nothing learned',
    onProblem: options.onProblem,
  });
  let unwritten: Entry[] | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!unwritten) return;
    document.write({ version: 1, entries: unwritten });
    unwritten = undefined;
  };
  const memory = createToolMemory({
    read: () => unwritten ?? document.read().entries,
    write: (entries) => {
      unwritten = entries;
      timer ??= setTimeout(() => {
        try {
          flush();
        } catch (error) {
          options.onWriteFailed(error);
        }
      }, options.writeDelayMs ?? LEARNED_WRITE_DELAY_MS);
      // A write still waiting never keeps Hearth from quitting; quitting flushes it.
      timer.unref?.();
    },
  });
  return {
    ...memory,
    // Forgetting is the user's word: written at once, and a failure is said to them.
    forget() {
      const count = memory.forget();
      flush();
      return count;
    },
    flush,
  };
}
