/**
 * Learning from use, privately: which tools ran (the user approved them, or allows them always)
 * for which messages, so a later message like an earlier one ranks those tools higher. Kept in
 * the data folder only, never sent anywhere, and forgotten at the user's word (Settings). A
 * message is kept as its set of ranking terms (stems and synonyms), not as its text.
 */
import { z } from 'zod';
import { openJsonDocument, type JsonDocument } from '../../store/jsonDocument';
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

/** The memory kept in the data folder as tool-memory.json. */
export function openToolMemory(options: {
  dataDir: string;
  onProblem(message: string): void;
}): ToolMemory {
  const document: JsonDocument<MemoryFile> = openJsonDocument({
    dataDir: options.dataDir,
    name: 'tool-memory',
    schema: memorySchema,
    what: 'What tool selection learned from the tools you used',
    insteadUsed: 'nothing learned',
    onProblem: options.onProblem,
  });
  return createToolMemory({
    read: () => document.read().entries,
    write: (entries) => document.write({ version: 1, entries }),
  });
}
