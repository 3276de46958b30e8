import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  openConversationStore,
  type ConversationStore,
} from '../../electron/core/history/conversationStore';
import { DATABASE_FILE_NAME } from '../../electron/core/history/openDatabase';
import { INDEXED_TOOL_RESULT_CHARS } from '../../electron/core/history/schema';
import { INDEX_BATCH, INDEX_PAUSE_MS } from '../../electron/core/history/searchIndexing';
import type { NewMessage } from '../../electron/core/history/types';
import { tempDir } from '../support/testHost';

// The store keeps the messages of the conversations read last, and indexes saved messages for
// search a moment later: neither may ever show anything the file does not hold.
const opened: ConversationStore[] = [];

afterEach(() => {
  vi.useRealTimers();
  for (const store of opened.splice(0)) store.close();
});

function open(dataDir: string) {
  const store = openConversationStore({ dataDir, onProblem: () => undefined });
  opened.push(store);
  return store;
}

/** What a store that never read the conversation before finds in the file. */
function fresh(dataDir: string, run: (store: ConversationStore) => unknown): unknown {
  const store = openConversationStore({ dataDir, onProblem: () => undefined });
  try {
    return run(store);
  } finally {
    store.close();
  }
}

/** `value`, which the test has just made sure is there. */
function there<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Expected a value here');
  return value;
}

const call = (id: string): NewMessage => ({
  role: 'assistant',
  content: '',
  model: 'qwen3:8b',
  toolCalls: [
    {
      id,
      server: 'files',
      tool: 'read_file',
      modelName: 'files_read_file',
      arguments: { path: `~/notes/${id}.md` },
    },
  ],
});
const result = (id: string, content = `contents of ${id}`): NewMessage => ({
  role: 'tool',
  content,
  toolCallId: id,
  toolName: 'files_read_file',
});

/** Messages (not titles, whose rowids are negative) the index holds with `word`. */
function countIndexed(dataDir: string, word: string): number {
  const database = new DatabaseSync(join(dataDir, DATABASE_FILE_NAME), { readOnly: true });
  try {
    return Number(
      database
        .prepare('SELECT count(*) AS n FROM search_index WHERE search_index MATCH ? AND rowid > 0')
        .get(word)?.n,
    );
  } finally {
    database.close();
  }
}

