import { afterEach, describe, expect, it } from 'vitest';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  Client,
  isJSONRPCErrorResponse,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/client';
import { progressBeforeResults } from '../../../electron/core/mcp/lifecycle/progressBeforeResults';

// A server's progress and the call's result read in one chunk, as a busy machine reads a pipe:
// held back until the response, then handed over in one synchronous loop. The SDK alone loses
// the progress (typescript-sdk#2580); with the wrapper every step reaches the call, in order.

/** The client's side of the pair, delivering what the server sent only when a response comes. */
class OneRead implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private held: JSONRPCMessage[] = [];
  constructor(private readonly inner: InMemoryTransport) {
    inner.onmessage = (message) => {
      this.held.push(message as JSONRPCMessage);
      if (!isJSONRPCResultResponse(message) && !isJSONRPCErrorResponse(message)) return;
      for (const held of this.held.splice(0)) this.onmessage?.(held);
    };
    inner.onclose = () => this.onclose?.();
  }
  start = () => this.inner.start();
  send = (message: JSONRPCMessage) => this.inner.send(message as never);
  close = () => this.inner.close();
}

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function stepsSeen(wrap: boolean) {
  const server = new McpServer({ name: 'steps', version: '1.0.0' });
  server.registerTool('count', { description: 'Counts to three' }, async (extra) => {
    const token = extra._meta?.progressToken;
    for (const progress of [1, 2, 3])
      if (token !== undefined)
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress, total: 3 },
        });
    return { content: [{ type: 'text', text: 'three' }] };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  const errors: string[] = [];
  client.onerror = (error) => errors.push(error.message);
  const transport = new OneRead(clientSide);
  await client.connect(transport);
  if (wrap) progressBeforeResults(transport);
  closing.push(
    () => client.close(),
    () => server.close(),
  );
  const seen: number[] = [];
  const result = await client.callTool(
    { name: 'count' },
    { onprogress: (p) => seen.push(p.progress) },
  );
  return { seen, errors, result };
}

describe('progress read in the same chunk as its result', () => {
  it('reaches the call, in order, before the result, with nothing reported', async () => {
    const { seen, errors, result } = await stepsSeen(true);
    expect(seen).toEqual([1, 2, 3]);
    expect(errors).toEqual([]);
    expect(result.content).toEqual([{ type: 'text', text: 'three' }]);
  });

  // When this fails, the SDK delivers such progress itself: the wrapper can go.
  it('is lost by the SDK alone, and blamed on the server', async () => {
    const { seen, errors } = await stepsSeen(false);
    expect(seen).toEqual([]);
    expect(errors.join('\n')).toMatch(/progress notification for an unknown token/);
  });
});
