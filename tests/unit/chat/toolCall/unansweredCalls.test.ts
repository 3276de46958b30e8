import { describe, expect, it } from 'vitest';
import { toOllamaMessages } from '../../../../electron/core/chat/context/ollamaMessages';
import {
  findUnansweredCalls,
  UNANSWERED_RESULT,
} from '../../../../electron/core/chat/toolCall/unansweredCalls';
import type { StoredMessage, StoredToolCall } from '../../../../electron/core/history/types';

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
