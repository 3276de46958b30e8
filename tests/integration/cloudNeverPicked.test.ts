import { afterEach, describe, expect, it } from 'vitest';
import { createToolOffer } from '../../electron/core/chat/offer/toolOffer';
import { createOllamaService } from '../../electron/core/ollama/ollamaService';
import { evaluationTools } from '../../bench/toolSelection/evaluationSet';
import {
  DEFAULT_MODELS,
  plainAnswer,
  startFakeOllama,
  type FakeModel,
  type FakeOllama,
} from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { everythingStdio } from '../support/mcpFixtures';
import { addApprovedServer } from '../support/fixtureServerSetup';

// Where Hearth picks a model by itself, it never picks a cloud model (Ollama lists it with
// remote_host beside local ones): that would send the user's words to ollama.com unasked.
let chat: ChatHarness | undefined;
let ollama: FakeOllama | undefined;
afterEach(async () => {
  await chat?.close();
  await ollama?.close();
  chat = undefined;
  ollama = undefined;
});

const CLOUD = { remoteHost: 'https://ollama.com:443', remoteModel: 'gpt-oss:120b' };
const cloudChat: FakeModel = {
  ...CLOUD,
  family: 'gptoss',
  capabilities: ['completion', 'tools', 'thinking'],
};

describe('a cloud model is never picked for the user', () => {
  it('sampling without a default model takes a local model, not the cloud one listed first', async () => {
    chat = await startChatHarness({
      model: '',
      // Listed first: the same modification time keeps this order in /api/tags.
      models: { 'gpt-oss:120b-cloud': cloudChat, 'llama3.2:latest': {} },
      script: [plainAnswer('A haiku.')],
    });
    expect((await addApprovedServer(chat.api, 'everything', everythingStdio())).state).toBe(
      'ready',
    );
    void chat.host.core.mcp.callTool('everything', 'trigger-sampling-request', {
      prompt: 'Write a haiku',
      maxTokens: 20,
    });
    const request = await chat.next('sampling:request');
    expect(request.model).toBe('llama3.2:latest');
    await chat.api.sampling.respond(String(request.requestId), { action: 'reject' });
  });

  it('tool ranking never embeds with a cloud model', async () => {
    ollama = await startFakeOllama({
      models: {
        'embeddinggemma-cloud:latest': { ...CLOUD, capabilities: ['embedding'] },
        ...DEFAULT_MODELS,
      },
    });
    const provider = createOllamaService({ host: ollama.url });
    const offer = createToolOffer({ provider: () => provider, budgets: () => ({}) });
    await offer({
      model: 'llama3.2',
      capabilities: await provider.capabilities('llama3.2'),
      tools: evaluationTools(),
      query: 'read a file',
      history: [],
    });
    expect(ollama.requests.filter((request) => request.path === '/api/embed')).toEqual([]);
  });
});