describe('the messages a store keeps', () => {
  it('read as the file holds them after every kind of write', () => {
    const dataDir = tempDir('kept-messages');
    const store = open(dataDir);
    const { id } = store.create({ options: { model: 'qwen3:8b' } });
    const same = () => {
      expect(store.get(id)).toEqual(fresh(dataDir, (other) => other.get(id)));
      for (const [limit, before] of [
        [1, undefined],
        [3, undefined],
        [2, 1_000_000],
        [0, undefined],
      ] as const) {
        const last = store.get(id)?.messages.at(-2)?.id;
        for (const at of [before, last]) {
          expect(store.messagePage(id, limit, at)).toEqual(
            fresh(dataDir, (other) => other.messagePage(id, limit, at)),
          );
        }
      }
    };
    same(); // empty, and now kept
    store.append(id, [{ role: 'user', content: 'Read my notes' }]);
    same();
    const [asked] = store.append(id, [call('a')]);
    same();
    store.setToolCallOutcome(id, there(asked).id, 'a', 'done', {
      appStructuredContent: { rows: 3 },
    });
    same();
    const [answered] = store.append(id, [result('a'), { role: 'assistant', content: 'Done.' }]);
    same();
    store.setEnding(id, there(answered).id + 1, {
      state: 'done',
      message: 'Cut at the length limit.',
    });
    same();
    const [retried] = store.append(id, [{ role: 'user', content: 'Again' }]);
    store.append(id, [{ role: 'assistant', content: 'Once more.' }]);
    same();
    // A new version of a message on the kept branch: the branch is cut before it, then grows.
    store.rewind(id, there(retried).id);
    same();
    store.append(id, [{ role: 'user', content: 'Again, shorter' }]);
    same();
    // Back to the first version, and a new version of the very first message.
    store.showVersion(id, there(retried).id);
    same();
    const first = there(store.get(id)?.messages[0]).id;
    store.rewind(id, first);
    same();
    store.append(id, [{ role: 'user', content: 'Start over' }]);
    same();
    // A version not on the kept branch: the store reads the branch it leads to.
    store.rewind(id, there(retried).id);
    same();
    store.append(id, [{ role: 'user', content: 'Again, third' }]);
    same();
    // An import writes conversations of its own, and the kept one reads as before.
    store.saveImported([
      {
        sources: ['test:one'],
        title: 'Imported',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        messages: [
          {
            key: 'a',
            parent: null,
            message: { role: 'user', content: 'Hi', createdAt: '2026-01-01T00:00:00.000Z' },
          },
        ],
      },
    ]);
    same();
    store.rename(id, 'Notes');
    store.setOptions(id, { instructions: 'Be brief.' });
    same();
    expect(() => store.append(id, [{ role: 'robot' as never, content: 'refused' }])).toThrow();
    same();
    store.delete(id);
    expect(store.get(id)).toBeUndefined();
    expect(store.messagePage(id, 10)).toBeUndefined();
  });

  it('gives pages that never start with results cut off from their call, as the file does', () => {
    const dataDir = tempDir('kept-pages');
    const store = open(dataDir);
    const { id } = store.create({ options: { model: 'qwen3:8b' } });
    const calls = Array.from({ length: 70 }, (_, index) => `c${index}`);
    store.append(id, [
      { role: 'user', content: 'Read them all' },
      {
        ...call('x'),
        toolCalls: calls.map((callId) => ({
          ...there(there(call(callId).toolCalls)[0]),
          id: callId,
        })),
      },
      ...calls.map((callId) => result(callId)),
      { role: 'assistant', content: 'All read.' },
    ]);
    const all = there(store.get(id)).messages;
    for (const limit of [1, 5, 50, 71, 200])
      for (const before of [
        undefined,
        there(all.at(-1)).id,
        there(all.at(-20)).id,
        there(all[2]).id,
      ])
        expect(store.messagePage(id, limit, before)).toEqual(
          fresh(dataDir, (other) => other.messagePage(id, limit, before)),
        );
  });

  it('hands out the same frozen messages until one changes', () => {
    const store = open(tempDir('kept-frozen'));
    const { id } = store.create({ options: { model: 'qwen3:8b' } });
    store.get(id); // as a turn reads its conversation before it saves
    const [asked] = store.append(id, [call('a')]);
    const first = there(store.get(id)).messages;
    expect(Object.isFrozen(first[0])).toBe(true);
    // What append returned is what later reads give: per-message work is kept by identity.
    expect(first[0]).toBe(asked);
    expect(there(store.get(id)).messages[0]).toBe(first[0]);
    store.setToolCallOutcome(id, there(asked).id, 'a', 'denied');
    const changed = there(store.get(id)).messages[0];
    expect(changed).not.toBe(first[0]);
    expect(changed?.toolCalls?.[0]?.outcome).toBe('denied');
    expect(first[0]?.toolCalls?.[0]?.outcome).toBeUndefined();
  });

  it('reads the file again after another connection wrote to it', () => {
    const dataDir = tempDir('kept-other-writer');
    const store = open(dataDir);
    const { id } = store.create({ options: { model: 'qwen3:8b' } });
    store.append(id, [{ role: 'user', content: 'first' }]);
    expect(store.get(id)?.messages).toHaveLength(1);
    fresh(dataDir, (other) => other.append(id, [{ role: 'user', content: 'from elsewhere' }]));
    expect(store.get(id)?.messages.map((message) => message.content)).toEqual([
      'first',
      'from elsewhere',
    ]);
    const database = new DatabaseSync(join(dataDir, DATABASE_FILE_NAME));
    database
      .prepare("UPDATE messages SET content = 'edited by hand' WHERE content = 'first'")
      .run();
    database.close();
    expect(store.get(id)?.messages[0]?.content).toBe('edited by hand');
    expect(
      store.messagePage(id, 1, there(there(store.get(id)).messages[1]).id)?.messages[0]?.content,
    ).toBe('edited by hand');
  });
});

/** The messages (not titles) a search finds. */
const messageHits = (store: ConversationStore, query: string) =>
  store.search(query).filter((hit) => hit.messageId !== undefined);

