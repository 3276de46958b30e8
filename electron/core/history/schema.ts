/**
 * The conversation database's schema, as numbered migration steps. `PRAGMA user_version` records
 * how many steps a file has had; opening runs the rest, each in its own transaction, so a file
 * is always at one whole version.
 */
import type { DatabaseSync } from 'node:sqlite';

/**
 * Step 1: conversations, their messages, and one FTS5 index over message content and titles.
 *
 * - `conversations.key` is an explicit INTEGER PRIMARY KEY because the search index refers to
 *   titles by `-key`, and an implicit rowid may be renumbered by VACUUM.
 * - Message ids use AUTOINCREMENT so an id deleted by retry or edit is never handed out again
 *   while the UI may still hold it.
 * - The index holds its own copy of the text (not external content) so `snippet()` works and
 *   triggers can delete rows by rowid: a message's rowid is its id, a title's is `-key`.
 * - Empty content (an assistant message that only calls tools) is not indexed.
 */
const STEP_1 = `
CREATE TABLE conversations (
  key INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL DEFAULT '',
  model TEXT,
  system_prompt TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX conversations_by_activity ON conversations (updated_at DESC, key DESC);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('system', 'user', 'assistant', 'tool')),
  content TEXT NOT NULL,
  thinking TEXT,
  tool_calls TEXT CHECK (tool_calls IS NULL OR json_valid(tool_calls)),
  tool_call_id TEXT,
  tool_name TEXT,
  model TEXT,
  timings TEXT CHECK (timings IS NULL OR json_valid(timings)),
  created_at TEXT NOT NULL
);
CREATE INDEX messages_by_conversation ON messages (conversation_id, id);

CREATE VIRTUAL TABLE search_index USING fts5 (
  body,
  conversation_id UNINDEXED,
  message_id UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER messages_indexed AFTER INSERT ON messages WHEN new.content <> '' BEGIN
  INSERT INTO search_index (rowid, body, conversation_id, message_id)
  VALUES (new.id, new.content, new.conversation_id, new.id);
END;
CREATE TRIGGER messages_reindexed AFTER UPDATE OF content ON messages BEGIN
  DELETE FROM search_index WHERE rowid = old.id;
  INSERT INTO search_index (rowid, body, conversation_id, message_id)
  SELECT new.id, new.content, new.conversation_id, new.id WHERE new.content <> '';
END;
CREATE TRIGGER messages_unindexed AFTER DELETE ON messages BEGIN
  DELETE FROM search_index WHERE rowid = old.id;
END;

CREATE TRIGGER titles_indexed AFTER INSERT ON conversations WHEN new.title <> '' BEGIN
  INSERT INTO search_index (rowid, body, conversation_id, message_id)
  VALUES (-new.key, new.title, new.id, NULL);
END;
CREATE TRIGGER titles_reindexed AFTER UPDATE OF title ON conversations BEGIN
  DELETE FROM search_index WHERE rowid = -old.key;
  INSERT INTO search_index (rowid, body, conversation_id, message_id)
  SELECT -new.key, new.title, new.id, NULL WHERE new.title <> '';
END;
CREATE TRIGGER titles_unindexed AFTER DELETE ON conversations BEGIN
  DELETE FROM search_index WHERE rowid = -old.key;
END;
`;

/** Step 2: resources attached to user messages, as JSON (see `Attachment`). */
const STEP_2 = `
ALTER TABLE messages ADD COLUMN attachments TEXT
  CHECK (attachments IS NULL OR json_valid(attachments));
`;

/** Step 3: what each assistant message's request carried (tools offered, num_ctx), as JSON. */
const STEP_3 = `
ALTER TABLE messages ADD COLUMN request_facts TEXT
  CHECK (request_facts IS NULL OR json_valid(request_facts));
`;

/**
 * Step 4: a tool result is indexed by its first 4,000 characters, not whole. Results of 100 KB
 * (a file read, a page fetched) made the index as large as the history and every search that
 * matched one slow; what identifies a result is near its start. Long results already indexed are
 * indexed again by their beginning.
 */
export const INDEXED_TOOL_RESULT_CHARS = 4_000;
/** What the trigger on changed content does from step 4 on: the message indexed again. */
const INDEX_CHANGED_CONTENT = `
  DELETE FROM search_index WHERE rowid = old.id;
  INSERT INTO search_index (rowid, body, conversation_id, message_id)
  SELECT new.id,
    CASE WHEN new.role = 'tool' THEN substr(new.content, 1, ${INDEXED_TOOL_RESULT_CHARS}) ELSE new.content END,
    new.conversation_id, new.id
  WHERE new.content <> '';
`;
const STEP_4 = `
DROP TRIGGER messages_indexed;
DROP TRIGGER messages_reindexed;
CREATE TRIGGER messages_indexed AFTER INSERT ON messages WHEN new.content <> '' BEGIN
  INSERT INTO search_index (rowid, body, conversation_id, message_id)
  VALUES (new.id,
    CASE WHEN new.role = 'tool' THEN substr(new.content, 1, ${INDEXED_TOOL_RESULT_CHARS}) ELSE new.content END,
    new.conversation_id, new.id);
END;
CREATE TRIGGER messages_reindexed AFTER UPDATE OF content ON messages BEGIN
${INDEX_CHANGED_CONTENT}
END;
DELETE FROM search_index WHERE rowid IN
  (SELECT id FROM messages WHERE role = 'tool' AND length(content) > ${INDEXED_TOOL_RESULT_CHARS});
INSERT INTO search_index (rowid, body, conversation_id, message_id)
  SELECT id, substr(content, 1, ${INDEXED_TOOL_RESULT_CHARS}), conversation_id, id FROM messages
  WHERE role = 'tool' AND length(content) > ${INDEXED_TOOL_RESULT_CHARS};
`;

