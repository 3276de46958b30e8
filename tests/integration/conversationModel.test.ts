import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';

// A conversation's model is its own: switching it applies to the next message and to a retry,
// and never rewrites the default model in Settings.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const modelsAsked = (harness: ChatHarness) =>
  harness.ollama.chatRequests().map((request) => request.model);

describe('the model of a conversation', () => {
  it('retries with the model chosen after the reply, not the one it started with', async () => {
    chat = await startChatHarness({
      script: [plainAnswer('One.'), plainAnswer('Two.')],
      model: 'llama3.2',
    });
    const { conversationId } = await chat.turn('Hello');
    await chat.api.conversations.setOptions(conversationId, { model: 'qwen3:8b' });
    const { turnId } = await chat.api.chat.resend(conversationId);
    await chat.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'done',
    );
    expect(modelsAsked(chat)).toEqual(['llama3.2', 'qwen3:8b']);
    expect((await chat.api.settings.get()).chat.model).toBe('llama3.2');
    expect(chat.host.core.chat.history.get(conversationId)?.model).toBe('qwen3:8b');
  });

  it('keeps the model a message was sent with as the conversation’s own', async () => {
    chat = await startChatHarness({
      script: [plainAnswer('One.'), plainAnswer('Two.'), plainAnswer('Three.')],
      model: 'llama3.2',
    });
    const { conversationId } = await chat.turn('Hello');
    const { turnId } = await chat.api.chat.send({
      conversationId,
      text: 'Again',
      model: 'qwen3:8b',
    });
    await chat.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'done',
    );
    const retried = await chat.api.chat.resend(conversationId);
    await chat.next(
      'chat:status',
      (payload) => payload.turnId === retried.turnId && payload.state === 'done',
    );
    expect(modelsAsked(chat)).toEqual(['llama3.2', 'qwen3:8b', 'qwen3:8b']);
  });
});
