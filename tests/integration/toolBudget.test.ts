import { afterEach, describe, expect, it } from 'vitest';
import { estimateTokens } from '../../electron/core/chat/context/dropOldestTurns';
import { estimateJsonTokens } from '../../electron/core/chat/context/numCtx';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { fixtureCommand, packageBin, type ServerCommand } from '../support/mcpFixtures';

// The acceptance of the tool budget, end to end: 121 enabled tools (the built-in four, a
// fixture server with 91 and the real GitHub reference server with 26), the fake Ollama, and
// the renderer's own bridge. Every request must carry at most the budget, always the pinned
// tool and the tools used before, and a num_ctx that holds what it carries.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

async function addServer(harness: ChatHarness, name: string, command: ServerCommand) {
  await harness.api.servers.save({
    name,
    transport: {
      type: 'stdio',
      command: command.command,
      args: command.args,
      env: Object.entries(command.env ?? {}).map(([key, value]) => ({ name: key, value })),
    },
  });
  const review = await harness.api.servers.reviewLaunch(name);
  const status = await harness.api.servers.approveLaunch(name, review.fingerprint);
  expect(status.state).toBe('ready');
}

/** Calls the echo tool when asked to echo, answers otherwise (and after a tool result). */
function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'user' && last.content.includes('echo'))
    return toolCall('fixture_echo', { text: 'hello' });
  return plainAnswer('Done.');
}

/** What Hearth's estimate says the request costs: a lower bound for the window it needs. */
function estimatedTokens(request: ChatRequestBody): number {
  const messages = (request.messages ?? [])
    .map((message) => estimateTokens(message.content) + 4)
    .reduce((sum, tokens) => sum + tokens, 0);
  return messages + estimateJsonTokens(JSON.stringify(request.tools ?? []));
}

