import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createHearthClient } from '../../../electron/core/mcp/lifecycle/hearthClient';
import type { ServerRequests } from '../../../electron/core/mcp/fromServer/serverRequests';

// Hearth's client against a real SDK server over a linked in-memory pair, as the built-in server
// is connected: the server reads what Hearth declared and sends each request Hearth answers.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function connect(requests: ServerRequests | undefined, roots: () => string[]) {
  const server = new McpServer({ name: 'asking', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = createHearthClient({
    version: '0.1.0',
    server: () => 'asking server',
    roots,
    ...(requests ? { requests } : {}),
  });
  await client.connect(clientSide, { prior: { kind: 'legacy' } });
  cleanups.push(async () => {
    await client.close();
    await server.close();
  });
  return server.server;
}

describe('what a server may ask of Hearth', () => {
  it('declares only roots without handlers, and answers roots/list with the current folders', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'hearth-roots-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    let folders: string[] = [];
    const server = await connect(undefined, () => folders);
    const capabilities = server.getClientCapabilities();
    expect(capabilities?.roots).toEqual({ listChanged: true });
    expect(capabilities?.elicitation).toBeUndefined();
    expect(capabilities?.sampling).toBeUndefined();
    expect((await server.listRoots()).roots).toEqual([]);
    folders = [folder];
    expect((await server.listRoots()).roots).toEqual([
      { uri: pathToFileURL(folder).href, name: folder.split(/[\\/]/).at(-1) },
    ]);
  });

  it('declares elicitation and sampling when given, and hands each request to its handler', async () => {
    const asked: { handler: string; server: string; aborted: boolean }[] = [];
    const server = await connect(
      {
        elicit: async (name, params, signal) => {
          asked.push({
            handler: `elicit: ${params.message}`,
            server: name,
            aborted: signal.aborted,
          });
          return { action: 'accept', content: { answer: 'yes' } };
        },
        sample: async (name, params, signal) => {
          asked.push({
            handler: `sample: ${params.maxTokens}`,
            server: name,
            aborted: signal.aborted,
          });
          return { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' };
        },
      },
      () => [],
    );
    const capabilities = server.getClientCapabilities();
    expect(capabilities?.elicitation).toEqual({ form: { applyDefaults: true }, url: {} });
    expect(capabilities?.sampling).toEqual({});
    const elicited = await server.elicitInput({
      message: 'Proceed?',
      requestedSchema: { type: 'object', properties: { answer: { type: 'string' } } },
    });
    expect(elicited).toMatchObject({ action: 'accept', content: { answer: 'yes' } });
    const sampled = await server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }],
      maxTokens: 7,
    });
    expect(sampled).toMatchObject({ role: 'assistant', content: { type: 'text', text: 'hi' } });
    expect(asked).toEqual([
      { handler: 'elicit: Proceed?', server: 'asking server', aborted: false },
      { handler: 'sample: 7', server: 'asking server', aborted: false },
    ]);
  });
});
