import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall, type FakeModel } from '../fixtures/fakeOllama';
import { addEverything, startChatHarness, type ChatHarness } from '../support/chatHarness';

// An image a tool returns reaches a model that can see, on the tool message (Ollama's
// Message.images), through the real everything server's get-tiny-image and the fake Ollama;
// a model that cannot see keeps the placeholder.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const TOOL = 'everything_get-tiny-image';
const MODELS: Record<string, FakeModel> = {
  // As /api/show lists them: mistral-small3.2 sees and calls tools; llama3.2 only calls tools.
  'mistral-small3.2:24b': { family: 'mistral3', capabilities: ['completion', 'tools', 'vision'] },
  'llama3.2:latest': { family: 'llama', capabilities: ['completion', 'tools'] },
};

async function imageTurn(model: string) {
  chat = await startChatHarness({
    model,
    models: MODELS,
    script: [toolCall(TOOL), plainAnswer('It is the MCP logo.'), plainAnswer('Still the logo.')],
  });
  await addEverything(chat);
  await chat.api.tools.configure('everything', 'get-tiny-image', { approval: 'allow' });
  const first = await chat.turn('Show me the tiny image');
  expect(first.status.state).toBe('done');
  const card = chat.events
    .filter((event) => event.channel === 'chat:toolCall')
    .map((event) => event.payload)
    .find((payload) => payload.state === 'done');
  return { harness: chat, conversationId: first.conversationId, card };
}

describe('images from tools', () => {
  it('sends a vision model the image on the tool message, says so on the card, and sends it again later', async () => {
    const { harness, conversationId, card } = await imageTurn('mistral-small3.2:24b');
    const tool = harness.ollama.chatRequests()[1]?.messages?.find((m) => m.role === 'tool');
    expect(tool?.tool_name).toBe(TOOL);
    expect(tool?.content).toContain('[image: image/png, ');
    expect(tool?.content).toContain('sent with this result as image 1]');
    expect(tool?.images).toHaveLength(1);
    // The bytes the server sent, as base64: a PNG.
    expect(
      Buffer.from(tool?.images?.[0] ?? '', 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(card?.message).toBe('The image was shown to the model.');

    // History keeps the image with the tool message: the next turn sends it again.
    const next = await harness.turn('And again?', conversationId);
    expect(next.status.state).toBe('done');
    const received = harness.ollama.receivedImages();
    expect(received.map(({ request, role, toolName }) => ({ request, role, toolName }))).toEqual([
      { request: 1, role: 'tool', toolName: TOOL },
      { request: 2, role: 'tool', toolName: TOOL },
    ]);
    expect(received[1]?.images).toEqual(received[0]?.images);
    const saved = (await harness.api.conversations.get(conversationId))?.messages.find(
      (message) => message.role === 'tool',
    );
    expect(saved?.attachments?.[0]?.contents[0]).toMatchObject({ mimeType: 'image/png' });
  });

  it('gives a model that cannot see the placeholder and no image', async () => {
    const { harness, card } = await imageTurn('llama3.2');
    const tool = harness.ollama.chatRequests()[1]?.messages?.find((m) => m.role === 'tool');
    expect(tool?.content).toMatch(/\[image: image\/png, [\d.]+ KB — shown to the user\]/);
    expect(tool?.images).toBeUndefined();
    expect(harness.ollama.receivedImages()).toEqual([]);
    expect(card?.message).toBeUndefined();
  });
});
