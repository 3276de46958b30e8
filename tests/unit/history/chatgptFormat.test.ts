import { describe, expect, it } from 'vitest';
import { fromChatGpt, type Leftovers } from '../../../electron/core/history/transfer/chatgptFormat';
import { editedConversation } from '../../fixtures/chatgptExport';

// ChatGPT's tree of nodes as the history's tree: what is kept, what hangs where, and what is
// counted as left out (fixture: tests/fixtures/chatgptExport.ts, from the format's descriptions).
describe('a ChatGPT conversation', () => {
  it('keeps what people wrote and the replies, each after its nearest kept parent', () => {
    const left: Leftovers = new Map();
    const conversation = fromChatGpt(editedConversation(), left);
    expect(conversation.messages.map(({ key, parent }) => [key, parent])).toEqual([
      ['q1', null],
      ['a1', 'q1'],
      ['q1b', null],
      // The tool's node is left out: the reply hangs from the question before it.
      ['a1b', 'q1b'],
    ]);
    expect(conversation.current).toBe('a1b');
    expect(conversation.sources[0]).toBe('chatgpt:a1b2c3d4-0000-4000-8000-000000000001');
    expect(conversation.sources[1]).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect([...left]).toEqual([
      ['pictures and files, which conversations.json does not hold', 1],
      ['output of ChatGPT’s own tools (browsing, code, pictures)', 1],
    ]);
  });

  it('orders parents first however the file lists nodes, and survives parents that loop', () => {
    const source = editedConversation();
    const reversed = Object.fromEntries(Object.entries(source.mapping).reverse());
    const conversation = fromChatGpt({ ...source, mapping: reversed }, new Map());
    const keys = conversation.messages.map((message) => message.key);
    for (const message of conversation.messages)
      if (message.parent)
        expect(keys.indexOf(message.parent)).toBeLessThan(keys.indexOf(message.key));
    // The same messages in another order are the same conversation.
    expect(conversation.sources).toEqual(fromChatGpt(source, new Map()).sources);

    const looped = editedConversation();
    (looped.mapping.q1 as { parent: string }).parent = 'a1';
    const read = fromChatGpt(looped, new Map());
    expect(read.messages.map((message) => message.key)).toContain('a1');
  });

  it('shows the kept message nearest to a current node that was left out', () => {
    const conversation = fromChatGpt({ ...editedConversation(), current_node: 'tool' }, new Map());
    expect(conversation.current).toBe('q1b');
  });
});