describe('indexing saved messages for search', () => {
  it('finds a message saved a moment ago, before the pause has passed', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const dataDir = tempDir('index-search');
    const store = open(dataDir);
    const { id } = store.create({ options: { model: 'qwen3:8b' } });
    store.append(id, [{ role: 'user', content: 'Where is the zebrafish note?' }]);
    expect(countIndexed(dataDir, 'zebrafish')).toBe(0);
    expect(messageHits(store, 'zebrafish').map((hit) => hit.conversationId)).toEqual([id]);
    expect(countIndexed(dataDir, 'zebrafish')).toBe(1);
  });

  it('indexes what was saved once the pause has passed, with no search', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const dataDir = tempDir('index-pause');
    const store = open(dataDir);
    const { id } = store.create({ options: { model: 'qwen3:8b' } });
    store.append(id, [{ role: 'user', content: 'quokka' }]);
    vi.advanceTimersByTime(INDEX_PAUSE_MS - 1);
    expect(countIndexed(dataDir, 'quokka')).toBe(0);
    vi.advanceTimersByTime(1);
    expect(countIndexed(dataDir, 'quokka')).toBe(1);
  });

  it(`indexes at once when ${INDEX_BATCH} messages wait`, () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const dataDir = tempDir('index-batch');
    const store = open(dataDir);
    const { id } = store.create({ options: { model: 'qwen3:8b' } });
    const many = Array.from({ length: INDEX_BATCH }, (_, index) => ({
      role: 'user' as const,
      content: `ocelot ${index}`,
    }));
    store.append(id, many);
    expect(countIndexed(dataDir, 'ocelot')).toBe(INDEX_BATCH);
  });

  it('finds after a crash what was saved but not yet indexed', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const dataDir = tempDir('index-crash');
    // Never closed and its pause never passes: as a Hearth killed a moment after a save.
    const crashed = openConversationStore({ dataDir, onProblem: () => undefined });
    const { id } = crashed.create({ options: { model: 'qwen3:8b' } });
    crashed.append(id, [{ role: 'user', content: 'pangolin' }]);
    expect(countIndexed(dataDir, 'pangolin')).toBe(0);
    const reopened = open(dataDir);
    expect(messageHits(reopened, 'pangolin').map((hit) => hit.conversationId)).toEqual([id]);
    expect(countIndexed(dataDir, 'pangolin')).toBe(1);
  });

  it('never indexes a message twice, nor one deleted while it waited', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const dataDir = tempDir('index-once');
    const store = open(dataDir);
    const { id } = store.create({ options: { model: 'qwen3:8b' } });
    store.append(id, [{ role: 'user', content: 'axolotl one' }]);
    expect(messageHits(store, 'axolotl')).toHaveLength(1);
    // A conversation deleted while its messages wait: they never reach the index.
    const other = store.create({ options: { model: 'qwen3:8b' } }).id;
    store.append(other, [{ role: 'user', content: 'axolotl two' }]);
    store.delete(other);
    // Every version is indexed: one replaced on screen is still found.
    const [replaced] = store.append(id, [{ role: 'user', content: 'axolotl three' }]);
    store.rewind(id, there(replaced).id);
    store.append(id, [{ role: 'user', content: 'axolotl six' }]);
    vi.advanceTimersByTime(INDEX_PAUSE_MS);
    expect(messageHits(store, 'axolotl')).toHaveLength(3);
    expect(messageHits(store, 'two')).toHaveLength(0);
    // A waiting message whose content changed is indexed as it then reads, once.
    store.append(id, [{ role: 'user', content: 'axolotl four' }]);
    const database = new DatabaseSync(join(dataDir, DATABASE_FILE_NAME));
    database
      .prepare("UPDATE messages SET content = 'axolotl five' WHERE content = 'axolotl four'")
      .run();
    database.close();
    expect(messageHits(store, 'axolotl')).toHaveLength(4);
    expect(messageHits(store, 'five')).toHaveLength(1);
    expect(messageHits(store, 'four')).toHaveLength(0);
  });

  it('keeps what an older file indexed as each message was saved, and indexes the rest', () => {
    const dataDir = tempDir('index-migrate');
    const store = openConversationStore({ dataDir, onProblem: () => undefined });
    const { id } = store.create({ options: { model: 'qwen3:8b' } });
    store.append(id, [{ role: 'user', content: 'capybara before' }]);
    store.close();
    // As a file of step 5 holds it: each message indexed by a trigger as it was saved, the
    // system prompt in its own column (before options), no summaries (step 8), no files of each
    // message, no tree of versions and no import sources (the steps after).
    const database = new DatabaseSync(join(dataDir, DATABASE_FILE_NAME));
    database.exec(`DROP TABLE conversation_sources;
      DROP INDEX messages_by_parent;
      DROP INDEX messages_tree;
      ALTER TABLE messages DROP COLUMN parent_id;
      ALTER TABLE messages DROP COLUMN depth;
      ALTER TABLE conversations DROP COLUMN current_leaf;
      DROP TRIGGER context_summaries_forget;
      DROP TABLE context_summaries;
      ALTER TABLE conversations DROP COLUMN options;
      ALTER TABLE conversations ADD COLUMN system_prompt TEXT;
      DROP TABLE search_progress;
      DROP TRIGGER messages_reindexed;
      DROP TRIGGER message_files_kept;
      DROP TRIGGER message_files_changed;
      DROP TABLE message_files;
      CREATE TRIGGER messages_indexed AFTER INSERT ON messages WHEN new.content <> '' BEGIN
        INSERT INTO search_index (rowid, body, conversation_id, message_id)
        VALUES (new.id,
          CASE WHEN new.role = 'tool' THEN substr(new.content, 1, ${INDEXED_TOOL_RESULT_CHARS}) ELSE new.content END,
          new.conversation_id, new.id);
      END;
      CREATE TRIGGER messages_reindexed AFTER UPDATE OF content ON messages BEGIN
        DELETE FROM search_index WHERE rowid = old.id;
        INSERT INTO search_index (rowid, body, conversation_id, message_id)
        SELECT new.id, new.content, new.conversation_id, new.id WHERE new.content <> '';
      END;
      PRAGMA user_version = 5;`);
    database
      .prepare(
        `INSERT INTO messages (conversation_id, role, content, created_at)
         VALUES (?, 'user', 'capybara by step five', '2026-01-01T00:00:00.000Z')`,
      )
      .run(id);
    database.close();

    const reopened = open(dataDir);
    reopened.append(id, [{ role: 'user', content: 'capybara after' }]);
    expect(messageHits(reopened, 'capybara')).toHaveLength(3);
    expect(countIndexed(dataDir, 'capybara')).toBe(3);
  });
});
