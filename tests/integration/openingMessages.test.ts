import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openingMessages } from '../../electron/core/chat/service/openingMessages';
import type { ResourceHost } from '../../electron/core/mcp/offerings/resources';

// A turn opened by a prompt whose messages take turns between user and assistant, served by a
// real SDK server over the SDK's in-memory transport.
const PNG = 'iVBORw0KGgo=';
let client: Client;
let host: ResourceHost;

beforeAll(async () => {
  const server = new McpServer({ name: 'tutor', version: '1.0.0' });
  server.registerPrompt('lesson', { description: 'A short lesson' }, () => ({
    messages: [
      { role: 'user', content: { type: 'text', text: 'Teach me fractions.' } },
      { role: 'assistant', content: { type: 'text', text: 'A fraction is a part of a whole.' } },
      { role: 'user', content: { type: 'text', text: 'Show me a picture.' } },
      { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
    ],
  }));
  server.registerResource('notes', 'notes://one', { mimeType: 'text/plain' }, (uri) => ({
    contents: [{ uri: uri.href, text: 'Half is one of two equal parts.' }],
  }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  host = { withClient: (_server, work) => work(client) };
});

afterAll(() => client?.close());

describe('the messages a turn opens with', () => {
  it('keeps a prompt’s assistant message as context and joins the user’s words to its last question', async () => {
    const messages = await openingMessages(
      {
        text: 'Keep it short.',
        attachments: [{ server: 'tutor', uri: 'notes://one', name: 'notes' }],
        files: [],
        prompt: { server: 'tutor', name: 'lesson', arguments: {} },
      },
      host,
    );
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Teach me fractions.'],
      ['assistant', 'A fraction is a part of a whole.'],
      ['user', 'Show me a picture.\n\nKeep it short.'],
    ]);
    const last = messages[2];
    expect(last?.attachments?.map((attachment) => attachment.name)).toEqual([
      'Image from the prompt',
      'notes',
    ]);
    expect(last?.attachments?.[0]?.contents[0]).toMatchObject({ mimeType: 'image/png', blob: PNG });
    expect(last?.attachments?.[1]?.contents[0]?.text).toBe('Half is one of two equal parts.');
  });

  it('is just the user’s message without a prompt', async () => {
    expect(await openingMessages({ text: ' Hi ', attachments: [], files: [] }, host)).toEqual([
      { role: 'user', content: 'Hi' },
    ]);
  });
});
