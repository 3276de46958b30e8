/**
 * A conversation as a tree of versions (schema.ts, step 7). Each message follows its parent; a
 * message with siblings (the same parent) is one of several versions: an edited user message, a
 * regenerated reply. The conversation keeps the last message of the branch on screen, and the
 * branch is that message and its parents, so the branch is derived, never stored twice.
 *
 * A child is always saved after its parent, so its id is larger: a branch read from its last
 * message up comes newest first, and the newest message under any message is a leaf.
 */
import type { DatabaseSync, SQLOutputValue } from 'node:sqlite';

type Row = Record<string, SQLOutputValue>;

/** The branch on screen from its last message up, as the recursive walk of its parents. */
const BRANCH = `WITH RECURSIVE branch(id, parent) AS (
    SELECT m.id, m.parent_id FROM conversations c
      CROSS JOIN messages m INDEXED BY messages_tree ON m.id = c.current_leaf
      WHERE c.id = ?1
    UNION ALL
    SELECT m.id, m.parent_id FROM branch b
      CROSS JOIN messages m INDEXED BY messages_tree ON m.id = b.parent
  )`;

export interface ConversationTree {
  /** The branch on screen, oldest first. */
  branch(conversationId: string): Row[];
  /** The last `limit` messages of the branch before message id `before`, newest first. */
  branchBefore(conversationId: string, before: number, limit: number): Row[];
  /** The last message of the branch on screen; undefined for an empty branch. */
  leaf(conversationId: string): number | undefined;
  /** Where the next message goes: after `parent` (none: a first message), at `depth`. */
  nextPlace(conversationId: string): { parent: number | null; depth: number };
  setLeaf(conversationId: string, leaf: number | null): void;
  /** The message's parent (null for a first message); undefined when it is not in the conversation. */
  parentOf(conversationId: string, messageId: number): number | null | undefined;
  /** The newest message under `messageId` (itself when it has none): the branch it leads to. */
  newestUnder(conversationId: string, messageId: number): number;
  /** Versions by parent (`null` for first messages): ids oldest first, only where there are two or more. */
  forks(conversationId: string): Map<number | null, number[]>;
  /** The ids of the message's versions (itself among them), oldest first. */
  versionsOf(conversationId: string, parent: number | null): number[];
}

export function prepareTree(database: DatabaseSync): ConversationTree {
  const prepare = (sql: string) => database.prepare(sql);
  const statements = {
    // The branch's ids first (from the index alone), then the rows of those wanted.
    // Sorted here, not by SQLite, whose sort would hold every row (some of 100 KB) in its sorter.
    branch: prepare(`${BRANCH} SELECT m.* FROM branch b CROSS JOIN messages m ON m.id = b.id`),
    // The walk gives ids newest first, so LIMIT ends it once the page is found: a page near
    // the end of a long branch never walks the rest.
    branchBefore: prepare(`${BRANCH} SELECT m.* FROM
        (SELECT id FROM branch WHERE id < ?2 LIMIT ?3) b
      CROSS JOIN messages m ON m.id = b.id`),
    leaf: prepare(`SELECT c.current_leaf AS id, m.depth FROM conversations c
      LEFT JOIN messages m INDEXED BY messages_tree ON m.id = c.current_leaf WHERE c.id = ?`),
    setLeaf: prepare('UPDATE conversations SET current_leaf = ? WHERE id = ?'),
    parent: prepare('SELECT parent_id FROM messages WHERE id = ? AND conversation_id = ?'),
    newestUnder: prepare(`WITH RECURSIVE under(id) AS (
        SELECT ?2
        UNION ALL
        SELECT m.id FROM messages m JOIN under u ON m.parent_id = u.id
          WHERE m.conversation_id = ?1
      ) SELECT max(id) AS id FROM under`),
    forks: prepare(`SELECT parent_id, group_concat(id) AS ids FROM
        (SELECT parent_id, id FROM messages WHERE conversation_id = ? ORDER BY parent_id, id)
      GROUP BY parent_id HAVING count(*) > 1`),
    versions: prepare(
      'SELECT id FROM messages WHERE conversation_id = ? AND parent_id IS ? ORDER BY id',
    ),
  };
  const leafRow = (conversationId: string) => statements.leaf.get(conversationId);

  return {
    branch: (conversationId) =>
      statements.branch.all(conversationId).sort((a, b) => Number(a.id) - Number(b.id)),
    branchBefore: (conversationId, before, limit) =>
      statements.branchBefore
        .all(conversationId, before, limit)
        .sort((a, b) => Number(b.id) - Number(a.id)),
    leaf(conversationId) {
      const id = leafRow(conversationId)?.id;
      return id === null || id === undefined ? undefined : Number(id);
    },
    nextPlace(conversationId) {
      const row = leafRow(conversationId);
      if (row?.id === null || row?.id === undefined) return { parent: null, depth: 0 };
      return { parent: Number(row.id), depth: Number(row.depth ?? 0) + 1 };
    },
    setLeaf(conversationId, leaf) {
      statements.setLeaf.run(leaf, conversationId);
    },
    parentOf(conversationId, messageId) {
      const row = statements.parent.get(messageId, conversationId);
      if (!row) return undefined;
      return row.parent_id === null ? null : Number(row.parent_id);
    },
    newestUnder: (conversationId, messageId) =>
      Number(statements.newestUnder.get(conversationId, messageId)?.id ?? messageId),
    forks(conversationId) {
      const forks = new Map<number | null, number[]>();
      for (const row of statements.forks.all(conversationId))
        forks.set(
          row.parent_id === null ? null : Number(row.parent_id),
          String(row.ids)
            .split(',')
            .map(Number)
            .sort((a, b) => a - b),
        );
      return forks;
    },
    versionsOf: (conversationId, parent) =>
      statements.versions.all(conversationId, parent).map((row) => Number(row.id)),
  };
}

/** The versions a message shows (`‹ 2/3 ›`): absent when it is the only one. */
export function versionsField(ids: readonly number[] | undefined): { versions?: number[] } {
  return ids && ids.length > 1 ? { versions: [...ids] } : {};
}
