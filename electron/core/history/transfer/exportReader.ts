/**
 * What an export reads, a page at a time, so a 1 GB history is never in memory at once: the
 * conversations by their key, and each one's messages by id (every version, parents first).
 */
import type { DatabaseSync } from 'node:sqlite';
import { optionsFromRow } from '../conversationOptions';
import { messageFromRow } from '../rows';
import type { ConversationOptions, StoredMessage } from '../types';

/** Messages read at a time, at most. */
export const EXPORT_PAGE = 200;
/**
 * Characters of content read at a time, at most (a page ends after the message that passes it):
 * 200 long tool results would be 20 MB held at once, and as much again as JSON.
 */
export const EXPORT_PAGE_CHARS = 2_000_000;

export interface ExportHead {
  key: number;
  id: string;
  title: string;
  options: ConversationOptions;
  createdAt: string;
  updatedAt: string;
  currentMessage?: number;
}

export interface ExportReader {
  /** Conversations after `key`, oldest first; only those in `ids` when given. */
  conversationsAfter(key: number, limit: number, ids?: readonly string[]): ExportHead[];
  /**
   * The conversation's messages after id `after`, with their parents: `limit` of them, or fewer
   * once their content passes EXPORT_PAGE_CHARS.
   */
  messagesAfter(
    conversationId: string,
    after: number,
    limit: number,
  ): { message: StoredMessage; parent: number | null }[];
  /** The ids of the branch on screen, oldest first (what a Markdown export shows). */
  branchIds(conversationId: string): Set<number>;
}

export function prepareExportReader(database: DatabaseSync): ExportReader {
  const columns = `key, id, title, model, options, created_at, updated_at, current_leaf`;
  const statements = {
    all: database.prepare(
      `SELECT ${columns} FROM conversations WHERE key > ? ORDER BY key LIMIT ?`,
    ),
    some: database.prepare(`SELECT ${columns} FROM conversations
      WHERE key > ? AND id IN (SELECT value FROM json_each(?)) ORDER BY key LIMIT ?`),
    messages: database.prepare(
      'SELECT * FROM messages WHERE conversation_id = ? AND id > ? ORDER BY id LIMIT ?',
    ),
    branch: database.prepare(`WITH RECURSIVE branch(id) AS (
        SELECT current_leaf FROM conversations WHERE id = ?1 AND current_leaf IS NOT NULL
        UNION ALL
        SELECT m.parent_id FROM messages m JOIN branch b ON m.id = b.id
          WHERE m.parent_id IS NOT NULL
      ) SELECT id FROM branch`),
  };
  return {
    conversationsAfter(key, limit, ids) {
      const rows = ids
        ? statements.some.all(key, JSON.stringify(ids), limit)
        : statements.all.all(key, limit);
      return rows.map((row) => ({
        key: Number(row.key),
        id: String(row.id),
        title: String(row.title),
        options: optionsFromRow(row),
        createdAt: String(row.created_at),
        updatedAt: String(row.updated_at),
        ...(row.current_leaf === null ? {} : { currentMessage: Number(row.current_leaf) }),
      }));
    },
    messagesAfter(conversationId, after, limit) {
      const page: { message: StoredMessage; parent: number | null }[] = [];
      let chars = 0;
      // Rows are read one at a time; leaving the loop early resets the statement.
      for (const row of statements.messages.iterate(conversationId, after, limit)) {
        const message = messageFromRow(row);
        page.push({ message, parent: row.parent_id === null ? null : Number(row.parent_id) });
        chars += message.content.length;
        if (chars >= EXPORT_PAGE_CHARS) break;
      }
      return page;
    },
    branchIds: (conversationId) =>
      new Set(statements.branch.all(conversationId).map((row) => Number(row.id))),
  };
}
