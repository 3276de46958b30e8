/**
 * Saved conversations in `<dataDir>/conversations.sqlite`, through Node's built-in `node:sqlite`.
 * Every write is one transaction and the database syncs on commit, so the chat loop can save
 * after each completed step and a crash loses at most the step in flight.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { DatabaseSync, SQLOutputValue } from 'node:sqlite';
import type { TurnEnding } from '../../../preload/schemas/chat';
import { UserFacingError } from '../bridge/errors';
import { describeDatabaseError } from './databaseErrors';
import { DATABASE_FILE_NAME, openDatabase } from './openDatabase';
import { createContextSummaryStore, type ContextSummaryStore } from './contextSummaries';
import { createMessageCache, type SizedMessage } from './messageCache';
import { messageFromRow, messageParameters, rowCharacters, summaryFromRow } from './rows';
import { prepareSearch } from './search';
import { createSearchIndexing } from './searchIndexing';
import { toSearchExpression } from './searchQuery';
import { titleFrom } from './titles';
import { prepareTree, versionsField } from './tree';
import { prepareExportReader, type ExportReader } from './transfer/exportReader';
import type { ImportedConversation } from './transfer/types';
import { prepareImportWriter, type WriteResult } from './transfer/writeImported';
import { writeTurnEnding } from './turnEndings';
import { optionsColumns, optionsFromRow, patchedOptions } from './conversationOptions';
import type {
  Conversation,
  ConversationOptions,
  ConversationOptionsPatch,
  ConversationSummary,
  NewMessage,
  SearchHit,
  StoredMessage,
  StoredToolCall,
  ToolCallOutcome,
} from './types';

/** A page of the conversation list when the caller does not say; the sidebar asks for more. */
export const DEFAULT_LIST_LIMIT = 500;
/** Search hits when the caller does not say: more than a results list can usefully show. */
export const DEFAULT_SEARCH_LIMIT = 50;
/** Words of context `snippet()` keeps around a match (FTS5 allows at most 64). */
export const SNIPPET_TOKENS = 12;
/**
 * Around each matched term in a snippet. Control characters (STX, ETX) cannot collide with
 * Markdown or HTML in the text, so the UI can split on them and highlight with no parsing.
 */
export const SNIPPET_MATCH_START = '\u0002';
export const SNIPPET_MATCH_END = '\u0003';
const SNIPPET_ELLIPSIS = '…';

export interface OpenConversationStoreOptions {
  dataDir: string;
  /** Called with a sentence for the user when the file on disk could not be used. */
  onProblem(message: string): void;
  now?: () => Date;
}

