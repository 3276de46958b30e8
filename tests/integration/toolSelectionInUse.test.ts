import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EMBEDDING_MODEL, plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { fixtureCommand } from '../support/mcpFixtures';

// Tool selection in use, end to end. Learning from use: a tool that ran for a message is offered for a similar later
// message it shares no word with, from the data folder's memory, until the user forgets it.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

/** The first message of a conversation gets the echo tool called, whether offered or not. */
function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'user' && last.content.includes('first'))
    return toolCall('fixture_echo', { text: 'bonjour' });
  return plainAnswer('Done.');
}

const offeredIn = (request: ChatRequestBody | undefined) =>
  (request?.tools ?? []).map((tool) => tool.function.name);

describe('learning which tools serve which messages', () => {
  it('offers a tool used before for a similar message, keeps it in the data folder, and forgets it', async () => {
    chat = await startChatHarness({ script });
    const name = 'fixture';
    const command = fixtureCommand(['--tools=echo', '--many-tools=40']);
    await chat.api.servers.save({
      name,
      transport: { type: 'stdio', command: command.command, args: command.args, env: [] },
    });
    const review = await chat.api.servers.reviewLaunch(name);
    await chat.api.servers.approveLaunch(name, review.fingerprint);
    await chat.api.tools.configure(name, 'echo', { approval: 'allow' });
    await chat.api.settings.set({ chat: { toolBudgets: { 'llama3.2': 10 } } });

    expect(await chat.api.tools.learned()).toBe(0);
    await chat.turn('first: greet the whole team in french please');
    expect(await chat.api.tools.learned()).toBe(1);
    // Written a moment later, or when Hearth quits.
    chat.host.core.chat.toolMemory.flush();
    const stored = readFileSync(join(chat.host.dataDir, 'tool-memory.json'), 'utf8');
    expect(stored).toContain('"tool": "echo"');
    expect(stored).not.toContain('greet the whole team');

    await chat.turn('greet the whole family in french please');
    expect(offeredIn(chat.ollama.chatRequests().at(-1))).toContain('fixture_echo');

    expect(await chat.api.tools.forgetLearned()).toBe(1);
    await chat.turn('greet the whole family in french please');
    expect(offeredIn(chat.ollama.chatRequests().at(-1))).not.toContain('fixture_echo');
  });
});

describe('the semantic path made easy', () => {
  it('pulls a suggested embedding model with streamed progress, and the next message is ranked with it', async () => {
    chat = await startChatHarness({
      script: () => plainAnswer('Done.'),
      pullable: EMBEDDING_MODEL,
    });
    const name = 'fixture';
    const command = fixtureCommand(['--tools=echo', '--many-tools=40']);
    await chat.api.servers.save({
      name,
      transport: { type: 'stdio', command: command.command, args: command.args, env: [] },
    });
    const review = await chat.api.servers.reviewLaunch(name);
    await chat.api.servers.approveLaunch(name, review.fingerprint);
    await chat.api.settings.set({ chat: { toolBudgets: { 'llama3.2': 10 } } });
    const embeds = () =>
      chat?.ollama.requests.filter((request) => request.path === '/api/embed') ?? [];

    await chat.turn('echo hello back to me');
    expect(embeds()).toEqual([]);

    expect(await chat.api.models.pull('all-minilm')).toBe(true);
    await chat.next('models:pullProgress', (event) => event.done === true, 10_000);
    const progress = chat.events.filter((event) => event.channel === 'models:pullProgress');
    const statuses = progress.map((event) => event.payload.status);
    expect(statuses[0]).toBe('pulling manifest');
    expect(statuses).toContain('verifying sha256 digest');
    expect(progress.at(-1)?.payload).toMatchObject({ status: 'success', done: true });
    expect(progress.some((event) => Number(event.payload.completed) > 0)).toBe(true);

    await chat.turn('echo hello back to me again');
    expect(embeds().length).toBeGreaterThan(0);
    expect(
      embeds().every((request) =>
        (request.body as { model: string }).model.startsWith('all-minilm'),
      ),
    ).toBe(true);
  });
});