/** Step 5: what a turn's end said (a reply cut off, a failure), on its last message, as JSON. */
const STEP_5 = `
ALTER TABLE messages ADD COLUMN ending TEXT CHECK (ending IS NULL OR json_valid(ending));
`;

/**
 * Step 6: messages join the search index after they are saved, many at once (searchIndexing.ts),
 * not by a trigger in each save. `search_progress.indexed_through` is the last message id
 * indexed; ids only grow (AUTOINCREMENT), so the messages after it are the ones waiting. A
 * message's content changed while it waits is indexed as it then reads, so the trigger that
 * indexes changed content again leaves waiting messages alone.
 */
const STEP_6 = `
CREATE TABLE search_progress (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  indexed_through INTEGER NOT NULL
);
INSERT INTO search_progress (id, indexed_through)
  SELECT 1, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'messages'), 0);
DROP TRIGGER messages_indexed;
DROP TRIGGER messages_reindexed;
CREATE TRIGGER messages_reindexed AFTER UPDATE OF content ON messages
  WHEN old.id <= (SELECT indexed_through FROM search_progress) BEGIN
${INDEX_CHANGED_CONTENT}
END;
`;

/**
 * Step 7: a conversation's own options (model aside, which keeps its column for the list) as
 * one JSON value, so a new per-conversation option needs no step of its own. The system prompt
 * moves in as `instructions`.
 */
const STEP_7 = `
ALTER TABLE conversations ADD COLUMN options TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options));
UPDATE conversations SET options = json_object('instructions', system_prompt)
  WHERE system_prompt IS NOT NULL;
ALTER TABLE conversations DROP COLUMN system_prompt;
`;

/**
 * Step 8: summaries that stand for a conversation's older turns in later requests
 * (contextSummaries.ts). The newest of a conversation is in force; undoing it brings back the
 * one before. A summary goes when a message it stands for is deleted, and with its
 * conversation; since step 9 keeps every version, messages go only with their conversation, and
 * a summary of another branch is left out by the branch it is on (contextSummaries.ts).
 */
const STEP_8 = `
CREATE TABLE context_summaries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  through_message_id INTEGER NOT NULL,
  covered_messages INTEGER NOT NULL,
  content TEXT NOT NULL,
  model TEXT NOT NULL,
  created_at TEXT NOT NULL,
  edited_at TEXT
);
CREATE INDEX context_summaries_by_conversation
  ON context_summaries (conversation_id, through_message_id);
CREATE TRIGGER context_summaries_forget AFTER DELETE ON messages BEGIN
  DELETE FROM context_summaries
  WHERE conversation_id = old.conversation_id AND through_message_id >= old.id;
END;
`;

/**
 * Step 9: the user's files each message carries, derived from its `attachments` by triggers
 * (the JSON stays the one record): a kept file is deleted when no row names it any more
 * (electron/core/files/), and a message is found by its files' names. A message's index row
 * is its content and then those names; a message of files alone is indexed by them.
 */
const FILES_OF_NEW = `
  INSERT INTO message_files (message_id, sha256, name)
  SELECT new.id, json_extract(value, '$.file.sha256'), json_extract(value, '$.name')
  FROM json_each(new.attachments) WHERE json_extract(value, '$.file.sha256') IS NOT NULL;
`;
/** A message's searched text from step 9 on (`m` is the message row). */
export const INDEXED_BODY = `
  CASE WHEN m.role = 'tool' THEN substr(m.content, 1, ${INDEXED_TOOL_RESULT_CHARS}) ELSE m.content END
  || coalesce((SELECT char(10) || group_concat(name, char(10)) FROM message_files
    WHERE message_id = m.id), '')`;
