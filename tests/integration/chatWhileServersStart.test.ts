import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { everythingStdio } from '../support/mcpFixtures';

// A message sent the moment Hearth's window opens, while the servers are still starting (or not
// yet started: Hearth's start reads the login shell first), gets their tools: the turn waits for
// them, saying so, instead of sending the model a request without tools.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

describe('a message sent while the servers start', () => {
  it('waits for them, says which, and offers their tools', async () => {
    let shellRead!: () => void;
    const loginShell = new Promise<void>((resolve) => (shellRead = resolve));
    chat = await startChatHarness({ script: [plainAnswer('Hello.')], serversAfter: loginShell });
    expect(chat.host.core.mcp.startingNow()).toEqual(['hearth']);
    // A server whose launch waits for the user's approval is not waited for.
    const command = everythingStdio();
    await chat.api.servers.save({
      name: 'everything',
      transport: { type: 'stdio', command: command.command, args: command.args, env: [] },
    });
    expect(chat.host.core.mcp.startingNow()).toEqual(['hearth']);

    const { turnId } = await chat.api.chat.send({ text: 'hi' });
    const waiting = await chat.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.message !== undefined,
    );
    expect(waiting.message).toBe(
      'Waiting for the built-in tools to start, so this reply can use them…',
    );
    // Nothing reached the model while it waited.
    expect(chat.ollama.chatRequests()).toHaveLength(0);

    shellRead();
    const ended = await chat.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'done',
    );
    expect(ended.message).toBeUndefined();
    const [request] = chat.ollama.chatRequests();
    expect(request?.tools?.map((tool) => tool.function.name)).toContain('hearth_run_shell_command');
    expect(chat.host.core.mcp.startingNow()).toEqual([]);
  });

  it('goes ahead at once when every server is up', async () => {
    chat = await startChatHarness({ script: [plainAnswer('Hello.')] });
    const { status } = await chat.turn('hi');
    expect(status.state).toBe('done');
    const said = chat.events
      .filter((event) => event.channel === 'chat:status')
      .map((event) => event.payload.message);
    expect(said.some((message) => String(message).startsWith('Waiting for'))).toBe(false);
  });

  it('a turn stopped while it waits ends stopped, and nothing reaches the model', async () => {
    const never = new Promise<void>(() => undefined);
    chat = await startChatHarness({ script: [plainAnswer('Hello.')], serversAfter: never });
    const { conversationId, turnId } = await chat.api.chat.send({ text: 'hi' });
    await chat.next(
      'chat:status',
      (payload) => payload.turnId === turnId && String(payload.message).startsWith('Waiting for'),
    );
    await chat.api.chat.stop(conversationId);
    const ended = await chat.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'stopped',
    );
    expect(ended.state).toBe('stopped');
    expect(chat.ollama.chatRequests()).toHaveLength(0);
  });
});
