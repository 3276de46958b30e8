import { afterEach, describe, expect, it } from 'vitest';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';

// The two waits on Ollama are settings, and the configured ones are the ones that fire: a reply
// that stalls after a few words stops after the idle time set, and one that never starts stops
// after the first-token time set, each with a message saying what happened.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

describe('waiting on Ollama', () => {
  it('stops a stalled reply after the idle time set in Settings', async () => {
    chat = await startChatHarness({
      script: [{ content: 'one two three four five', stallAfterTokens: 2 }],
    });
    await chat.api.settings.set({ ollama: { idleSeconds: 5 } });
    const { status } = await chat.turn('count');
    expect(status.state).toBe('failed');
    expect(String(status.message)).toMatch(/stopped sending|stuck|stalled/i);
  });

  it('stops a reply that never starts after the first-token time set in Settings', async () => {
    chat = await startChatHarness({
      script: [{ content: 'late', firstTokenDelayMs: 25_000 }],
    });
    await chat.api.settings.set({ ollama: { firstTokenSeconds: 10 } });
    const { status } = await chat.turn('hello');
    expect(status.state).toBe('failed');
    expect(String(status.message)).toMatch(/sent nothing for 10 s/);
  });

  it('keeps each wait within sane bounds', async () => {
    chat = await startChatHarness({ script: [] });
    await expect(chat.api.settings.set({ ollama: { idleSeconds: 1 } })).rejects.toThrow();
    await expect(
      chat.api.settings.set({ ollama: { firstTokenSeconds: 99_999 } }),
    ).rejects.toThrow();
    await expect(chat.api.settings.set({ chat: { sudoPromptSeconds: 5 } })).rejects.toThrow();
    const settings = await chat.api.settings.get();
    expect(settings.ollama).toMatchObject({ firstTokenSeconds: 300, idleSeconds: 60 });
    expect(settings.chat.sudoPromptSeconds).toBe(120);
  });
});
