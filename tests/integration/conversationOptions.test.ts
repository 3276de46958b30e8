import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';

// A conversation's own options, changed through the one channel the page uses, reach the next
// request to Ollama; an option the conversation has not set follows Settings.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const sent = (harness: ChatHarness) =>
  harness.ollama.chatRequests().map((request) => ({
    model: request.model,
    system: request.messages?.[0]?.content,
    temperature: request.options?.temperature,
  }));

describe('the options of a conversation', () => {
  it('sends its instructions and temperature, and Settings again once they are cleared', async () => {
    chat = await startChatHarness({
      script: [plainAnswer('One.'), plainAnswer('Two.'), plainAnswer('Three.')],
      model: 'llama3.2',
    });
    await chat.api.settings.set({ chat: { systemPrompt: 'From Settings.', temperature: 0.9 } });
    const { conversationId } = await chat.turn('Hello');
    const saved = await chat.api.conversations.setOptions(conversationId, {
      instructions: 'Answer in French.',
      temperature: 0.2,
    });
    expect(saved).toEqual({
      model: 'llama3.2',
      instructions: 'Answer in French.',
      temperature: 0.2,
    });
    await chat.turn('Again', conversationId);
    await chat.api.conversations.setOptions(conversationId, {
      instructions: '',
      temperature: null,
    });
    await chat.turn('Once more', conversationId);

    expect(sent(chat)).toEqual([
      { model: 'llama3.2', system: 'From Settings.', temperature: 0.9 },
      { model: 'llama3.2', system: 'Answer in French.', temperature: 0.2 },
      { model: 'llama3.2', system: 'From Settings.', temperature: 0.9 },
    ]);
    expect((await chat.api.conversations.get(conversationId))?.options).toEqual({
      model: 'llama3.2',
    });
    const settings = await chat.api.settings.get();
    expect([settings.chat.systemPrompt, settings.chat.temperature]).toEqual([
      'From Settings.',
      0.9,
    ]);
  });

  it('sends no temperature when neither the conversation nor Settings has one', async () => {
    chat = await startChatHarness({ script: [plainAnswer('One.')], model: 'llama3.2' });
    await chat.turn('Hello');
    expect(chat.ollama.chatRequests()[0]?.options).not.toHaveProperty('temperature');
  });

  it('refuses an option out of bounds in one sentence and keeps what was saved', async () => {
    chat = await startChatHarness({ script: [plainAnswer('One.')], model: 'llama3.2' });
    const { conversationId } = await chat.turn('Hello');
    await chat.api.conversations.setOptions(conversationId, { temperature: 0.5 });
    await expect(
      chat.api.conversations.setOptions(conversationId, { temperature: 3 }),
    ).rejects.toThrow(/temperature/i);
    await expect(
      chat.api.conversations.setOptions(conversationId, { seed: 1 } as never),
    ).rejects.toThrow();
    expect((await chat.api.conversations.get(conversationId))?.options.temperature).toBe(0.5);
  });
});