/** The conversation history; every method is synchronous and every write is atomic. */
export interface ConversationStore {
  readonly path: string;
  /** Summaries that stand for older turns in later requests (contextSummaries.ts). */
  readonly summaries: ContextSummaryStore;
  create(input?: { title?: string; options?: ConversationOptions }): Conversation;
  /** Latest activity first. */
  list(options?: { limit?: number; offset?: number }): ConversationSummary[];
  /**
   * The conversation with all its messages, or with its last `lastMessages` only (then
   * `earlierMessages` says how many come before them; see `messagePage`).
   */
  get(id: string, options?: { lastMessages?: number }): Conversation | undefined;
  /**
   * The last `limit` messages before message `before` (the newest when absent), oldest first,
   * with how many come before them; a page never starts with tool results cut off from the call
   * they answer. Undefined when the conversation is gone.
   */
  messagePage(
    id: string,
    limit: number,
    before?: number,
  ): { messages: StoredMessage[]; earlier: number } | undefined;
  /** The last message of the branch on screen; undefined when it is empty or gone. */
  leaf(id: string): number | undefined;
  /** The conversation's title alone, without reading its messages; undefined when it is gone. */
  title(id: string): string | undefined;
  /** A tool call saved in the conversation, by its id; undefined when there is none. */
  toolCall(id: string, callId: string): StoredToolCall | undefined;
  /** A blank title goes back to one taken from the first user message. */
  rename(id: string, title: string): ConversationSummary;
  /**
   * Changes the conversation's own options from now on (a retry uses them too): a value sets
   * one, null or blank text clears it. Returns the options as saved.
   */
  setOptions(id: string, patch: ConversationOptionsPatch): ConversationOptions;
  /** False when there was no such conversation. Its messages and search rows go with it. */
  delete(id: string): boolean;
  /** The ids (SHA-256) of the user's files the conversation's messages carry. */
  filesOf(id: string): string[];
  /** Whether any message of any conversation carries the file. */
  fileInUse(sha256: string): boolean;
  /** Saves `messages` after the last one, all or none; returns them with their ids. */
  append(id: string, messages: readonly NewMessage[]): StoredMessage[];
  /** Records how a tool call of a saved assistant message ended, for the card shown from history. */
  setToolCallOutcome(
    id: string,
    messageId: number,
    callId: string,
    outcome: ToolCallOutcome,
    /** What an MCP App's call keeps besides its outcome. */
    extra?: Pick<StoredToolCall, 'appStructuredContent'>,
  ): void;
  /** Keeps what a turn's end said on the last message it saved (see turnEndings.ts). */
  setEnding(id: string, messageId: number, ending: TurnEnding): void;
  /**
   * For a new version of `messageId` (an edit, a regenerated reply): the branch on screen now
   * ends just before it, so the next messages appended are its sibling and their own branch. The
   * old version and what follows it are kept. Returns the branch's last message before, to go
   * back to when nothing was appended after all.
   */
  rewind(id: string, messageId: number): number | undefined;
  /**
   * Puts `messageId` on the branch on screen, with the newest messages under it (the branch it
   * was last continued on). Nothing is run or written but the choice.
   */
  showVersion(id: string, messageId: number): ConversationSummary;
  /** Best matches first, in message content and titles; [] when the query has no words. */
  search(query: string, limit?: number): SearchHit[];
  /**
   * `length` characters of a message's content from `offset` (counted in UTF-16 units, as
   * JavaScript strings are), and the content's whole length; undefined when the conversation
   * has no such message.
   */
  contentPage(
    id: string,
    messageId: number,
    offset: number,
    length: number,
  ): { text: string; total: number } | undefined;
  /** What an export reads, a page at a time (transfer/exportReader.ts). */
  exportReader(): ExportReader;
  /**
   * Saves imported conversations as new ones, all or none, in one transaction; one the history
   * already has is counted, not saved again (transfer/writeImported.ts).
   */
  saveImported(conversations: readonly ImportedConversation[]): WriteResult;
  close(): void;
}

