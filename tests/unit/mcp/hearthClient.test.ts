import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryTransport, Server } from '@modelcontextprotocol/server';
import type { Client } from '@modelcontextprotocol/client';
import {
  createHearthClient,
  type ClientServices,
} from '../../../electron/core/mcp/lifecycle/hearthClient';

// The client Hearth connects each server with, against the SDK's own server over its in-memory
// pair: what it declares, and what it answers when the server asks (roots from the server's
// folders at each request; elicitation and sampling only through the handlers it was given).
let open: { client: Client; server: Server } | undefined;
afterEach(async () => {
  await open?.client.close();
  await open?.server.close();
  open = undefined;
});

async function connect(services: Partial<ClientServices> & { roots?: () => string[] }) {
  const server = new Server({ name: 'asker', version: '1.0.0' }, { capabilities: { tools: {} } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = createHearthClient({
    version: '0.1.0',
    server: () => 'Asker in Hearth',
    roots: () => [],
    negotiation: 'legacy',
    ...services,
  });
  await client.connect(clientSide);
  open = { client, server };
  return server;
}

describe('the client Hearth connects a server with', () => {
  it('declares roots always, and elicitation and sampling only when it can answer them', async () => {
    const bare = await connect({});
    expect(bare.getClientCapabilities()).toEqual({ roots: { listChanged: true } });
    await open?.client.close();
    await bare.close();
    const asking = await connect({
      requests: {
        elicit: async () => ({ action: 'cancel' }),
        sample: async () => ({
          role: 'assistant',
          model: 'm',
          content: { type: 'text', text: '' },
        }),
      },
    });
    expect(asking.getClientCapabilities()).toMatchObject({
      roots: { listChanged: true },
      elicitation: { form: { applyDefaults: true }, url: {} },
      sampling: {},
    });
  });

  it('answers roots/list with the server’s folders as they are at each request', async () => {
    let folders = ['/users/someone/notes'];
    const server = await connect({ roots: () => folders });
    expect((await server.listRoots()).roots).toEqual([
      { uri: 'file:///users/someone/notes', name: 'notes' },
    ]);
    folders = ['/users/someone/code', '/'];
    expect((await server.listRoots()).roots).toEqual([
      { uri: 'file:///users/someone/code', name: 'code' },
      { uri: 'file:///', name: '/' },
    ]);
  });

  it('hands a server’s question to the elicitation handler with the server’s name, and the answer back', async () => {
    const asked: { server: string; message: string }[] = [];
    const server = await connect({
      requests: {
        elicit: async (name, params) => {
          asked.push({ server: name, message: params.message });
          return { action: 'accept', content: { city: 'Lyon' } };
        },
      },
    });
    const answer = await server.elicitInput({
      mode: 'form',
      message: 'Which city?',
      requestedSchema: { type: 'object', properties: { city: { type: 'string' } } },
    });
    expect(answer).toEqual({ action: 'accept', content: { city: 'Lyon' } });
    expect(asked).toEqual([{ server: 'Asker in Hearth', message: 'Which city?' }]);
  });

  it('does not answer a request it did not declare', async () => {
    const server = await connect({});
    await expect(
      server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
        maxTokens: 10,
      }),
    ).rejects.toThrow();
  });
});
