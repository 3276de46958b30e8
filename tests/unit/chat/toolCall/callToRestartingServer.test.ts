import { describe, expect, it } from 'vitest';
import type { ServerState } from '../../../../preload/schemas/servers';
import {
  runToolCall,
  type CallContext,
} from '../../../../electron/core/chat/toolCall/toolCallRunner';

// A known tool whose server is restarting: the call waits (the wait is bounded by the caller),
// then either goes on or says plainly that the server is restarting; it never reads as unknown.
function contextWhere(state: ServerState): { context: CallContext; events: unknown[] } {
  const events: unknown[] = [];
  const tools = {
    resolve: () => ({ server: 'junky', tool: 'echo' }),
    modelNames: () => ['junky_echo'],
    definition: () => undefined,
    settled: async () => state,
  };
  const context = {
    conversationId: 'c1',
    turnId: 't1',
    signal: new AbortController().signal,
    tools,
    seen: new Set(),
    allowedHere: new Set(),
    emit: (event: unknown) => events.push(event),
  } as unknown as CallContext;
  return { context, events };
}

describe('a call to a tool of a server that is restarting', () => {
  it('says the server is restarting when it was not ready in time', async () => {
    const { context, events } = contextWhere('restarting');
    const result = await runToolCall(
      { callId: 'x1', modelName: 'junky_echo', rawArguments: {} },
      context,
    );
    expect(result.state).toBe('failed');
    expect(result.content).toMatch(/“junky” is restarting and was not ready in time/);
    expect(result.content).not.toMatch(/no tool named/);
    expect(events[0]).toMatchObject({
      state: 'running',
      message: expect.stringMatching(/waiting/),
    });
  });

  it('says the server is not running when it stopped instead', async () => {
    const { context } = contextWhere('error');
    const result = await runToolCall(
      { callId: 'x2', modelName: 'junky_echo', rawArguments: {} },
      context,
    );
    expect(result.content).toMatch(/“junky” is not running/);
  });
});