/** Opens (creating, migrating or, if damaged, replacing) the history in `dataDir`. */
export function openConversationStore(options: OpenConversationStoreOptions): ConversationStore {
  const now = options.now ?? (() => new Date());
  const database = openDatabase({ dataDir: options.dataDir, onProblem: options.onProblem, now });
  const statements = prepareStatements(database);
  const search = prepareSearch(database, {
    start: SNIPPET_MATCH_START,
    end: SNIPPET_MATCH_END,
    ellipsis: SNIPPET_ELLIPSIS,
    tokens: SNIPPET_TOKENS,
  });
  const indexing = createSearchIndexing(database, {
    transaction,
    // Indexing waits for the next flush; the next save meets the same problem and says so.
    onFailed: () => undefined,
  });
  const cache = createMessageCache();
  const tree = prepareTree(database);
  let exportReader: ExportReader | undefined;
  let importWriter: ReturnType<typeof prepareImportWriter> | undefined;

  /** Branch rows as messages, each with its versions. */
  function sized(id: string, rows: readonly Record<string, SQLOutputValue>[]): SizedMessage[] {
    const forks = rows.length > 0 ? tree.forks(id) : new Map<number | null, number[]>();
    return rows.map((row) => ({
      message: { ...messageFromRow(row), ...versionsField(forks.get(parentOf(row))) },
      characters: rowCharacters(row),
    }));
  }
  let dataVersion = readDataVersion();
  let closed = false;

  function readDataVersion(): number {
    return Number(statements.dataVersion.get()?.data_version ?? 0);
  }

  /** The kept messages of `id`, unless another connection has written since they were read. */
  function cached(id: string): readonly StoredMessage[] | undefined {
    const version = readDataVersion();
    if (version !== dataVersion) {
      dataVersion = version;
      cache.clear();
    }
    return cache.get(id);
  }

  function allMessages(id: string): readonly StoredMessage[] {
    return cached(id) ?? cache.set(id, sized(id, tree.branch(id)));
  }

  /** Re-reads one message after an update, into the kept conversation. */
  function reread(id: string, messageId: number): void {
    cache.replaced(id, messageId, () => {
      const row = statements.messageRow.get(messageId, id);
      if (!row) return undefined;
      const versions = versionsField(tree.versionsOf(id, parentOf(row)));
      return { message: { ...messageFromRow(row), ...versions }, characters: rowCharacters(row) };
    });
  }

  function transaction<T>(work: () => T): T {
    try {
      // A read-only database refuses already here, before anything is written.
      database.exec('BEGIN IMMEDIATE');
    } catch (error) {
      throw describeDatabaseError(error);
    }
    try {
      const result = work();
      database.exec('COMMIT');
      return result;
    } catch (error) {
      try {
        database.exec('ROLLBACK');
      } catch {
        // SQLite ends the transaction itself on some failures (a full disk, for one).
      }
      throw describeDatabaseError(error);
    }
  }

  function requireConversation(id: string): { title: string } {
    const row = statements.conversationTitle.get(id);
    if (!row) throw new UserFacingError('That conversation no longer exists.');
    return { title: String(row.title) };
  }

  // A conversation nobody named takes its title from the first user message with words in it.
  function titleIfUntitled(id: string): void {
    if (requireConversation(id).title !== '') return;
    for (const row of statements.userMessages.all(id)) {
      const title = titleFrom(String(row.content));
      if (title !== '') {
        statements.rename.run(title, id);
        return;
      }
    }
  }

  function summary(id: string): ConversationSummary {
    const row = statements.summary.get(id);
    if (!row) throw new UserFacingError('That conversation no longer exists.');
    return summaryFromRow(row);
  }

  function messagePage(
    id: string,
    limit: number,
    before = Number.MAX_SAFE_INTEGER,
  ): { messages: StoredMessage[]; earlier: number } | undefined {
    if (!statements.conversationTitle.get(id)) return undefined;
    const kept = cached(id);
    if (kept) return pageOf(kept, limit, before);
    const newestFirst = tree.branchBefore(id, before, count(limit));
    // Results belong with the call before them: extend the page back to that call.
    while (newestFirst.length > 0 && newestFirst.at(-1)?.role === 'tool') {
      const more = tree.branchBefore(id, Number(newestFirst.at(-1)?.id), 50);
      if (more.length === 0) break;
      newestFirst.push(...more);
    }
    const rows = newestFirst.reverse();
    // A message's depth is how many come before it on its branch.
    const first = rows[0] ?? tree.branchBefore(id, before, 1)[0];
    const earlier = rows[0] ? Number(rows[0].depth) : first ? Number(first.depth) + 1 : 0;
    return { messages: sized(id, rows).map(({ message }) => message), earlier };
  }

  function insertAll(id: string, messages: readonly NewMessage[]): SizedMessage[] {
    const createdAt = now().toISOString();
    let { parent, depth } = tree.nextPlace(id);
    const first = parent;
    const stored = messages.map((message, index) => {
      const parameters = { ...messageParameters(id, message, createdAt), parent_id: parent, depth };
      const { lastInsertRowid } = statements.insertMessage.run(parameters);
      parent = Number(lastInsertRowid);
      depth++;
      // Only the first can have siblings: the others follow messages saved just now.
      const versions = index === 0 ? versionsField(tree.versionsOf(id, first)) : {};
      return {
        message: { ...messageFromRow({ ...parameters, id: parent }), ...versions },
        characters: rowCharacters(parameters),
      };
    });
    if (stored.length > 0) tree.setLeaf(id, parent);
    statements.touch.run(createdAt, id);
    titleIfUntitled(id);
    return stored;
  }

  return {
    path: join(options.dataDir, DATABASE_FILE_NAME),
    summaries: createContextSummaryStore(database, { transaction, now }),
    create(input = {}) {
      const id = randomUUID();
      const at = now().toISOString();
      const columns = optionsColumns(input.options ?? {});
      statements.insertConversation.run({ id, title: input.title?.trim() ?? '', ...columns, at });
      return { ...summary(id), options: optionsFromRow(columns), messages: [] };
    },
    list({ limit = DEFAULT_LIST_LIMIT, offset = 0 } = {}) {
      return statements.list.all(count(limit), count(offset)).map(summaryFromRow);
    },
    get(id, options = {}) {
      const row = statements.summary.get(id);
      if (!row) return undefined;
      const head = { ...summaryFromRow(row), options: optionsFromRow(row) };
      if (options.lastMessages === undefined) return { ...head, messages: [...allMessages(id)] };
      const page = messagePage(id, options.lastMessages);
      return { ...head, messages: page?.messages ?? [], earlierMessages: page?.earlier ?? 0 };
    },
    messagePage,
    leaf: (id) => tree.leaf(id),
    setOptions(id, patch) {
      return transaction(() => {
        const row = statements.summary.get(id);
        if (!row) throw new UserFacingError('That conversation no longer exists.');
        const options = patchedOptions(optionsFromRow(row), patch);
        statements.setOptions.run({ id, ...optionsColumns(options) });
        return options;
      });
    },
    title(id) {
      const row = statements.conversationTitle.get(id);
      return row ? String(row.title) : undefined;
    },
    toolCall(id, callId) {
      // Only the messages whose calls mention the id are read, then the id is matched exactly.
      for (const row of statements.toolCallsNaming.all(id, callId)) {
        if (typeof row.tool_calls !== 'string') continue;
        const found = (JSON.parse(row.tool_calls) as StoredToolCall[]).find(
          (call) => call.id === callId,
        );
        if (found) return found;
      }
      return undefined;
    },
    rename(id, title) {
      return transaction(() => {
        requireConversation(id);
        statements.rename.run(title.trim(), id);
        titleIfUntitled(id);
        return summary(id);
      });
    },
    delete(id) {
      cache.forget(id);
      return Number(statements.deleteConversation.run(id).changes) > 0;
    },
    filesOf: (id) => statements.filesOf.all(id).map((row) => String(row.sha256)),
    fileInUse: (sha256) => statements.fileInUse.get(sha256) !== undefined,
    append(id, messages) {
      const stored = transaction(() => {
        requireConversation(id);
        return insertAll(id, messages);
      });
      // After the commit: a write that failed leaves the kept messages as they were.
      indexing.saved(stored.length);
      return cache.appended(id, stored);
    },
    setToolCallOutcome(id, messageId, callId, outcome, extra) {
      transaction(() => {
        const row = statements.toolCalls.get(messageId, id);
        if (!row || typeof row.tool_calls !== 'string') return;
        const calls = JSON.parse(row.tool_calls) as StoredToolCall[];
        const updated = calls.map((call) =>
          call.id === callId ? { ...call, ...extra, outcome } : call,
        );
        statements.setToolCalls.run(JSON.stringify(updated), messageId);
      });
      reread(id, messageId);
    },
    setEnding(id, messageId, ending) {
      transaction(() => writeTurnEnding(database, id, messageId, ending));
      reread(id, messageId);
    },
    rewind(id, messageId) {
      const before = transaction(() => {
        requireConversation(id);
        const parent = tree.parentOf(id, messageId);
        if (parent === undefined)
          throw new UserFacingError('That message is no longer part of this conversation.');
        const leaf = tree.leaf(id);
        tree.setLeaf(id, parent);
        return leaf;
      });
      cache.truncated(id, messageId);
      return before;
    },
    showVersion(id, messageId) {
      const shown = transaction(() => {
        requireConversation(id);
        if (tree.parentOf(id, messageId) === undefined)
          throw new UserFacingError('That message is no longer part of this conversation.');
        tree.setLeaf(id, tree.newestUnder(id, messageId));
        return summary(id);
      });
      cache.forget(id);
      return shown;
    },
    search(query, limit = DEFAULT_SEARCH_LIMIT) {
      const expression = toSearchExpression(query);
      if (expression === undefined) return [];
      try {
        indexing.flush();
      } catch {
        // A database that cannot be written to now is searched as far as it is indexed.
      }
      return search(expression, count(limit));
    },
    contentPage(id, messageId, offset, length) {
      const row = statements.content.get(messageId, id);
      if (!row) return undefined;
      const content = String(row.content);
      return { text: content.slice(offset, offset + length), total: content.length };
    },
    exportReader: () => (exportReader ??= prepareExportReader(database)),
    saveImported(conversations) {
      importWriter ??= prepareImportWriter(database);
      const write = importWriter;
      const result = transaction(() => write(conversations));
      indexing.saved(result.messages);
      return result;
    },
    close() {
      if (closed) return;
      closed = true;
      cache.clear();
      try {
        indexing.close();
      } catch {
        // What waits is indexed at the next start's first search.
      }
      database.close();
    },
  };
}

