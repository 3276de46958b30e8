import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { eventually } from '../support/managerHarness';

// Ollama misbehaving under a real chat turn: down, erroring mid-stream, stalled, slow to load.
// The turn always ends (or waits, for a loading model), says why, and leaves history usable.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

describe('Ollama faults during a turn', () => {
  it('a runner crash mid-stream fails the turn in words a person understands, and the next turn works', async () => {
    chat = await startChatHarness({
      script: [
        {
          content: 'one two three four',
          errorAfterTokens: 2,
          error: 'llama runner process has terminated',
        },
        plainAnswer('Recovered.'),
      ],
    });
    const broken = await chat.turn('hello');
    expect(broken.status.state).toBe('failed');
    // Ollama's line (llm/server.go) becomes what happened and what to try.
    expect(String(broken.status.message)).toMatch(/“llama3.2” stopped unexpectedly inside Ollama/);
    expect(String(broken.status.message)).toMatch(/smaller model or a smaller context/);
    const again = await chat.turn('again', broken.conversationId);
    expect(again.status.state).toBe('done');
    const messages = (await chat.api.conversations.get(broken.conversationId))?.messages ?? [];
    expect(messages.at(-1)?.content).toBe('Recovered.');
  });

  it('a stalled stream is ended by Stop at once, and the request is aborted', async () => {
    chat = await startChatHarness({ script: [{ content: 'one two three', stallAfterTokens: 1 }] });
    const { conversationId, turnId } = await chat.api.chat.send({ text: 'hi' });
    await chat.next('chat:delta', (p) => p.turnId === turnId);
    await chat.api.chat.stop(conversationId);
    const status = await chat.next(
      'chat:status',
      (p) => p.turnId === turnId && ['stopped', 'failed', 'done'].includes(String(p.state)),
    );
    expect(status.state).toBe('stopped');
    const ollama = chat.ollama;
    await eventually(() => ollama.requests.some((r) => r.path === '/api/chat' && r.aborted));
  });

  it('a model still loading is waited for, not failed, and Stop still works', async () => {
    chat = await startChatHarness({ script: [{ content: 'loaded', firstTokenDelayMs: 2_000 }] });
    const slow = await chat.turn('wake up');
    expect(slow.status.state).toBe('done');
    chat.ollama.setScript([{ content: 'never', firstTokenDelayMs: 60_000 }]);
    // Waited for before sending: the turn's first status may come before send's answer does.
    const thinking = chat.next(
      'chat:status',
      (p) => p.conversationId === slow.conversationId && p.turnId !== slow.status.turnId,
    );
    const { turnId } = await chat.api.chat.send({
      text: 'again',
      conversationId: slow.conversationId,
    });
    expect((await thinking).turnId).toBe(turnId);
    await chat.api.chat.stop(slow.conversationId);
    const status = await chat.next(
      'chat:status',
      (p) => p.turnId === turnId && ['stopped', 'failed', 'done'].includes(String(p.state)),
    );
    expect(status.state).toBe('stopped');
  });

  it('Ollama down: the turn fails with what to do, and history stays whole', async () => {
    chat = await startChatHarness({ script: [plainAnswer('First.')] });
    const first = await chat.turn('hello');
    await chat.ollama.close();
    const down = await chat.turn('still there?', first.conversationId);
    expect(down.status).toMatchObject({ state: 'failed', problem: 'not-running' });
    const messages = (await chat.api.conversations.get(first.conversationId))?.messages ?? [];
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });
});
