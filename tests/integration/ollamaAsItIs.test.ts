import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';

// Hearth against the fake that follows Ollama's own source (issue: Ollama as it really is).
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

describe('keep_alive as Ollama reads it', () => {
  it.each([
    ['-1', -1],
    ['300', 300],
    ['1h30m', '1h30m'],
  ])('“%s” typed in Settings reaches Ollama as %o and the chat works', async (typed, sent) => {
    chat = await startChatHarness({ script: [plainAnswer('Hello.')] });
    await chat.api.settings.set({ ollama: { keepAlive: typed } });
    const { status } = await chat.turn('hi');
    expect(status).toMatchObject({ state: 'done' });
    expect(chat.ollama.chatRequests()[0]?.keep_alive).toStrictEqual(sent);
  });
});
