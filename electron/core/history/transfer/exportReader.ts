/**
 * What an export reads, a page at a time, so a 1 GB history is never in memory at once: the
 * conversations by their key, and each one's messages by id (every version, parents first).
 */
import type { DatabaseSync } from 'node:sqlite';
import { optionsFromRow } from '../conversationOptions';
import { messageFromRow } from '../rows';
import type { ConversationOptions, StoredMessage } from '../types';

/** Messages read at a time: a page of long tool results stays a few MB. */
export const EXPORT_PAGE = 200;

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
  /** The conversation's messages after id `after`, with their parents. */
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
    messagesAfter: (conversationId, after, limit) =>
      statements.messages.all(conversationId, after, limit).map((row) => ({
        message: messageFromRow(row),
        parent: row.parent_id === null ? null : Number(row.parent_id),
      })),
    branchIds: (conversationId) =>
      new Set(statements.branch.all(conversationId).map((row) => Number(row.id))),
  };
}
