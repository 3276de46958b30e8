import { afterEach, describe, expect, it } from 'vitest';
import { parallelToolCalls, plainAnswer } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { addApprovedServer } from '../support/fixtureServerSetup';
import { everythingStdio } from '../support/mcpFixtures';

// A model reply asking for 200 tool calls, answered once with "allow for this conversation":
// only as many as the per-reply cap run; the rest are answered as not run, in history and for
// the model, which is told what to do about them.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const CALLS = 200;

describe('tool calls per model reply', () => {
  it('runs at most the cap from one reply and answers the rest as not run', async () => {
    chat = await startChatHarness({
      script: [
        parallelToolCalls(
          Array.from({ length: CALLS }, (_, index) => ({
            name: 'everything_echo',
            arguments: { message: `call ${index}` },
          })),
        ),
        plainAnswer('Done with what ran.'),
      ],
    });
    const harness = chat;
    await addApprovedServer(harness.api, 'everything', everythingStdio());

    const { conversationId, turnId } = await harness.api.chat.send({ text: 'echo everything' });
    const request = await harness.next('approval:request');
    await harness.api.approval.respond(String(request.requestId), { decision: 'conversation' });
    await harness.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'done',
    );

    const results = (harness.ollama.chatRequests()[1]?.messages ?? []).filter(
      (message) => message.role === 'tool',
    );
    expect(results).toHaveLength(CALLS);
    const ran = results.filter((message) => message.content.startsWith('Echo: '));
    const refused = results.filter((message) => message.content.startsWith('Not run: at most 25'));
    expect(ran).toHaveLength(25);
    expect(refused).toHaveLength(CALLS - 25);
    expect(refused[0]?.content).toMatch(/call the ones still needed in your next reply/);
    // Only the first approval was asked; the cap, not more questions, held the rest.
    expect(harness.events.filter((event) => event.channel === 'approval:request')).toHaveLength(1);

    const saved = (await harness.api.conversations.get(conversationId))?.messages ?? [];
    const calls = saved.find((message) => message.toolCalls?.length)?.toolCalls ?? [];
    expect(calls.filter((call) => call.outcome === 'done')).toHaveLength(25);
    expect(calls.filter((call) => call.outcome === 'not-run')).toHaveLength(CALLS - 25);
  });

  it('follows the limit set in Settings', async () => {
    chat = await startChatHarness({
      script: [
        parallelToolCalls(
          Array.from({ length: 5 }, (_, index) => ({
            name: 'hearth_no_such_tool',
            arguments: { index },
          })),
        ),
        plainAnswer('ok'),
      ],
    });
    await chat.api.settings.set({ chat: { maxCallsPerReply: 2 } });
    await chat.turn('go');
    const results = (chat.ollama.chatRequests()[1]?.messages ?? []).filter(
      (message) => message.role === 'tool',
    );
    expect(results.map((message) => message.content.startsWith('Not run: at most 2'))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    await expect(chat.api.settings.set({ chat: { maxCallsPerReply: 0 } })).rejects.toThrow();
  });
});
