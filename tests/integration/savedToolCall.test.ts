import { afterEach, describe, expect, it } from 'vitest';
import {
  openConversationStore,
  type ConversationStore,
} from '../../electron/core/history/conversationStore';
import { tempDir } from '../support/testHost';

// An MCP App is opened for one saved tool call: the store finds that call by its id, in that
// conversation only, and nothing for an id that merely appears inside another call's arguments.
let store: ConversationStore | undefined;
afterEach(() => store?.close());

describe('a saved tool call, by its id', () => {
  it('is found in its own conversation only, by the exact id', () => {
    store = openConversationStore({ dataDir: tempDir('saved-call'), onProblem: () => undefined });
    const first = store.create().id;
    const second = store.create().id;
    store.append(first, [
      { role: 'user', content: 'show the clock' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'call-1', server: 'clock', tool: 'show', modelName: 'clock_show', arguments: {} },
          {
            id: 'call-2',
            server: 'notes',
            tool: 'write',
            modelName: 'notes_write',
            arguments: { text: 'call-3 is not a call' },
          },
        ],
      },
    ]);
    expect(store.toolCall(first, 'call-1')).toMatchObject({ server: 'clock', tool: 'show' });
    expect(store.toolCall(first, 'call-2')).toMatchObject({ server: 'notes', tool: 'write' });
    expect(store.toolCall(first, 'call-3')).toBeUndefined();
    expect(store.toolCall(first, 'call')).toBeUndefined();
    expect(store.toolCall(second, 'call-1')).toBeUndefined();
    expect(store.toolCall('no-such-conversation', 'call-1')).toBeUndefined();
  });
});
