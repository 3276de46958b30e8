/**
 * Saved messages join the search index a moment later, many at once, not in the transaction
 * that saves each one: FTS5 writes a new segment at every commit that changed the index, which
 * made indexing over half of what saving one message cost (bench: chat.loop_overhead_ms). What
 * waits is indexed after a short pause, at once when many have gathered, before every search
 * (so a search finds every saved message, as before), and when the store closes; a file left by
 * a crash indexes what waits at its first search. Which messages wait: schema.ts, step 6.
 */
import type { DatabaseSync } from 'node:sqlite';
import { INDEXED_BODY } from './schema';

/** The pause after a save before what waits is indexed: a turn's messages go in together. */
export const INDEX_PAUSE_MS = 1_000;
/** Messages that may wait before a save indexes them itself. */
export const INDEX_BATCH = 64;

export interface SearchIndexing {
  /** `count` messages were saved (and committed). */
  saved(count: number): void;
  /** Indexes every message that waits, in one transaction. */
  flush(): void;
  /** Indexes what waits, then stops the pause's timer (the store is closing). */
  close(): void;
}

export function createSearchIndexing(
  database: DatabaseSync,
  options: {
    /** The store's transaction, so a failure is described as every write's is. */
    transaction(work: () => void): void;
    /** A flush after a save failed; the messages stay waiting for the next one. */
    onFailed(error: unknown): void;
  },
): SearchIndexing {
  const waitingAfter = '(SELECT indexed_through FROM search_progress)';
  const statements = {
    anyWaiting: database.prepare(`SELECT 1 FROM messages WHERE id > ${waitingAfter} LIMIT 1`),
    // A message's content and its files' names (schema.ts, the step of FILES_STEP).
    index: database.prepare(`INSERT INTO search_index (rowid, body, conversation_id, message_id)
      SELECT m.id, ${INDEXED_BODY}, m.conversation_id, m.id
      FROM messages m WHERE m.id > ${waitingAfter}
        AND (m.content <> '' OR EXISTS (SELECT 1 FROM message_files WHERE message_id = m.id))
      ORDER BY m.id`),
    advance: database.prepare(`UPDATE search_progress SET indexed_through =
      max(indexed_through, coalesce((SELECT max(id) FROM messages), 0))`),
  };
  // A file closed with messages waiting (a crash) has them indexed at its first flush.
  let waiting = statements.anyWaiting.get() !== undefined;
  let gathered = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!waiting) return;
    options.transaction(() => {
      statements.index.run();
      statements.advance.run();
    });
    waiting = false;
    gathered = 0;
  };
  /** Never throws: the messages were saved, whatever becomes of indexing them now. */
  const flushQuietly = () => {
    try {
      flush();
    } catch (error) {
      options.onFailed(error);
    }
  };

  return {
    saved(count) {
      if (closed || count === 0) return;
      waiting = true;
      gathered += count;
      if (gathered >= INDEX_BATCH) return flushQuietly();
      // The pause does not keep the app from quitting: close() indexes what waits.
      timer ??= setTimeout(() => {
        timer = undefined;
        if (!closed) flushQuietly();
      }, INDEX_PAUSE_MS).unref();
    },
    flush,
    close() {
      if (closed) return;
      try {
        flush();
      } finally {
        closed = true;
        clearTimeout(timer);
      }
    },
  };
}
