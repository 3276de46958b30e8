import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  openConversationStore,
  type ConversationStore,
} from '../../electron/core/history/conversationStore';
import { COMMON_WORD_MATCHES } from '../../electron/core/history/search';
import { DATABASE_FILE_NAME } from '../../electron/core/history/openDatabase';
import { INDEXED_TOOL_RESULT_CHARS } from '../../electron/core/history/schema';
import type { NewMessage } from '../../electron/core/history/types';
import { tempDir } from '../support/testHost';

// Search that stays fast as history grows: long tool results are indexed by their beginning,
// and a search with a word found in a thousand messages lists the newest first instead of
// weighing and scoring them all.
const opened: ConversationStore[] = [];

afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

function open(dataDir = tempDir('search-scale')) {
  const store = openConversationStore({ dataDir, onProblem: () => undefined });
  opened.push(store);
  return store;
}

function toolResult(id: string, content: string): NewMessage {
  return { role: 'tool', toolCallId: id, toolName: 'files_read_file', content };
}

const filler = (words: number) => Array.from({ length: words }, () => 'lorem').join(' ');

describe('search over a large history', () => {
  it('finds a tool result by its beginning, not by what lies past the indexed part', () => {
    const store = open();
    const { id } = store.create({ title: 'Reading files', options: { model: 'llama3.2' } });
    const body = `openingword ${filler(INDEXED_TOOL_RESULT_CHARS / 5)} buriedword`;
    expect(body.length).toBeGreaterThan(INDEXED_TOOL_RESULT_CHARS);
    store.append(id, [
      toolResult('call-1', body),
      { role: 'assistant', content: `An answer that says buriedword.` },
    ]);
    expect(store.search('openingword').map((hit) => hit.conversationId)).toEqual([id]);
    // Only the assistant's message, which is indexed whole, holds the late word.
    const late = store.search('buriedword');
    expect(late).toHaveLength(1);
    expect(late[0]?.snippet).toContain('An answer');
    // The stored result itself is whole.
    expect(store.get(id)?.messages[0]?.content).toBe(body);
  });

  it('indexes long tool results of an older database by their beginning when it opens', () => {
    const dataDir = tempDir('search-migrate');
    const store = open(dataDir);
    const { id } = store.create({ title: 'Old history', options: { model: 'llama3.2' } });
    store.close();
    // As a database from before step 4 holds it: the whole result in the index.
    const database = new DatabaseSync(join(dataDir, DATABASE_FILE_NAME));
    const body = `firstpart ${filler(INDEXED_TOOL_RESULT_CHARS / 5)} lastpart`;
    database.exec('PRAGMA user_version = 3');
    // Nor has it what the steps after it made (step 5's turn endings, step 6's record of what
    // is indexed, which replaced the trigger that indexed each message as it was saved, step 7's
    // conversation options, which took the system prompt's column, step 8's summaries, and the
    // steps after: the tree of versions and the import sources).
    database.exec(`DROP TABLE conversation_sources;
      DROP INDEX messages_by_parent;
      DROP INDEX messages_tree;
      ALTER TABLE messages DROP COLUMN parent_id;
      ALTER TABLE messages DROP COLUMN depth;
      ALTER TABLE conversations DROP COLUMN current_leaf;`);
    database.exec('DROP TRIGGER context_summaries_forget');
    database.exec('DROP TABLE context_summaries');
    database.exec('ALTER TABLE messages DROP COLUMN ending');
    database.exec('ALTER TABLE conversations DROP COLUMN options');
    database.exec('ALTER TABLE conversations ADD COLUMN system_prompt TEXT');
    database.exec('DROP TABLE search_progress');
    // Nor the step that keeps each message's files (FILES_STEP).
    database.exec(`DROP TRIGGER message_files_kept; DROP TRIGGER message_files_changed;
      DROP TABLE message_files`);
    database.exec(`DROP TRIGGER IF EXISTS messages_indexed;
      CREATE TRIGGER messages_indexed AFTER INSERT ON messages WHEN new.content <> '' BEGIN
        INSERT INTO search_index (rowid, body, conversation_id, message_id)
        VALUES (new.id, new.content, new.conversation_id, new.id);
      END;`);
    database
      .prepare(
        `INSERT INTO messages (conversation_id, role, content, tool_call_id, tool_name, created_at)
         VALUES (?, 'tool', ?, 'call-1', 'files_read_file', '2026-01-01T00:00:00.000Z')`,
      )
      .run(id, body);
    expect(
      database
        .prepare(`SELECT count(*) AS n FROM search_index WHERE search_index MATCH 'lastpart'`)
        .get()?.n,
    ).toBe(1);
    database.close();

    const reopened = open(dataDir);
    expect(reopened.search('firstpart')).toHaveLength(1);
    expect(reopened.search('lastpart')).toHaveLength(0);
    expect(reopened.get(id)?.messages[0]?.content).toBe(body);
  });

  it(`lists the newest first when a word of the search is in ${COMMON_WORD_MATCHES} messages or more`, () => {
    const store = open();
    const { id } = store.create({ title: 'A long chat' });
    const messages: NewMessage[] = Array.from({ length: COMMON_WORD_MATCHES + 10 }, (_, index) => ({
      role: 'user',
      content:
        index === 7
          ? 'common words with a needle needle needle, twice over: needle common'
          : `common words ${index % 3 === 0 ? 'needle ' : ''}${index}`,
    }));
    const stored = store.append(id, messages);
    const newest = (count: number, pick: (index: number) => boolean) =>
      stored
        .filter((_, index) => pick(index))
        .map((message) => message.id)
        .reverse()
        .slice(0, count);
    expect(store.search('common', 20).map((hit) => hit.messageId)).toEqual(newest(20, () => true));
    // Two words, one of them common: newest first too, not the best-scored message (index 7).
    expect(store.search('needle common', 20).map((hit) => hit.messageId)).toEqual(
      newest(20, (index) => index % 3 === 0 || index === 7),
    );
    // Rarer words are ranked by relevance, however old the best match.
    expect(store.search('twice needle', 20).map((hit) => hit.messageId)).toEqual([stored[7]?.id]);
  });

  it('takes a common last word whole, not as the start of longer words', () => {
    const store = open();
    const { id } = store.create({ title: 'Words' });
    const [rare] = store.append(id, [
      { role: 'user', content: 'a commonplace remark and a photograph' },
      ...Array.from({ length: COMMON_WORD_MATCHES }, (_, index) => ({
        role: 'user' as const,
        content: `common ${index}`,
      })),
    ]);
    const hits = store.search('common', COMMON_WORD_MATCHES + 10);
    expect(hits).toHaveLength(COMMON_WORD_MATCHES);
    expect(hits.map((hit) => hit.messageId)).not.toContain(rare?.id);
    // A word few messages hold is still a prefix while it is typed.
    expect(store.search('photo').map((hit) => hit.messageId)).toEqual([rare?.id]);
  });
});