describe('the tool budget with many tools', () => {
  it('sends at most the budget, always the pinned and already-used tools, with num_ctx to fit', async () => {
    chat = await startChatHarness({ script });
    await addServer(chat, 'fixture', fixtureCommand(['--tools=echo', '--many-tools=90']));
    await addServer(chat, 'github', {
      command: process.execPath,
      args: [packageBin('@modelcontextprotocol/server-github')],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'placeholder-not-a-real-token' },
    });
    const catalog = await chat.api.tools.list();
    expect(catalog.length).toBeGreaterThanOrEqual(120);
    await chat.api.tools.configure('fixture', 'echo', { approval: 'allow' });
    const pinned = await chat.api.tools.configure('fixture', 'tool_7', { pinned: true });
    expect(pinned.find((tool) => tool.tool === 'tool_7')?.pinned).toBe(true);
    await chat.api.settings.set({ chat: { toolBudgets: { 'llama3.2': 10 } } });

    const first = await chat.turn('please echo hello back to me');
    expect(first.status.state).toBe('done');
    const second = await chat.turn(
      'open a new issue in the github repository about the login crash',
      first.conversationId,
    );
    expect(second.status.state).toBe('done');

    const requests = chat.ollama.chatRequests();
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      const names = (request.tools ?? []).map((tool) => tool.function.name);
      // The pin goes past the budget only when pins alone exceed it; here the budget holds.
      expect(names.length).toBeLessThanOrEqual(10);
      expect(names).toContain('fixture_tool_7');
      const numCtx = Number(request.options?.num_ctx);
      expect(numCtx).toBeGreaterThanOrEqual(estimatedTokens(request) + 1_024);
      expect(numCtx % 2_048).toBe(0);
    }
    const [, , last] = requests;
    const lastNames = (last?.tools ?? []).map((tool) => tool.function.name);
    expect(lastNames).toContain('fixture_echo');
    expect(lastNames).toContain('github_create_issue');
    // The first turn's user message asked to echo: the echo tool was chosen as relevant.
    expect((requests[0]?.tools ?? []).map((tool) => tool.function.name)).toContain('fixture_echo');

    const conversation = await chat.api.conversations.get(second.conversationId);
    const reply = conversation?.messages.at(-1);
    expect(reply?.role).toBe('assistant');
    expect(reply?.request?.toolsAvailable).toBe(catalog.length);
    expect(reply?.request?.numCtx).toBe(last?.options?.num_ctx);
    const reasons = Object.fromEntries(
      (reply?.request?.tools ?? []).map((tool) => [tool.modelName, tool.reason]),
    );
    expect(reasons).toMatchObject({
      fixture_tool_7: 'pinned',
      fixture_echo: 'used',
      github_create_issue: 'relevant',
    });
  });

  it('sends only the pinned tool (and the search tool) when nothing in the message matches a tool, and records it', async () => {
    chat = await startChatHarness({
      script: () => plainAnswer('Why did the penguin cross the ice?'),
    });
    await addServer(chat, 'fixture', fixtureCommand(['--tools=echo', '--many-tools=40']));
    await chat.api.tools.configure('fixture', 'tool_7', { pinned: true });
    await chat.api.settings.set({ chat: { toolBudgets: { 'llama3.2': 10 } } });

    const turn = await chat.turn('tell me a joke about penguins');
    expect(turn.status.state).toBe('done');
    const [request] = chat.ollama.chatRequests();
    // The pin, and the search tool that lets the model look further.
    expect((request?.tools ?? []).map((tool) => tool.function.name)).toEqual([
      'fixture_tool_7',
      'search_tools',
    ]);
    const conversation = await chat.api.conversations.get(turn.conversationId);
    const facts = conversation?.messages.at(-1)?.request;
    expect(facts?.nothingMatched).toBe(true);
    expect(facts?.tools.map((tool) => tool.reason)).toEqual(['pinned', 'all']);
  });

  it('offers search_tools in one slot; the tools it finds are callable in the next round of the turn', async () => {
    chat = await startChatHarness({
      script: (request) => {
        const names = (request.tools ?? []).map((tool) => tool.function.name);
        const last = request.messages?.at(-1);
        if (last?.role === 'user') return toolCall('search_tools', { query: 'echo text back' });
        if (last?.content.includes('fixture_echo') && names.includes('fixture_echo'))
          return toolCall('fixture_echo', { text: 'hi' });
        return plainAnswer('Done.');
      },
    });
    await addServer(chat, 'fixture', fixtureCommand(['--tools=echo', '--many-tools=40']));
    await chat.api.tools.configure('fixture', 'echo', { approval: 'allow' });
    await chat.api.settings.set({ chat: { toolBudgets: { 'llama3.2': 10 } } });

    const turn = await chat.turn('say hi to me');
    expect(turn.status.state).toBe('done');
    const requests = chat.ollama.chatRequests();
    expect(requests).toHaveLength(3);
    const names = requests.map((request) =>
      (request.tools ?? []).map((tool) => tool.function.name),
    );
    expect(names[0]).toEqual(['search_tools']);
    expect(names[1]).toContain('fixture_echo');
    expect(names[1]).toContain('search_tools');
    for (const list of names) expect(list.length).toBeLessThanOrEqual(10);
    const searchResult = requests[1]?.messages?.at(-1)?.content ?? '';
    expect(searchResult).toContain('- fixture_echo: Returns its text argument.');
    expect(requests[2]?.messages?.at(-1)?.content).toContain('hi');

    const conversation = await chat.api.conversations.get(turn.conversationId);
    const replies = conversation?.messages.filter((message) => message.role === 'assistant') ?? [];
    expect(replies[0]?.toolCalls?.[0]).toMatchObject({ server: 'hearth', tool: 'search_tools' });
    expect(replies[0]?.toolCalls?.[0]?.outcome).toBe('done');
    const reasons = Object.fromEntries(
      (replies[1]?.request?.tools ?? []).map((tool) => [tool.modelName, tool.reason]),
    );
    expect(reasons.fixture_echo).toBe('searched');
    const card = chat.events.find(
      (event) => event.channel === 'chat:toolCall' && event.payload.tool === 'search_tools',
    );
    expect(card?.payload).toMatchObject({
      server: 'hearth',
      state: 'done',
      arguments: { query: 'echo text back' },
    });
  });

  it('says in the chat when the oldest messages did not fit the context', async () => {
    chat = await startChatHarness({ script: () => plainAnswer('Noted.') });
    await chat.api.settings.set({ chat: { contextTokens: 4_096 } });
    const long = 'a long story about many things. '.repeat(500);
    const first = await chat.turn(long);
    const second = await chat.turn('and a short question', first.conversationId);
    expect(second.status.state).toBe('done');
    const notice = chat.events.find(
      (event) =>
        event.channel === 'chat:status' &&
        String(event.payload.message ?? '').startsWith('Oldest 2 messages not sent'),
    );
    expect(notice?.payload.conversationId).toBe(first.conversationId);
    const [, lastRequest] = chat.ollama.chatRequests();
    expect(lastRequest?.options?.num_ctx).toBe(4_096);
    expect(lastRequest?.messages?.map((message) => message.content)).not.toContain(long);
    const conversation = await chat.api.conversations.get(first.conversationId);
    expect(conversation?.messages.at(-1)?.request?.droppedMessages).toBe(2);
  });
});
