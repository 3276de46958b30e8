/**
 * Semantic ranking with an Ollama embedding model, when one is installed: each tool's summary is
 * embedded once per model and definition (cached, so a turn embeds only the message), and tools
 * are scored by cosine similarity to the message. Indexing the tools is one job shared by the
 * turns that need it, and it goes on when a turn stops waiting for it (see toolOffer.ts).
 */
import { toolSummary, type RankableTool } from './toolText';

/** The embedding seam: Ollama's /api/embed in the app, a deterministic fake in tests. */
export interface Embedder {
  /** The embedding model's name; part of the cache key. */
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

export function createSemanticRanker(embedder: Embedder): SemanticRanker {
  const cache = new Map<string, number[]>();
  const keyOf = (text: string) => `${embedder.model}\u0000${text}`;
  /** Tool texts being embedded now: every turn that needs them waits for this one job. */
  let indexing: { texts: ReadonlySet<string>; done: Promise<void> } | undefined;

  const embedTools = async (texts: readonly string[]) => {
    for (let start = 0; start < texts.length; start += EMBED_BATCH) {
      const batch = texts
        .slice(start, start + EMBED_BATCH)
        .filter((text) => !cache.has(keyOf(text)));
      if (batch.length === 0) continue;
      // No turn's signal: a turn that ends or stops waiting leaves the tools to be indexed for
      // the next one.
      const vectors = await embedder.embed(batch);
      batch.forEach((text, index) => {
        const vector = vectors[index];
        if (vector) cache.set(keyOf(text), vector);
      });
    }
    // Oldest entries go first when the cache outgrows its bound (Map keeps insertion order).
    for (const key of cache.keys()) {
      if (cache.size <= MAX_CACHED_VECTORS) break;
      cache.delete(key);
    }
  };

  const index = (texts: readonly string[]): Promise<void> => {
    const missing = [...new Set(texts)].filter((text) => !cache.has(keyOf(text)));
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
        const vector = cache.get(keyOf(text));
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
