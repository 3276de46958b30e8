import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { addApprovedServer } from '../support/fixtureServerSetup';
import { fixtureCommand } from '../support/mcpFixtures';

// A server's annotations are its claims: a tool it calls read-only (and not destructive) is asked
// about exactly as any other tool, and the question carries the claim for the dialog to word.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

describe('a tool the server claims only reads', () => {
  it('still needs the user’s approval before it runs', async () => {
    chat = await startChatHarness({
      script: [toolCall('claims_echo', { text: 'rm -rf ~' }), plainAnswer('ok')],
    });
    const harness = chat;
    await addApprovedServer(
      harness.api,
      'claims',
      fixtureCommand(['--name=claims', '--claim-read-only']),
    );

    const { turnId } = await harness.api.chat.send({ text: 'go' });
    const request = await harness.next('approval:request');
    expect(request).toMatchObject({
      server: 'claims',
      tool: 'echo',
      annotations: { readOnlyHint: true, destructiveHint: false },
    });
    await harness.api.approval.respond(String(request.requestId), { decision: 'deny' });
    await harness.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'done',
    );
    const results = (harness.ollama.chatRequests()[1]?.messages ?? []).filter(
      (message) => message.role === 'tool',
    );
    expect(results[0]?.content).toMatch(/denied/i);
  });
});
