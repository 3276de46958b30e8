import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  openConversationStore,
  type ConversationStore,
} from '../../electron/core/history/conversationStore';
import { DATABASE_FILE_NAME } from '../../electron/core/history/openDatabase';
import { SCHEMA_VERSION } from '../../electron/core/history/schema';
import { tempDir } from '../support/testHost';

// Summaries of older turns on the real database: the newest in force, undo bringing back the one
// before, and a summary in force only on the branch whose messages it stands for.
const opened: ConversationStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

function open(dataDir = tempDir('summaries')) {
  const store = openConversationStore({ dataDir, onProblem: () => undefined });
  opened.push(store);
  return store;
}

function conversationWithTurns(store: ConversationStore, turns: number) {
  const { id } = store.create({ options: { model: 'llama3.2' } });
  const saved = store.append(
    id,
    Array.from({ length: turns }, (_, turn) => [
      { role: 'user' as const, content: `question ${turn}` },
      { role: 'assistant' as const, content: `answer ${turn}` },
    ]).flat(),
  );
  return { id, ids: saved.map((message) => message.id) };
}

describe('summaries of older turns', () => {
  it('keeps the newest in force, edits only it, and undo brings back the one before', () => {
    const dataDir = tempDir('summaries');
    const store = open(dataDir);
    const { id, ids } = conversationWithTurns(store, 4);
    expect(store.summaries.current(id)).toBeUndefined();
    const first = store.summaries.add(id, {
      throughMessageId: ids[1] as number,
      coveredMessages: 2,
      content: 'First turn.',
      model: 'llama3.2',
    });
    const second = store.summaries.add(id, {
      throughMessageId: ids[3] as number,
      coveredMessages: 4,
      content: 'First two turns.',
      model: 'llama3.2',
    });
    expect(store.summaries.current(id)).toEqual(second);
    expect(() => store.summaries.edit(id, first.id, 'No.')).toThrow(/no longer the one in use/);
    expect(store.summaries.edit(id, second.id, 'Two turns.').content).toBe('Two turns.');
    store.close();

    // Kept on disk.
    const again = open(dataDir);
    expect(again.summaries.current(id)).toMatchObject({ id: second.id, content: 'Two turns.' });
    expect(again.summaries.undo(id, second.id)).toEqual(first);
    expect(again.summaries.undo(id, first.id)).toBeUndefined();
    expect(() => again.summaries.undo(id, first.id)).toThrow(/no longer the one in use/);
  });

  it('is in force only on its own branch: an earlier edit leaves it out, showing it brings it back', () => {
    const store = open();
    const { id, ids } = conversationWithTurns(store, 4);
    const summary = store.summaries.add(id, {
      throughMessageId: ids[3] as number,
      coveredMessages: 4,
      content: 'Two turns.',
      model: 'llama3.2',
    });
    // A new version of the last question: the summary's messages are still on the branch.
    store.rewind(id, ids[6] as number);
    store.append(id, [{ role: 'user', content: 'question 3 again' }]);
    expect(store.summaries.current(id)).toEqual(summary);
    // A new version of a question it stands for: the branch on screen never said what it says.
    store.rewind(id, ids[2] as number);
    const [edited] = store.append(id, [{ role: 'user', content: 'question 1 again' }]);
    expect(store.summaries.current(id)).toBeUndefined();
    // A summary made on the new branch is in force there...
    const onNew = store.summaries.add(id, {
      throughMessageId: edited?.id as number,
      coveredMessages: 3,
      content: 'One turn and a new question.',
      model: 'llama3.2',
    });
    expect(store.summaries.current(id)).toEqual(onNew);
    // ...and the first branch, shown again, has its own summary back, kept on disk all along.
    store.showVersion(id, ids[2] as number);
    expect(store.summaries.current(id)).toEqual(summary);
    store.showVersion(id, edited?.id as number);
    expect(store.summaries.current(id)).toEqual(onNew);
  });

  it('goes with its conversation', () => {
    const dataDir = tempDir('summaries');
    const store = open(dataDir);
    const { id, ids } = conversationWithTurns(store, 2);
    store.summaries.add(id, {
      throughMessageId: ids[1] as number,
      coveredMessages: 2,
      content: 'One turn.',
      model: 'llama3.2',
    });
    expect(store.delete(id)).toBe(true);
    store.close();
    const database = new DatabaseSync(join(dataDir, DATABASE_FILE_NAME));
    try {
      expect(database.prepare('SELECT count(*) AS n FROM context_summaries').get()?.n).toBe(0);
      expect(database.prepare('PRAGMA user_version').get()?.user_version).toBe(SCHEMA_VERSION);
    } finally {
      database.close();
    }
  });
});
