import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { everythingStdio } from '../support/mcpFixtures';
import { addApprovedServer } from '../support/fixtureServerSetup';

// Resources attached to a message and prompts run as slash commands, through the contract
// against the real everything server: what reaches the fake Ollama, and what history keeps.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const INSTRUCTIONS = 'demo://resource/static/document/instructions.md';

async function withEverything(script: Parameters<typeof startChatHarness>[0]['script']) {
  const harness = await startChatHarness({ script });
  expect((await addApprovedServer(harness.api, 'everything', everythingStdio())).state).toBe(
    'ready',
  );
  return harness;
}

async function endOf(harness: ChatHarness, turnId: string) {
  return harness.next(
    'chat:status',
    (payload) => payload.turnId === turnId && ['done', 'failed'].includes(String(payload.state)),
  );
}

describe('attaching a resource to a message', () => {
  it('sends the resource text to the model under a header, and history keeps the attachment', async () => {
    chat = await withEverything([plainAnswer('Read it.'), plainAnswer('Read it again.')]);
    const instructions = await chat.api.resources.read({ server: 'everything', uri: INSTRUCTIONS });
    const firstLine = instructions.contents[0]?.text?.split('\n')[0] ?? '';
    expect(firstLine.length).toBeGreaterThan(3);

    const sent = await chat.api.chat.send({
      text: 'What do these instructions say?',
      attachments: [{ server: 'everything', uri: INSTRUCTIONS, name: 'instructions.md' }],
    });
    expect(await endOf(chat, sent.turnId)).toMatchObject({ state: 'done' });
    const user = chat.ollama.chatRequests()[0]?.messages?.at(-1);
    expect(user?.role).toBe('user');
    expect(user?.content).toContain(
      `[Attached resource “instructions.md” from the server “everything” (${INSTRUCTIONS}, text/markdown)]`,
    );
    expect(user?.content).toContain(firstLine);
    expect(user?.content).toMatch(
      /\[End of instructions\.md\]\n\nWhat do these instructions say\?$/,
    );

    const reopened = await chat.api.conversations.get(sent.conversationId);
    const saved = reopened?.messages.find((message) => message.role === 'user');
    expect(saved?.content).toBe('What do these instructions say?');
    expect(saved?.attachments?.[0]).toMatchObject({ server: 'everything', uri: INSTRUCTIONS });
    expect(saved?.attachments?.[0]?.contents[0]?.text).toContain(firstLine);

    // Retry sends the same attachments again, as they were read.
    const again = await chat.api.chat.resend(sent.conversationId);
    expect(await endOf(chat, again.turnId)).toMatchObject({ state: 'done' });
    expect(chat.ollama.chatRequests()[1]?.messages?.at(-1)?.content).toContain(firstLine);
  });

  it('refuses a resource that cannot be read, saving nothing', async () => {
    chat = await withEverything([]);
    await expect(
      chat.api.chat.send({
        text: 'read this',
        attachments: [{ server: 'everything', uri: 'demo://resource/dynamic/text/0' }],
      }),
    ).rejects.toThrow(/“0” from “everything” could not be read/);
    expect(await chat.api.conversations.list()).toEqual([]);
    expect(chat.ollama.chatRequests()).toHaveLength(0);
  });

  it('refuses an empty message', async () => {
    chat = await withEverything([]);
    await expect(chat.api.chat.send({ text: '  ' })).rejects.toThrow(/Write something first/);
  });
});

describe('running a prompt as a slash command', () => {
  it('sends the prompt’s messages as the user’s turn', async () => {
    chat = await withEverything([plainAnswer('Sunny.')]);
    const sent = await chat.api.chat.send({
      prompt: { server: 'everything', name: 'args-prompt', arguments: { city: 'Porto' } },
    });
    expect(await endOf(chat, sent.turnId)).toMatchObject({ state: 'done' });
    expect(chat.ollama.chatRequests()[0]?.messages?.at(-1)).toMatchObject({
      role: 'user',
      content: "What's weather in Porto?",
    });
    const reopened = await chat.api.conversations.get(sent.conversationId);
    expect(reopened?.title).toBe("What's weather in Porto?");
  });

  it('attaches a prompt’s embedded resource to its user message', async () => {
    chat = await withEverything([plainAnswer('Analysed.')]);
    const sent = await chat.api.chat.send({
      prompt: {
        server: 'everything',
        name: 'resource-prompt',
        arguments: { resourceType: 'Text', resourceId: '2' },
      },
    });
    expect(await endOf(chat, sent.turnId)).toMatchObject({ state: 'done' });
    const user = chat.ollama.chatRequests()[0]?.messages?.at(-1);
    expect(user?.content).toMatch(
      /^\[Attached resource “2” from the server “everything” \(demo:\/\/resource\/dynamic\/text\/2, text\/plain\)\]\nResource 2: This is a plaintext resource/,
    );
    expect(user?.content).toMatch(/Please analyze the following resource:$/);
  });

  it('says which prompt failed and why, saving nothing', async () => {
    chat = await withEverything([]);
    await expect(
      chat.api.chat.send({ prompt: { server: 'everything', name: 'args-prompt' } }),
    ).rejects.toThrow(/The prompt “args-prompt” of “everything” did not run: .*city/s);
    expect(await chat.api.conversations.list()).toEqual([]);
  });
});
