/**
 * Semantic ranking with an Ollama embedding model, when one is installed: each tool's summary is
 * embedded once per model and definition (cached, so a turn embeds only the message), and tools
 * are scored by cosine similarity to the message. Indexing the tools is one job shared by the
 * turns that need it, and it goes on when a turn stops waiting for it (see toolOffer.ts); the
 * vectors are kept between runs when the ranker is given a place for them (toolVectorStore.ts).
 */
import { toolSummary, type RankableTool } from './toolText';
import { textKey } from './toolVectorStore';

/** The embedding seam: Ollama's /api/embed in the app, a deterministic fake in tests. */
export interface Embedder {
  /** The embedding model's name (a ranker serves one model). */
  readonly model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/** Texts per /api/embed request: large batches of short texts are what the endpoint is for. */
export const EMBED_BATCH = 64;
/** Cached tool vectors kept at most (a few hundred tools per model is the normal case). */
export const MAX_CACHED_VECTORS = 5_000;

export interface SemanticRanker {
  /** A cosine similarity per tool, in the order given. */
  score(tools: readonly RankableTool[], query: string, signal?: AbortSignal): Promise<number[]>;
  /** Embeds the tools not embedded yet, before any turn needs them. */
  index(tools: readonly RankableTool[]): Promise<void>;
}

/** Vectors kept between runs for one model, by textKey of the text (toolVectorStore.ts). */
export interface KeptVectors {
  load(): Map<string, number[]>;
  save(vectors: ReadonlyMap<string, readonly number[]>): void;
}

export function createSemanticRanker(embedder: Embedder, kept?: KeptVectors): SemanticRanker {
  /** Tool text → vector; one ranker serves one model. */
  const cache = new Map<string, number[]>();
  /** What an earlier run kept, read at the first indexing. */
  let earlier: Map<string, number[]> | undefined;
  const fromEarlierRun = (text: string) => {
    earlier ??= kept?.load() ?? new Map();
    if (earlier.size === 0) return false;
    const key = textKey(text);
    const vector = earlier.get(key);
    if (!vector) return false;
    // Moved, not copied: the cache holds it from now on.
    earlier.delete(key);
    cache.set(text, vector);
    return true;
  };
  const keep = () =>
    kept?.save(new Map([...cache].map(([text, vector]) => [textKey(text), vector])));
  /** Tool texts being embedded now: every turn that needs them waits for this one job. */
  let indexing: { texts: ReadonlySet<string>; done: Promise<void> } | undefined;

  const embedTools = async (texts: readonly string[]) => {
    let added = 0;
    for (let start = 0; start < texts.length; start += EMBED_BATCH) {
      const batch = texts.slice(start, start + EMBED_BATCH).filter((text) => !cache.has(text));
      if (batch.length === 0) continue;
      // No turn's signal: a turn that ends or stops waiting leaves the tools to be indexed for
      // the next one.
      const vectors = await embedder.embed(batch);
      batch.forEach((text, index) => {
        const vector = vectors[index];
        if (vector) cache.set(text, vector);
      });
      added += batch.length;
    }
    // Oldest entries go first when the cache outgrows its bound (Map keeps insertion order).
    for (const key of cache.keys()) {
      if (cache.size <= MAX_CACHED_VECTORS) break;
      cache.delete(key);
    }
    if (added > 0) keep();
  };

  const index = (texts: readonly string[]): Promise<void> => {
    const missing = [...new Set(texts)].filter((text) => !cache.has(text) && !fromEarlierRun(text));
    if (missing.length === 0) return Promise.resolve();
    const current = indexing;
    if (current && missing.every((text) => current.texts.has(text))) return current.done;
    // After the job under way, so the same texts are not sent twice.
    const before = current?.done.catch(() => undefined) ?? Promise.resolve();
    const job = { texts: new Set(missing), done: before.then(() => embedTools(missing)) };
    indexing = job;
    const finish = () => {
      if (indexing === job) indexing = undefined;
    };
    job.done.then(finish, finish);
    return job.done;
  };

  return {
    index: (tools) => index(tools.map(toolSummary)),
    async score(tools, query, signal) {
      const texts = tools.map(toolSummary);
      await index(texts);
      signal?.throwIfAborted();
      const [queryVector] = await embedder.embed([query], signal);
      return texts.map((text) => {
        const vector = cache.get(text);
        return vector && queryVector ? cosine(vector, queryVector) : 0;
      });
    },
  };
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const x = a[index] ?? 0;
    const y = b[index] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA && normB ? dot / Math.sqrt(normA * normB) : 0;
}
