import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import {
  openConversationStore,
  SNIPPET_MATCH_END,
  SNIPPET_MATCH_START,
  type ConversationStore,
} from '../../electron/core/history/conversationStore';
import { DATABASE_FILE_NAME } from '../../electron/core/history/openDatabase';
import { migrate, OPTIONS_STEP, SCHEMA_VERSION } from '../../electron/core/history/schema';
import type { NewMessage } from '../../electron/core/history/types';
import { tempDir } from '../support/testHost';

const opened: ConversationStore[] = [];

afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

/** A store on real files, with a clock that moves one second per call. */
function open(dataDir = tempDir('history')) {
  const problems: string[] = [];
  let tick = 0;
  const store = openConversationStore({
    dataDir,
    onProblem: (message) => problems.push(message),
    now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5) + 1_000 * tick++),
  });
  opened.push(store);
  return { store, problems, dataDir };
}

const question: NewMessage = { role: 'user', content: 'Which files are in my notes folder?' };

const toolTurn: NewMessage[] = [
  {
    role: 'assistant',
    content: '',
    thinking: 'I should list the folder.',
    model: 'qwen3:8b',
    toolCalls: [
      {
        id: 'call-1',
        server: 'files',
        tool: 'list_directory',
        modelName: 'files_list_directory',
        arguments: { path: '~/notes', depth: 1, filters: ['*.md'] },
        outcome: 'done',
      },
    ],
    timings: { totalMs: 1_200, promptTokens: 310, evalTokens: 42, evalMs: 800 },
  },
  {
    role: 'tool',
    content: 'groceries.md\nrecipes.md',
    toolCallId: 'call-1',
    toolName: 'files_list_directory',
  },
  { role: 'assistant', content: 'You have groceries.md and recipes.md.', model: 'qwen3:8b' },
];

