import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MODELS, EMBEDDING_MODEL, plainAnswer } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { everythingStdio } from '../support/mcpFixtures';

// With an embedding model installed, the core indexes the tools when servers bring them, before
// any message: the first turn then embeds only its message.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const embedded = (harness: ChatHarness) =>
  harness.ollama.requests
    .filter((request) => request.path === '/api/embed')
    .flatMap((request) => (request.body as { input: string[] }).input);

describe('indexing tools ahead of the turns', () => {
  it('embeds the tools a new server brings, then only each message', async () => {
    chat = await startChatHarness({
      script: [plainAnswer('Done.')],
      models: { ...DEFAULT_MODELS, ...EMBEDDING_MODEL },
    });
    const harness = chat;
    const command = everythingStdio();
    await harness.api.servers.save({
      name: 'everything',
      transport: { type: 'stdio', command: command.command, args: command.args, env: [] },
    });
    const review = await harness.api.servers.reviewLaunch('everything');
    await harness.api.servers.approveLaunch('everything', review.fingerprint);
    const tools = (await harness.api.tools.list()).filter((tool) => tool.enabled);
    expect(tools.length).toBeGreaterThan(8);

    await vi.waitFor(() => expect(embedded(harness)).toHaveLength(tools.length), {
      timeout: 10_000,
    });
    expect(harness.ollama.chatRequests()).toHaveLength(0);

    const { status } = await harness.turn('echo something back to me');
    expect(status.state).toBe('done');
    expect(embedded(harness).slice(tools.length)).toEqual(['echo something back to me']);
  });
});
