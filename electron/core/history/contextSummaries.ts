/**
 * Summaries that stand for a conversation's older turns in later requests, kept beside its
 * messages (schema step 8). Each new summary stands for everything up to its last message,
 * earlier summaries included; the newest is in force, and undoing it brings back the one before,
 * so requests are again exactly what they were.
 *
 * A summary stands for messages of one branch (tree.ts). Only a summary whose last message is on
 * the branch on screen is in force: after an earlier message is edited, or another version is
 * shown, a summary of the other branch is not sent, and it is in force again when its branch is
 * shown again.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { ContextSummary } from '../../../preload/schemas/context';
import { UserFacingError } from '../bridge/errors';

export interface ContextSummaryStore {
  /** The summary in force: the conversation's newest of those on the branch on screen. */
  current(conversationId: string): ContextSummary | undefined;
  add(
    conversationId: string,
    summary: Pick<ContextSummary, 'throughMessageId' | 'coveredMessages' | 'content' | 'model'>,
  ): ContextSummary;
  /** New words for the summary in force; refused for one no longer in force. */
  edit(conversationId: string, summaryId: number, content: string): ContextSummary;
  /** Deletes the summary in force; returns the one in force after it (the one before, or none). */
  undo(conversationId: string, summaryId: number): ContextSummary | undefined;
}

export function createContextSummaryStore(
  database: DatabaseSync,
  options: { transaction<T>(work: () => T): T; now(): Date },
): ContextSummaryStore {
  const prepare = (sql: string) => database.prepare(sql);
  const statements = {
    any: prepare('SELECT 1 FROM context_summaries WHERE conversation_id = ? LIMIT 1'),
    // The branch on screen, walked up from its last message through the tree's index.
    current: prepare(`WITH RECURSIVE branch(id, parent) AS (
        SELECT m.id, m.parent_id FROM messages m INDEXED BY messages_tree
          WHERE m.id = (SELECT current_leaf FROM conversations WHERE id = ?1)
        UNION ALL
        SELECT m.id, m.parent_id FROM messages m INDEXED BY messages_tree
          JOIN branch b ON m.id = b.parent
      )
      SELECT * FROM context_summaries WHERE conversation_id = ?1
        AND through_message_id IN (SELECT id FROM branch)
      ORDER BY id DESC LIMIT 1`),
    insert: prepare(`INSERT INTO context_summaries (conversation_id, through_message_id,
        covered_messages, content, model, created_at)
      VALUES (?, ?, ?, ?, ?, ?)`),
    edit: prepare('UPDATE context_summaries SET content = ?, edited_at = ? WHERE id = ?'),
    remove: prepare('DELETE FROM context_summaries WHERE id = ?'),
  };
  const current = (conversationId: string) => {
    // Most conversations have no summary: they skip the walk up the branch.
    if (!statements.any.get(conversationId)) return undefined;
    const row = statements.current.get(conversationId);
    return row ? summaryFromRow(row) : undefined;
  };
  const inForce = (conversationId: string, summaryId: number): void => {
    if (current(conversationId)?.id !== summaryId)
      throw new UserFacingError(
        'That summary is no longer the one in use here: a newer one replaced it, or it was undone.',
      );
  };
  return {
    current,
    add(conversationId, summary) {
      return options.transaction(() => {
        statements.insert.run(
          conversationId,
          summary.throughMessageId,
          summary.coveredMessages,
          summary.content,
          summary.model,
          options.now().toISOString(),
        );
        return current(conversationId) as ContextSummary;
      });
    },
    edit(conversationId, summaryId, content) {
      return options.transaction(() => {
        inForce(conversationId, summaryId);
        statements.edit.run(content, options.now().toISOString(), summaryId);
        return current(conversationId) as ContextSummary;
      });
    },
    undo(conversationId, summaryId) {
      return options.transaction(() => {
        inForce(conversationId, summaryId);
        statements.remove.run(summaryId);
        return current(conversationId);
      });
    },
  };
}

function summaryFromRow(row: Record<string, unknown>): ContextSummary {
  return {
    id: Number(row.id),
    conversationId: String(row.conversation_id),
    throughMessageId: Number(row.through_message_id),
    coveredMessages: Number(row.covered_messages),
    content: String(row.content),
    model: String(row.model),
    createdAt: String(row.created_at),
    ...(row.edited_at ? { editedAt: String(row.edited_at) } : {}),
  };
}
