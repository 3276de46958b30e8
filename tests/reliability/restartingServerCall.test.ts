import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { addApprovedServer } from '../support/fixtureServerSetup';
import { fixtureCommand } from '../support/mcpFixtures';

// A server Hearth stops for broken framing restarts by itself: while it does, its tools are still
// its tools. A call to one waits for it, and is never told that no such tool exists.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

describe('a call to a server that is restarting', () => {
  it('waits for the server and runs, instead of reading as an unknown tool', async () => {
    chat = await startChatHarness({
      script: [
        toolCall('junky_unframed', { mb: 20 }),
        toolCall('junky_delayed_echo', { text: 'framed again', ms: 10 }),
        plainAnswer('It answered again.'),
      ],
    });
    const harness = chat;
    await addApprovedServer(
      harness.api,
      'junky',
      fixtureCommand(['--tools=unframed,delayed_echo']),
    );
    // The user allows each call once, as it is asked.
    const answered = new Set<string>();
    let approving = true;
    void (async () => {
      while (approving) {
        const request = await harness
          .next('approval:request', (payload) => !answered.has(String(payload.requestId)), 60_000)
          .catch(() => undefined);
        if (!request || !approving) return;
        answered.add(String(request.requestId));
        await harness.api.approval.respond(String(request.requestId), { decision: 'once' });
      }
    })();

    await harness.turn('break it, then echo');
    approving = false;

    const cards = harness.events
      .filter((event) => event.channel === 'chat:toolCall')
      .map((event) => event.payload);
    const broken = cards.filter((card) => card.tool === 'unframed').at(-1);
    expect(broken?.state).toBe('failed');
    expect(String(broken?.message)).toMatch(/Hearth stopped the server and is restarting it/);
    const echo = cards.filter((card) => card.modelName === 'junky_delayed_echo');
    expect(
      echo.some((card) => /“junky” is restarting; waiting for it/.test(String(card.message))),
    ).toBe(true);
    expect(echo.at(-1)).toMatchObject({ server: 'junky', tool: 'delayed_echo', state: 'done' });

    // What the model read back: the echo's result, and nowhere that the tool does not exist.
    const toolMessages = (harness.ollama.chatRequests().at(-1)?.messages ?? []).filter(
      (message) => message.role === 'tool',
    );
    expect(toolMessages.map((message) => message.content).join('\n')).not.toMatch(/no tool named/);
    expect(toolMessages.at(-1)?.content).toContain('framed again');
  });
});