describe('the conversation store', () => {
  it('creates a conversation and gets it back with no messages', () => {
    const { store, problems } = open();
    const created = store.create({
      title: 'Trip',
      options: { model: 'llama3.2', instructions: 'Be brief.' },
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.get(created.id)).toEqual({
      id: created.id,
      title: 'Trip',
      model: 'llama3.2',
      options: { model: 'llama3.2', instructions: 'Be brief.' },
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:05.000Z',
      messageCount: 0,
      messages: [],
    });
    expect(created).toEqual(store.get(created.id));
    expect(problems).toEqual([]);
  });

  it('gives undefined for a conversation that does not exist', () => {
    expect(open().store.get('no-such-id')).toBeUndefined();
  });

  it('lists the most recently active conversation first, in pages', () => {
    const { store } = open();
    const first = store.create({ title: 'first' });
    const second = store.create({ title: 'second' });
    const third = store.create({ title: 'third' });
    store.append(first.id, [question]);
    expect(store.list().map((summary) => summary.title)).toEqual(['first', 'third', 'second']);
    expect(store.list({ limit: 1, offset: 1 }).map((summary) => summary.id)).toEqual([third.id]);
    expect(store.list({ offset: 2 }).map((summary) => summary.id)).toEqual([second.id]);
    expect(store.list()[0]?.messageCount).toBe(1);
  });

  it('renames a conversation, and a blank name falls back to the first user message', () => {
    const { store } = open();
    const { id } = store.create({ title: 'Old' });
    store.append(id, [question]);
    expect(store.rename(id, '  New name  ').title).toBe('New name');
    expect(store.get(id)?.title).toBe('New name');
    expect(store.rename(id, '   ').title).toBe('Which files are in my notes folder?');
  });

  it('titles an untitled conversation from the first user message with words', () => {
    const { store } = open();
    const { id } = store.create();
    expect(store.get(id)?.title).toBe('');
    store.append(id, [{ role: 'user', content: '   ' }]);
    expect(store.get(id)?.title).toBe('');
    store.append(id, [{ role: 'user', content: 'Plan a picnic\nfor six people' }]);
    store.append(id, [{ role: 'user', content: 'Something else' }]);
    expect(store.get(id)?.title).toBe('Plan a picnic');
  });

  it('changes some options and keeps the rest; null or blank text clears one', () => {
    const { store } = open();
    const { id } = store.create({ options: { model: 'llama3.2' } });
    expect(
      store.setOptions(id, { instructions: '  Answer in French. ', temperature: 0.2 }),
    ).toEqual({ model: 'llama3.2', instructions: 'Answer in French.', temperature: 0.2 });
    expect(store.get(id)?.options).toEqual({
      model: 'llama3.2',
      instructions: 'Answer in French.',
      temperature: 0.2,
    });
    store.setOptions(id, { model: 'qwen3:8b', temperature: null });
    expect(store.get(id)?.options).toEqual({
      model: 'qwen3:8b',
      instructions: 'Answer in French.',
    });
    expect(store.list()[0]?.model).toBe('qwen3:8b');
    store.setOptions(id, { instructions: '   ' });
    expect(store.get(id)?.options).toEqual({ model: 'qwen3:8b' });
  });

  it('refuses an option out of bounds and keeps the saved ones', () => {
    const { store } = open();
    const { id } = store.create({ options: { temperature: 0.7 } });
    expect(() => store.setOptions(id, { temperature: 5 })).toThrow();
    expect(store.get(id)?.options).toEqual({ temperature: 0.7 });
  });

  it('drops an option edited out of shape on disk alone, keeping the others', () => {
    const { store, dataDir } = open();
    const { id } = store.create({ options: { model: 'llama3.2', instructions: 'Be brief.' } });
    store.close();
    const database = new DatabaseSync(join(dataDir, DATABASE_FILE_NAME));
    database
      .prepare(`UPDATE conversations SET options = ? WHERE id = ?`)
      .run(JSON.stringify({ instructions: 'Be brief.', temperature: 'hot' }), id);
    database.close();
    expect(open(dataDir).store.get(id)?.options).toEqual({
      model: 'llama3.2',
      instructions: 'Be brief.',
    });
  });

  it('opens a file from before options with each system prompt as the instructions', () => {
    const dataDir = tempDir('history-options');
    const database = new DatabaseSync(join(dataDir, DATABASE_FILE_NAME));
    migrate(database, OPTIONS_STEP - 1);
    const insert = database.prepare(`INSERT INTO conversations
      (id, title, model, system_prompt, created_at, updated_at)
      VALUES (?, ?, ?, ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`);
    insert.run('with-prompt', 'Old', 'llama3.2', 'Answer in French.');
    insert.run('without', 'Plain', null, null);
    database.close();
    const { store, problems } = open(dataDir);
    expect(store.get('with-prompt')?.options).toEqual({
      model: 'llama3.2',
      instructions: 'Answer in French.',
    });
    expect(store.get('without')?.options).toEqual({});
    expect(problems).toEqual([]);
    const reopened = new DatabaseSync(join(dataDir, DATABASE_FILE_NAME));
    expect(reopened.prepare('PRAGMA user_version').get()?.user_version).toBe(SCHEMA_VERSION);
    reopened.close();
  });

  it('deletes a conversation with its messages and its search rows', () => {
    const { store } = open();
    const kept = store.create({ title: 'kept' });
    const gone = store.create({ title: 'doomed walrus' });
    store.append(gone.id, [{ role: 'user', content: 'walrus facts please' }]);
    store.append(kept.id, [question]);
    expect(store.delete(gone.id)).toBe(true);
    expect(store.delete(gone.id)).toBe(false);
    expect(store.get(gone.id)).toBeUndefined();
    expect(store.list().map((summary) => summary.id)).toEqual([kept.id]);
    expect(store.search('walrus')).toEqual([]);
    expect(store.get(kept.id)?.messages).toHaveLength(1);
  });

  it('refuses to write to a conversation that does not exist', () => {
    const { store } = open();
    expect(() => store.append('missing', [question])).toThrow(/no longer exists/);
    expect(() => store.rename('missing', 'x')).toThrow(/no longer exists/);
    expect(() => store.setOptions('missing', { instructions: 'x' })).toThrow(/no longer exists/);
  });

  it('appends a tool-call turn and gives every field back as it went in', () => {
    const { store } = open();
    const { id } = store.create();
    const stored = store.append(id, [question, ...toolTurn]);
    expect(stored.map((message) => message.id)).toEqual([1, 2, 3, 4]);
    const expected = [question, ...toolTurn].map((message, index) => ({
      ...message,
      id: index + 1,
      createdAt: '2026-01-02T03:04:06.000Z',
    }));
    expect(stored).toEqual(expected);
    const conversation = store.get(id);
    expect(conversation?.messages).toEqual(expected);
    expect(conversation?.updatedAt).toBe('2026-01-02T03:04:06.000Z');
    expect(conversation?.messageCount).toBe(4);
    expect(conversation?.messages[2]).not.toHaveProperty('thinking');
  });

  it('saves all of an append or none of it', () => {
    const { store } = open();
    const { id } = store.create();
    const bad = { role: 'narrator', content: 'once upon a time' } as unknown as NewMessage;
    expect(() => store.append(id, [question, bad])).toThrow();
    expect(store.get(id)?.messages).toEqual([]);
    expect(store.get(id)?.title).toBe('');
  });

  it('keeps a replaced reply as a version, and never reuses an id', () => {
    const { store } = open();
    const { id } = store.create();
    const [, assistantReply] = store.append(id, [question, ...toolTurn]);
    expect(store.rewind(id, assistantReply?.id ?? 0)).toBe(4);
    const retried = store.append(id, [{ role: 'assistant', content: 'A second try.' }]);
    expect(retried.map((message) => message.id)).toEqual([5]);
    expect(retried[0]?.versions).toEqual([2, 5]);
    const shown = store.get(id);
    expect(shown?.messages.map((message) => message.content)).toEqual([
      question.content,
      'A second try.',
    ]);
    expect(shown?.messageCount).toBe(2);
    // Search finds every version, the one off screen too.
    const hits = store.search('groceries').map((hit) => hit.messageId);
    expect(hits.sort()).toEqual([3, 4]);
    // Back to the first version: its whole branch, as it was.
    expect(store.showVersion(id, 2).messageCount).toBe(4);
    expect(store.get(id)?.messages.map((message) => message.id)).toEqual([1, 2, 3, 4]);
    expect(store.get(id)?.messages[1]?.versions).toEqual([2, 5]);
    // A new version of the first message starts a branch of its own.
    store.rewind(id, 1);
    expect(store.get(id)?.messages).toEqual([]);
    const edited = store.append(id, [{ role: 'user', content: 'Edited question' }]);
    expect(store.get(id)?.messages).toEqual(edited);
    expect(edited[0]?.versions).toEqual([1, 6]);
    // A search hit off screen opens on the branch that holds it.
    store.showVersion(id, 3);
    expect(store.get(id)?.messages.map((message) => message.id)).toEqual([1, 2, 3, 4]);
  });

  it('reads a file saved before versions as one branch per conversation', () => {
    const { store, dataDir } = open();
    const { id } = store.create();
    store.append(id, [question, ...toolTurn]);
    const other = store.create().id;
    store.append(other, [question]);
    store.close();
    // As a file of the step before holds it: no parents, no branch on screen.
    const database = new DatabaseSync(join(dataDir, DATABASE_FILE_NAME));
    // Steps 7 (versions) and 8 (import sources) undone, the last two when this was written.
    database.exec(`DROP TABLE conversation_sources;
      DROP INDEX messages_by_parent;
      DROP INDEX messages_tree;
      ALTER TABLE messages DROP COLUMN parent_id;
      ALTER TABLE messages DROP COLUMN depth;
      ALTER TABLE conversations DROP COLUMN current_leaf;
      PRAGMA user_version = ${SCHEMA_VERSION - 2};`);
    database.close();
    const reopened = open(dataDir).store;
    expect(reopened.get(id)?.messages.map((message) => message.id)).toEqual([1, 2, 3, 4]);
    expect(reopened.get(id)?.messageCount).toBe(4);
    expect(reopened.messagePage(id, 1)).toMatchObject({ earlier: 3 });
    expect(reopened.get(other)?.messages.map((message) => message.id)).toEqual([5]);
    // The next message follows the last one saved before.
    reopened.rewind(id, 4);
    const [again] = reopened.append(id, [{ role: 'assistant', content: 'Again.' }]);
    expect(again?.versions).toEqual([4, again?.id]);
  });

  it('refuses a version of a message of another conversation and changes nothing', () => {
    const { store } = open();
    const mine = store.create();
    const other = store.create();
    const [foreign] = store.append(other.id, [question]);
    store.append(mine.id, [question]);
    expect(() => store.rewind(mine.id, foreign?.id ?? 0)).toThrow(/no longer part/);
    expect(() => store.showVersion(mine.id, foreign?.id ?? 0)).toThrow(/no longer part/);
    expect(store.get(other.id)?.messages).toHaveLength(1);
    expect(store.get(mine.id)?.messages).toHaveLength(1);
  });

  it('finds words in message content with the matches marked', () => {
    const { store } = open();
    const { id } = store.create({ title: 'Shopping' });
    const [, , toolResult] = store.append(id, [question, ...toolTurn]);
    const hits = store.search('recipes');
    const toolResultId = toolResult?.id ?? 0;
    expect(hits.map((hit) => hit.messageId).sort()).toEqual([toolResultId, toolResultId + 1]);
    expect(hits[0]).toMatchObject({ conversationId: id, title: 'Shopping' });
    expect(hits[0]?.snippet).toContain(`${SNIPPET_MATCH_START}recipes${SNIPPET_MATCH_END}`);
  });

  it('finds words in titles, as hits without a message id', () => {
    const { store } = open();
    const { id } = store.create({ title: 'Marathon training plan' });
    store.rename(id, 'Half marathon schedule');
    expect(store.search('training')).toEqual([]);
    expect(store.search('schedule')).toEqual([
      {
        conversationId: id,
        title: 'Half marathon schedule',
        snippet: `Half marathon ${SNIPPET_MATCH_START}schedule${SNIPPET_MATCH_END}`,
      },
    ]);
  });

  it('matches the last word as a prefix, so results follow typing', () => {
    const { store } = open();
    const { id } = store.create();
    store.append(id, [{ role: 'user', content: 'Explain photosynthesis simply' }]);
    expect(store.search('photo')).toHaveLength(2);
    expect(store.search('explain photo')).toHaveLength(2);
    expect(store.search('explain photx')).toEqual([]);
  });

  it('requires every word, ignores case and accents', () => {
    const { store } = open();
    const { id } = store.create({ title: 'x' });
    store.append(id, [{ role: 'user', content: 'Un CAFÉ à Montréal' }]);
    expect(store.search('cafe montreal')).toHaveLength(1);
    expect(store.search('cafe paris')).toEqual([]);
  });

  it.each(['!!!', '"', '***', '( ) - ^ :', '   '])(
    'returns nothing for the punctuation-only query %j',
    (query) => {
      const { store } = open();
      const { id } = store.create({ title: 'anything' });
      store.append(id, [{ role: 'user', content: 'quotes " and stars * and dashes -' }]);
      expect(store.search(query)).toEqual([]);
    },
  );

  it.each([
    ['a stray quote', 'say "hello', 'say hello there'],
    ['a star in the middle', 'foo*bar', 'foo bar baz'],
    ['NEAR as a word', 'NEAR', 'the shop is near here'],
    ['NEAR syntax', 'NEAR(a b)', 'near a b'],
    ['AND, OR and NOT', 'cats AND NOT dogs OR', 'cats and not dogs or birds'],
    ['a column filter', 'body:secret', 'body secret'],
    ['a caret and braces', '^start {x y}', 'start x y'],
  ])('searches safely for %s', (_label, query, content) => {
    const { store } = open();
    const { id } = store.create({ title: 'safe' });
    store.append(id, [{ role: 'user', content }]);
    expect(() => store.search(query)).not.toThrow();
    expect(store.search(query).map((hit) => hit.conversationId)).toEqual([id]);
  });

  it('keeps everything after the store is closed and opened again', () => {
    const first = open();
    const { id } = first.store.create({ title: 'Durable', options: { instructions: 'Stay.' } });
    first.store.append(id, [question, ...toolTurn]);
    const before = first.store.get(id);
    first.store.close();
    const second = open(first.dataDir);
    expect(second.store.get(id)).toEqual(before);
    expect(second.store.search('groceries')).toHaveLength(2);
    expect(second.store.append(id, [question])[0]?.id).toBe(5);
    expect(second.problems).toEqual([]);
  });

  it('writes its file for the user alone, in WAL mode', () => {
    const { store, dataDir } = open();
    store.create();
    if (process.platform !== 'win32') expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dataDir, 'conversations.sqlite-wal'))).toBe(true);
  });

  it('sets a file of random bytes aside with a timestamp, starts empty and says where it went', () => {
    const dataDir = tempDir('history');
    const junk = randomBytes(8_192);
    writeFileSync(join(dataDir, 'conversations.sqlite'), junk);
    writeFileSync(join(dataDir, 'conversations.sqlite-wal'), 'stale');
    const { store, problems } = open(dataDir);
    const keptAs = join(dataDir, 'conversations.corrupt-2026-01-02T03-04-05-000Z.sqlite');
    expect(problems).toEqual([expect.stringContaining(keptAs)]);
    expect(problems[0]).toMatch(/could not be opened/);
    expect(existsSync(keptAs)).toBe(true);
    expect(existsSync(`${keptAs}-wal`)).toBe(true);
    expect(store.list()).toEqual([]);
    store.create({ title: 'fresh start' });
    expect(store.search('fresh')).toHaveLength(1);
  });

  it('sets aside a database whose pages are damaged past the header', () => {
    const first = open();
    const { id } = first.store.create({ title: 'soon damaged' });
    for (let index = 0; index < 50; index++)
      first.store.append(id, [{ role: 'user', content: `message ${index} ${'x'.repeat(2_000)}` }]);
    first.store.close();
    const path = join(first.dataDir, 'conversations.sqlite');
    const size = statSync(path).size;
    const handle = openSync(path, 'r+');
    // Page 1 (the header and schema) is left alone; pages after it are overwritten.
    writeSync(handle, randomBytes(size - 8_192), 0, size - 8_192, 4_096);
    closeSync(handle);
    const second = open(first.dataDir);
    expect(second.problems).toHaveLength(1);
    expect(readdirSync(first.dataDir).some((name) => name.includes('.corrupt-'))).toBe(true);
    expect(second.store.list()).toEqual([]);
  });

  it('appends and searches 1,000 messages in reasonable time', () => {
    const { store } = open();
    const { id } = store.create();
    const started = performance.now();
    for (let index = 0; index < 1_000; index++) {
      store.append(id, [
        {
          role: index % 2 ? 'assistant' : 'user',
          content: `note ${index} about topic${index % 10}`,
        },
      ]);
    }
    const appended = performance.now();
    expect(store.search('topic7')).toHaveLength(50);
    expect(store.search('topic7', 500)).toHaveLength(100);
    expect(store.get(id)?.messages).toHaveLength(1_000);
    // Generous bounds: each append is a synced commit, which is slow on some CI disks.
    expect(appended - started).toBeLessThan(20_000);
    expect(performance.now() - appended).toBeLessThan(2_000);
  });
});
