import { afterEach, describe, expect, it } from 'vitest';
import { chooseModel } from '../../electron/core/mcp/fromServer/sampling';
import { plainAnswer } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { everythingStdio } from '../support/mcpFixtures';
import { addApprovedServer } from '../support/fixtureServerSetup';

// Sampling against the real everything server: its tool asks Hearth's model for a reply, the
// user approves (or edits, or rejects) it, and the fake Ollama answers.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

async function withEverything(harness: ChatHarness): Promise<void> {
  expect((await addApprovedServer(harness.api, 'everything', everythingStdio())).state).toBe(
    'ready',
  );
}

function text(
  outcome: Awaited<ReturnType<ChatHarness['host']['core']['mcp']['callTool']>>,
): string {
  if (!outcome.ok) return `failed: ${outcome.message}`;
  return outcome.result.content
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('\n');
}

describe('sampling', () => {
  it('sends a server’s request to the model only after the user approves it, with the user’s edits', async () => {
    chat = await startChatHarness({ script: [plainAnswer('A haiku about lighthouses.')] });
    await withEverything(chat);
    const call = chat.host.core.mcp.callTool('everything', 'trigger-sampling-request', {
      prompt: 'Write a haiku',
      maxTokens: 50,
    });
    const request = await chat.next('sampling:request');
    expect(request).toMatchObject({ server: 'everything', maxTokens: 50, model: 'llama3.2' });
    expect(chat.ollama.chatRequests()).toHaveLength(0);
    await chat.api.sampling.respond(String(request.requestId), {
      action: 'approve',
      messages: [{ role: 'user', text: 'Write a haiku about lighthouses' }],
    });
    expect(text(await call)).toContain('A haiku about lighthouses.');
    const sent = chat.ollama.chatRequests()[0];
    expect(sent?.messages?.at(-1)).toMatchObject({
      role: 'user',
      content: 'Write a haiku about lighthouses',
    });
    expect(sent?.options?.num_predict).toBe(50);
  });

  it('tells the server the user rejected the request, and the model is never asked', async () => {
    chat = await startChatHarness({ script: [] });
    await withEverything(chat);
    const call = chat.host.core.mcp.callTool('everything', 'trigger-sampling-request', {
      prompt: 'Anything',
      maxTokens: 20,
    });
    const request = await chat.next('sampling:request');
    await chat.api.sampling.respond(String(request.requestId), { action: 'reject' });
    expect(text(await call)).toMatch(/rejected/i);
    expect(chat.ollama.chatRequests()).toHaveLength(0);
  });
});

describe('choosing the model for a server', () => {
  it('takes the first installed model matching a hint, then the default, then any', () => {
    const installed = ['llama3.2:latest', 'qwen3:8b', 'gemma3:4b'];
    expect(chooseModel(['claude', 'qwen'], installed, 'llama3.2:latest')).toBe('qwen3:8b');
    expect(chooseModel(['gpt'], installed, 'gemma3:4b')).toBe('gemma3:4b');
    expect(chooseModel([], installed, '')).toBe('llama3.2:latest');
    expect(chooseModel([], [], '')).toBeUndefined();
  });
});
