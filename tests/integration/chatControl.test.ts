import { afterEach, describe, expect, it } from 'vitest';
import { parallelToolCalls, plainAnswer, toolCall } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { addApprovedFixture } from '../support/fixtureServerSetup';

// Stopping, waiting and ordering: the parts of a turn the user controls.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

async function addFixture(harness: ChatHarness, tools: string): Promise<void> {
  await addApprovedFixture(harness.api, [`--tools=${tools}`]);
}

describe('controlling a turn', () => {
  it('stops a running tool within a fraction of a second and keeps the history consistent', async () => {
    chat = await startChatHarness({
      script: [toolCall('fixture_slow', { ms: 30_000 }), plainAnswer('never sent')],
    });
    await addFixture(chat, 'slow');
    await chat.api.tools.configure('fixture', 'slow', { approval: 'allow' });
    const { conversationId, turnId } = await chat.api.chat.send({ text: 'be slow' });
    await chat.next('chat:toolCall', (payload) => payload.state === 'running');
    const stopped = Date.now();
    await chat.api.chat.stop(conversationId);
    await chat.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'stopped',
    );
    expect(Date.now() - stopped).toBeLessThan(2_000);
    await chat.next('chat:toolCall', (payload) => payload.state === 'cancelled');
    const messages = (await chat.api.conversations.get(conversationId))?.messages ?? [];
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(messages[2]).toMatchObject({
      toolCallId: messages[1]?.toolCalls?.[0]?.id,
      content: expect.stringMatching(/cancelled/),
    });
    // The next turn starts cleanly from the consistent history.
    chat.ollama.setScript([plainAnswer('Back again.')]);
    expect((await chat.turn('hello again', conversationId)).status.state).toBe('done');
  });

  it('waits for an unanswered approval without running the tool, until the user stops the turn', async () => {
    chat = await startChatHarness({
      script: [toolCall('fixture_echo', { text: 'waiting' }), plainAnswer('x')],
    });
    await addFixture(chat, 'echo');
    const { conversationId, turnId } = await chat.api.chat.send({ text: 'go' });
    const request = await chat.next('approval:request');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const pending = await chat.api.questions.pending();
    expect(pending.approvals.map((item) => item.requestId)).toEqual([request.requestId]);
    expect(
      chat.events.some(
        (event) => event.channel === 'chat:toolCall' && event.payload.state === 'running',
      ),
    ).toBe(false);
    await chat.api.chat.stop(conversationId);
    await chat.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'stopped',
    );
    expect((await chat.api.questions.pending()).approvals).toEqual([]);
    expect(await chat.api.approval.respond(String(request.requestId), { decision: 'once' })).toBe(
      false,
    );
  });

  it('asks about several calls of one reply one after another, in order', async () => {
    chat = await startChatHarness({
      script: [
        parallelToolCalls([
          { name: 'fixture_echo', arguments: { text: 'first' } },
          { name: 'fixture_add', arguments: { a: 1, b: 2 } },
        ]),
        plainAnswer('Both done.'),
      ],
    });
    await addFixture(chat, 'echo,add');
    const sent = chat.api.chat.send({ text: 'two things' });
    const first = await chat.next('approval:request');
    expect(first.tool).toBe('echo');
    expect(chat.events.filter((event) => event.channel === 'approval:request')).toHaveLength(1);
    await chat.api.approval.respond(String(first.requestId), { decision: 'once' });
    const second = await chat.next(
      'approval:request',
      (payload) => payload.requestId !== first.requestId,
    );
    expect(second.tool).toBe('add');
    await chat.api.approval.respond(String(second.requestId), { decision: 'once' });
    const { turnId } = await sent;
    await chat.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'done',
    );
    const tools = chat.ollama
      .chatRequests()[1]
      ?.messages?.filter((message) => message.role === 'tool')
      .map((message) => message.content);
    expect(tools).toEqual(['first', expect.stringContaining('3')]);
  });

  it('asks for every call when the user says so, even for an always-allowed tool', async () => {
    chat = await startChatHarness({
      script: [toolCall('fixture_echo', { text: 'x' }), plainAnswer('ok')],
    });
    await addFixture(chat, 'echo');
    await chat.api.tools.configure('fixture', 'echo', { approval: 'allow' });
    await chat.api.settings.set({ chat: { askForEveryTool: true } });
    const sent = chat.api.chat.send({ text: 'go' });
    const request = await chat.next('approval:request');
    await chat.api.approval.respond(String(request.requestId), { decision: 'once' });
    const { turnId } = await sent;
    expect(
      (
        await chat.next(
          'chat:status',
          (payload) => payload.turnId === turnId && payload.state === 'done',
        )
      ).state,
    ).toBe('done');
  });

  it('never runs a tool the user set to deny, and does not offer it to the model', async () => {
    chat = await startChatHarness({
      script: [toolCall('fixture_echo', { text: 'x' }), plainAnswer('ok')],
    });
    await addFixture(chat, 'echo');
    await chat.api.tools.configure('fixture', 'echo', { approval: 'deny' });
    const { status } = await chat.turn('go');
    expect(status.state).toBe('done');
    expect(chat.ollama.chatRequests()[0]?.tools?.map((tool) => tool.function.name)).not.toContain(
      'fixture_echo',
    );
    const result = chat.ollama
      .chatRequests()[1]
      ?.messages?.find((message) => message.role === 'tool');
    expect(result?.content).toMatch(/does not allow “echo” to run/);
  });

  it('offers no tools and runs none while tools are paused', async () => {
    chat = await startChatHarness({
      script: [toolCall('fixture_echo', { text: 'x' }), plainAnswer('ok')],
    });
    await addFixture(chat, 'echo');
    await chat.api.tools.configure('fixture', 'echo', { approval: 'allow' });
    await chat.api.settings.set({ chat: { toolsPaused: true } });
    const { status } = await chat.turn('go');
    expect(status.state).toBe('done');
    expect(chat.ollama.chatRequests()[0]?.tools).toBeUndefined();
    const result = chat.ollama
      .chatRequests()[1]
      ?.messages?.find((message) => message.role === 'tool');
    expect(result?.content).toMatch(
      /there is no tool named “fixture_echo”. No tools are available/,
    );
    expect(
      chat.events.some(
        (event) => event.channel === 'chat:toolCall' && event.payload.state === 'running',
      ),
    ).toBe(false);
  });

  it('lists, renames, searches and deletes conversations', async () => {
    chat = await startChatHarness({
      script: [plainAnswer('Tomatoes need sun.'), plainAnswer('Basil likes water.')],
    });
    const first = await chat.turn('tell me about tomatoes');
    const second = await chat.turn('and basil?');
    expect((await chat.api.conversations.list()).map((item) => item.id)).toEqual([
      second.conversationId,
      first.conversationId,
    ]);
    await chat.api.conversations.rename(first.conversationId, 'Garden notes');
    expect(
      (await chat.api.conversations.search('garden')).map((hit) => hit.conversationId),
    ).toContain(first.conversationId);
    const basil = await chat.api.conversations.search('basil');
    expect(new Set(basil.map((hit) => hit.conversationId))).toEqual(
      new Set([second.conversationId]),
    );
    expect(await chat.api.conversations.delete(second.conversationId)).toBe(true);
    expect(await chat.api.conversations.get(second.conversationId)).toBeNull();
    expect(await chat.api.conversations.search('basil')).toEqual([]);
  });

  it('pulls a model with progress events', async () => {
    chat = await startChatHarness({ script: [] });
    const progress: string[] = [];
    chat.api.models.onPullProgress((event) =>
      progress.push(`${event.status}${event.done ? ':done' : ''}`),
    );
    expect(await chat.api.models.pull('llama3.2')).toBe(true);
    await expect.poll(() => progress.at(-1), { timeout: 10_000 }).toMatch(/:done$/);
    expect(progress[0]).toBe('pulling manifest');
  });

  it('cancels a pull in progress, and says it was cancelled', async () => {
    chat = await startChatHarness({ script: [], pullDelayMs: 200 });
    const progress: { status: string; done: boolean; error?: string }[] = [];
    chat.api.models.onPullProgress((event) => progress.push(event));
    expect(await chat.api.models.cancelPull('llama3.2')).toBe(false);
    expect(await chat.api.models.pull('llama3.2')).toBe(true);
    await expect.poll(() => progress.length, { timeout: 10_000 }).toBeGreaterThan(1);
    expect(await chat.api.models.cancelPull('llama3.2')).toBe(true);
    await expect.poll(() => progress.at(-1)?.done, { timeout: 10_000 }).toBe(true);
    expect(progress.at(-1)).toMatchObject({ status: 'cancelled', done: true });
    expect(progress.some((event) => event.status === 'success')).toBe(false);
  });
});