const STEP_9 = `
CREATE TABLE message_files (
  message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  sha256 TEXT NOT NULL,
  name TEXT NOT NULL
);
CREATE INDEX message_files_by_message ON message_files (message_id);
CREATE INDEX message_files_by_file ON message_files (sha256);
CREATE TRIGGER message_files_kept AFTER INSERT ON messages WHEN new.attachments IS NOT NULL BEGIN
${FILES_OF_NEW}
END;
CREATE TRIGGER message_files_changed AFTER UPDATE OF attachments ON messages BEGIN
  DELETE FROM message_files WHERE message_id = old.id;
${FILES_OF_NEW}
END;
DROP TRIGGER messages_reindexed;
CREATE TRIGGER messages_reindexed AFTER UPDATE OF content, attachments ON messages
  WHEN old.id <= (SELECT indexed_through FROM search_progress) BEGIN
  DELETE FROM search_index WHERE rowid = old.id;
  INSERT INTO search_index (rowid, body, conversation_id, message_id)
  SELECT m.id, ${INDEXED_BODY}, m.conversation_id, m.id FROM messages m
  WHERE m.id = new.id AND (m.content <> '' OR EXISTS (SELECT 1 FROM message_files WHERE message_id = m.id));
END;
`;

/**
 * Step 10: a conversation is a tree of versions (tree.ts). Each message has the message it follows
 * (`parent_id`, NULL for a first message) and its place on its branch (`depth`, 0 for a first
 * message; it never changes, so a page of a branch knows how many messages come before it without
 * counting them). A conversation keeps the last message of the branch on screen
 * (`current_leaf`); the branch is that message and its parents. Messages saved before this step
 * are one branch in the order they were saved. `messages_tree` lets a walk up a branch read each
 * parent without reading the message's row (a long tool result's row spans many pages, and the
 * columns added here come after its content). Messages go only with their whole conversation, so
 * a parent is never deleted from under its children (no foreign key is needed to say so).
 */
const STEP_10 = `
ALTER TABLE messages ADD COLUMN parent_id INTEGER;
ALTER TABLE messages ADD COLUMN depth INTEGER NOT NULL DEFAULT 0;
ALTER TABLE conversations ADD COLUMN current_leaf INTEGER;
UPDATE messages SET parent_id = line.parent, depth = line.depth
  FROM (SELECT id,
      lag(id) OVER (PARTITION BY conversation_id ORDER BY id) AS parent,
      row_number() OVER (PARTITION BY conversation_id ORDER BY id) - 1 AS depth
    FROM messages) AS line
  WHERE line.id = messages.id;
UPDATE conversations SET current_leaf =
  (SELECT max(id) FROM messages WHERE conversation_id = conversations.id);
CREATE INDEX messages_by_parent ON messages (conversation_id, parent_id, id);
CREATE INDEX messages_tree ON messages (id, parent_id, depth);
`;

/**
 * Step 11: where an imported conversation came from (transfer/), so the same one imported again is
 * recognised rather than added twice: the source's own id (`chatgpt:…`, `hearth:…`) and a hash
 * of its messages (`sha256:…`). A source names one conversation; it goes with it.
 */
const STEP_11 = `
CREATE TABLE conversation_sources (
  source TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE
);
CREATE INDEX conversation_sources_by_conversation ON conversation_sources (conversation_id);
`;

/** Every step in order; step n brings a file from `user_version` n-1 to n. Only ever append. */
const MIGRATIONS: readonly string[] = [
  STEP_1,
  STEP_2,
  STEP_3,
  STEP_4,
  STEP_5,
  STEP_6,
  STEP_7,
  STEP_8,
  STEP_9,
  STEP_10,
  STEP_11,
];

/** The step that brought conversation options (a test opens a file from the step before). */
export const OPTIONS_STEP = MIGRATIONS.indexOf(STEP_7) + 1;
/** The step that made a conversation a tree of versions. */
export const TREE_STEP = MIGRATIONS.indexOf(STEP_10) + 1;
/** The step that keeps where an imported conversation came from. */
export const SOURCES_STEP = MIGRATIONS.indexOf(STEP_11) + 1;
/** The step that brought the user's files (message_files). */
export const FILES_STEP = MIGRATIONS.indexOf(STEP_9) + 1;

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Thrown when the file was written by a newer Hearth: its schema is not ours to guess at. */
export class NewerSchemaError extends Error {
  constructor(readonly version: number) {
    super(
      `it was written by a newer version of Hearth (schema ${version}, this one knows ${SCHEMA_VERSION})`,
    );
    this.name = 'NewerSchemaError';
  }
}

/**
 * Brings the file up to `SCHEMA_VERSION` (or `through`, for a test that makes an older file); a
 * step that fails leaves the file at the step before.
 */
export function migrate(database: DatabaseSync, through = SCHEMA_VERSION): void {
  const row = database.prepare('PRAGMA user_version').get();
  const current = Number(row?.user_version ?? 0);
  if (current > SCHEMA_VERSION) throw new NewerSchemaError(current);
  for (let version = current + 1; version <= through; version++) {
    database.exec('BEGIN IMMEDIATE');
    try {
      database.exec(MIGRATIONS[version - 1] ?? '');
      // PRAGMA takes no bound parameters; `version` is a loop integer, never user input.
      database.exec(`PRAGMA user_version = ${version}`);
      database.exec('COMMIT');
    } catch (error) {
      database.exec('ROLLBACK');
      throw error;
    }
  }
}
