import { describe, expect, it } from 'vitest';
import { toOllamaMessages } from '../../../../electron/core/chat/context/ollamaMessages';
import {
  answerUnansweredCalls,
  findUnansweredCalls,
  UNANSWERED_RESULT,
} from '../../../../electron/core/chat/toolCall/unansweredCalls';
import { openConversationStore, type ConversationStore } from '../../../../electron/core/history';
import type { StoredMessage, StoredToolCall } from '../../../../electron/core/history/types';
import { tempDir } from '../../../support/testHost';

const at = '2026-11-24T10:00:00.000Z';
let nextId = 1;
const call = (id: string): StoredToolCall => ({
  id,
  server: 'files',
  tool: 'read',
  modelName: 'files_read',
  arguments: { path: `/${id}` },
});
const message = (fields: Omit<StoredMessage, 'id' | 'createdAt'>): StoredMessage => ({
  id: nextId++,
  createdAt: at,
  ...fields,
});
const asking = (...ids: string[]) =>
  message({ role: 'assistant', content: '', toolCalls: ids.map(call) });
const result = (id: string, content = `read ${id}`) =>
  message({ role: 'tool', content, toolCallId: id, toolName: 'files_read' });

describe('tool calls left without a result', () => {
  it('are found in any assistant message, and answered calls are not', () => {
    const messages = [
      message({ role: 'user', content: 'Read a and b' }),
      asking('a', 'b'),
      result('a'),
    ];
    expect(findUnansweredCalls(messages).map(({ call }) => call.id)).toEqual(['b']);
  });

  it('reach the model answered, each result right after the calls, in their order', () => {
    const messages = [
      message({ role: 'user', content: 'Read a, b and c' }),
      asking('a', 'b', 'c'),
      result('c'),
      result('a'),
      message({ role: 'user', content: 'And then?' }),
    ];
    const sent = toOllamaMessages(messages);
    expect(sent.map((entry) => [entry.role, entry.content])).toEqual([
      ['user', 'Read a, b and c'],
      ['assistant', ''],
      ['tool', 'read a'],
      ['tool', UNANSWERED_RESULT],
      ['tool', 'read c'],
      ['user', 'And then?'],
    ]);
  });

  it('that were answered later in the history are moved next to their call, not repeated', () => {
    const messages = [
      message({ role: 'user', content: 'Read a' }),
      asking('a'),
      message({ role: 'user', content: 'Hello?' }),
      result('a', UNANSWERED_RESULT),
    ];
    const sent = toOllamaMessages(messages);
    expect(sent.map((entry) => entry.role)).toEqual(['user', 'assistant', 'tool', 'user']);
  });
});

describe('answering calls a stop left, on the saved history', () => {
  const open = () => {
    const store = openConversationStore({ dataDir: tempDir('unanswered'), onProblem: () => {} });
    const pages: number[] = [];
    const counted: ConversationStore = {
      ...store,
      messagePage: (id, limit, before) => {
        pages.push(limit);
        return store.messagePage(id, limit, before);
      },
    };
    const { id } = store.create({ title: 'Stopped' });
    // A long conversation before it: a short page does not reach its beginning.
    store.append(
      id,
      Array.from({ length: 120 }, (_, index) => ({
        role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
        content: `Message ${index}`,
      })),
    );
    store.append(id, [
      { role: 'user', content: 'Read a and b' },
      { role: 'assistant', content: '', toolCalls: [call('a'), call('b')] },
      { role: 'tool', content: 'read a', toolCallId: 'a', toolName: 'files_read' },
    ]);
    return { store, counted, pages, id };
  };

  it('looks in the page the caller just read when it holds them all, reading none again', () => {
    const { store, counted, pages, id } = open();
    const page = store.messagePage(id, 200);
    expect(page?.earlier).toBe(0);
    if (!page) throw new Error('The conversation was not saved.');

    const answered = answerUnansweredCalls(counted, id, () => false, {
      messages: page.messages,
      earlier: page.earlier,
    });

    expect(answered).toBe(1);
    expect(pages).toEqual([]);
    expect(store.get(id)?.messages.at(-1)).toMatchObject({ toolCallId: 'b' });
  });

  it('reads the latest page itself when the one given is too short to tell', () => {
    const { store, counted, pages, id } = open();
    const page = store.messagePage(id, 1);
    expect(page?.earlier).toBeGreaterThan(0);
    if (!page) throw new Error('The conversation was not saved.');

    const answered = answerUnansweredCalls(counted, id, () => false, {
      messages: page.messages,
      earlier: page.earlier,
    });

    expect(answered).toBe(1);
    expect(pages).toEqual([100]);
  });
});
