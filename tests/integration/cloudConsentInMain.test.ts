import { afterEach, describe, expect, it } from 'vitest';
import { withCloudConsent } from '../../electron/core/ollama/cloudConsent';
import { createOllamaService } from '../../electron/core/ollama/ollamaService';
import { plainAnswer, startFakeOllama, toolCall, type FakeModel } from '../fixtures/fakeOllama';
import { addApprovedFixture } from '../support/fixtureServerSetup';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';

// The page asks before the first message to a cloud model; main holds the line when it did not:
// nothing reaches ollama.com through Ollama until the user agreed to that model in Settings.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const CLOUD = 'gpt-oss:120b-cloud';
const cloudModel: FakeModel = {
  remoteHost: 'https://ollama.com:443',
  remoteModel: 'gpt-oss:120b',
  family: 'gptoss',
  capabilities: ['completion', 'tools', 'thinking'],
};

describe('a message to a cloud model the user never agreed to', () => {
  it('is refused by main, nothing is sent, the message is kept, and it goes once agreed', async () => {
    chat = await startChatHarness({
      script: [plainAnswer('Hello from the cloud.')],
      models: { 'llama3.2:latest': {}, [CLOUD]: cloudModel },
      model: CLOUD,
    });
    const { conversationId, status } = await chat.turn('My private words');
    expect(status).toMatchObject({ state: 'failed', problem: 'cloud-not-agreed' });
    expect(String(status.message)).toContain(
      `“${CLOUD}” runs on ollama.com, and you have not agreed to send it your messages, so Hearth sent nothing.`,
    );
    expect(chat.ollama.chatRequests()).toEqual([]);
    // Kept for a retry: the user's words are not lost.
    const saved = await chat.api.conversations.get(conversationId);
    expect(saved?.messages.map((message) => message.content)).toContain('My private words');

    // The answer the page's question writes: the same model, then a retry goes out.
    await chat.api.settings.set({ ollama: { cloudModelsAllowed: [CLOUD] } });
    const { turnId } = await chat.api.chat.resend(conversationId);
    const done = await chat.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'done',
    );
    expect(done.state).toBe('done');
    expect(chat.ollama.chatRequests().map((request) => request.model)).toEqual([CLOUD]);

    // Taken back in Settings › Ollama: refused again at once.
    await chat.api.settings.set({ ollama: { cloudModelsAllowed: [] } });
    const again = await chat.turn('Once more', conversationId);
    expect(again.status).toMatchObject({ state: 'failed', problem: 'cloud-not-agreed' });
    expect(chat.ollama.chatRequests()).toHaveLength(1);
  });

  it('is refused for a cloud-tagged name Ollama does not list yet', async () => {
    const ollama = await startFakeOllama({ script: [plainAnswer('never')] });
    try {
      const provider = withCloudConsent(createOllamaService({ host: ollama.url }), () => []);
      const reply = provider.chat({ model: 'kimi-k2:1t-cloud', messages: [] });
      await expect(reply.next()).rejects.toMatchObject({ problem: 'cloud-not-agreed' });
      expect(ollama.chatRequests()).toEqual([]);
    } finally {
      await ollama.close();
    }
  });

  it('leaves local models alone', async () => {
    chat = await startChatHarness({ script: [plainAnswer('Local hello.')] });
    const { status } = await chat.turn('hi');
    expect(status.state).toBe('done');
  });

  it('looks the model up in Ollama once per turn, not before every round', async () => {
    chat = await startChatHarness({
      script: (request) =>
        request.messages?.at(-1)?.role === 'tool'
          ? plainAnswer('done')
          : toolCall('fixture_echo', { text: 'hello' }),
    });
    await addApprovedFixture(chat.api, ['--tools=echo']);
    await chat.api.tools.configure('fixture', 'echo', { approval: 'allow' });
    const listings = () =>
      chat?.ollama.requests.filter((request) => request.path === '/api/tags').length ?? 0;
    const before = listings();
    const { conversationId, status } = await chat.turn('echo hello');
    expect(status.state).toBe('done');
    expect(chat.ollama.chatRequests()).toHaveLength(2);
    expect(listings() - before).toBe(1);
    // The next turn asks again: a model pulled or removed meanwhile counts.
    await chat.turn('echo hello again', conversationId);
    expect(listings() - before).toBe(2);
  });
});