/**
 * `messagePage` over a conversation's kept messages, page for page what the database gives: the
 * last `limit` before `before`, extended back 50 at a time while it starts with a tool result.
 */
function pageOf(
  messages: readonly StoredMessage[],
  limit: number,
  before: number,
): { messages: StoredMessage[]; earlier: number } {
  let end = messages.findIndex((message) => message.id >= before);
  if (end === -1) end = messages.length;
  let from = Math.max(0, end - count(limit));
  if (from < end) while (from > 0 && messages[from]?.role === 'tool') from = Math.max(0, from - 50);
  return { messages: messages.slice(from, end), earlier: from };
}

/** A non-negative whole number for LIMIT and OFFSET, whatever the caller passed. */
function count(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
}

function prepareStatements(database: DatabaseSync) {
  // The branch on screen ends at `current_leaf`, whose depth counts the messages before it.
  const summaryColumns = `c.id, c.title, c.model, c.options, c.created_at, c.updated_at,
    coalesce((SELECT m.depth + 1 FROM messages m INDEXED BY messages_tree
      WHERE m.id = c.current_leaf), 0)
      AS message_count`;
  const prepare = (sql: string) => database.prepare(sql);
  return {
    insertConversation: prepare(`INSERT INTO conversations
      (id, title, model, options, created_at, updated_at)
      VALUES ($id, $title, $model, $options, $at, $at)`),
    conversationTitle: prepare('SELECT title FROM conversations WHERE id = ?'),
    summary: prepare(`SELECT ${summaryColumns} FROM conversations c WHERE c.id = ?`),
    list: prepare(`SELECT ${summaryColumns} FROM conversations c
      ORDER BY c.updated_at DESC, c.key DESC LIMIT ? OFFSET ?`),
    rename: prepare('UPDATE conversations SET title = ? WHERE id = ?'),
    setOptions: prepare(
      'UPDATE conversations SET model = $model, options = $options WHERE id = $id',
    ),
    touch: prepare('UPDATE conversations SET updated_at = ? WHERE id = ?'),
    userMessages: prepare(
      "SELECT content FROM messages WHERE conversation_id = ? AND role = 'user' ORDER BY id",
    ),
    deleteConversation: prepare('DELETE FROM conversations WHERE id = ?'),
    filesOf: prepare(`SELECT DISTINCT f.sha256 FROM message_files f
      JOIN messages m ON m.id = f.message_id WHERE m.conversation_id = ?`),
    fileInUse: prepare('SELECT 1 FROM message_files WHERE sha256 = ? LIMIT 1'),
    insertMessage: prepare(`INSERT INTO messages (conversation_id, role, content, thinking,
        tool_calls, tool_call_id, tool_name, model, timings, attachments, request_facts,
        created_at, parent_id, depth)
      VALUES ($conversation_id, $role, $content, $thinking, $tool_calls, $tool_call_id,
        $tool_name, $model, $timings, $attachments, $request_facts, $created_at, $parent_id,
        $depth)`),
    messageRow: prepare('SELECT * FROM messages WHERE id = ? AND conversation_id = ?'),
    /** Changes when another connection commits (SQLite's PRAGMA data_version). */
    dataVersion: prepare('PRAGMA data_version'),
    content: prepare('SELECT content FROM messages WHERE id = ? AND conversation_id = ?'),
    toolCalls: prepare('SELECT tool_calls FROM messages WHERE id = ? AND conversation_id = ?'),
    toolCallsNaming: prepare(
      'SELECT tool_calls FROM messages WHERE conversation_id = ? AND instr(tool_calls, ?) > 0',
    ),
    setToolCalls: prepare('UPDATE messages SET tool_calls = ? WHERE id = ?'),
  };
}

/** The parent a message row follows (null for a first message). */
function parentOf(row: Record<string, SQLOutputValue>): number | null {
  return row.parent_id === null || row.parent_id === undefined ? null : Number(row.parent_id);
}
