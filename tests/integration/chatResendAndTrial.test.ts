import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { isAlive } from '../support/managerHarness';
import { fixtureCommand } from '../support/mcpFixtures';

let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

describe('retry, edit and resend', () => {
  it('replaces the last exchange with a new reply to the same or an edited message', async () => {
    chat = await startChatHarness({
      script: [plainAnswer('First try.'), plainAnswer('Second try.'), plainAnswer('About pears.')],
    });
    const { conversationId } = await chat.turn('tell me about apples');
    const retried = await chat.api.chat.resend(conversationId);
    await chat.next(
      'chat:status',
      (payload) => payload.turnId === retried.turnId && payload.state === 'done',
    );
    let messages = (await chat.api.conversations.get(conversationId))?.messages ?? [];
    expect(messages.map((message) => message.content)).toEqual([
      'tell me about apples',
      'Second try.',
    ]);
    const edited = await chat.api.chat.resend(conversationId, 'tell me about pears');
    await chat.next(
      'chat:status',
      (payload) => payload.turnId === edited.turnId && payload.state === 'done',
    );
    messages = (await chat.api.conversations.get(conversationId))?.messages ?? [];
    expect(messages.map((message) => message.content)).toEqual([
      'tell me about pears',
      'About pears.',
    ]);
  });
});

describe('test connection', () => {
  it('starts a config from the form as a trial, lists its tools, then stops it without saving', async () => {
    chat = await startChatHarness({ script: [] });
    const command = fixtureCommand(['--tools=echo,add']);
    const report = await chat.api.servers.test({
      name: 'trial',
      transport: { type: 'stdio', command: command.command, args: command.args, env: [] },
    });
    expect(report.status.state).toBe('ready');
    expect(report.tools.map((tool) => tool.name).sort()).toEqual(['add', 'echo']);
    expect((await chat.api.servers.list()).map((entry) => entry.config.name)).not.toContain(
      'trial',
    );
    // The trial's process is gone once the report is back.
    await expect.poll(() => isAlive(report.status.pid ?? 0)).toBe(false);
  });

  it('reports a broken command with its error and log', async () => {
    chat = await startChatHarness({ script: [] });
    const command = fixtureCommand(['--exit-at-start=4']);
    const report = await chat.api.servers.test({
      name: 'trial',
      transport: { type: 'stdio', command: command.command, args: command.args, env: [] },
    });
    expect(report.status).toMatchObject({
      state: 'error',
      error: expect.stringMatching(/exited with code 4/),
    });
    expect(report.log.some((entry) => entry.source === 'stderr')).toBe(true);
  });
});

describe('settings reset', () => {
  it('puts every setting back to its default', async () => {
    chat = await startChatHarness({ script: [] });
    await chat.api.settings.set({ theme: 'dark', chat: { loopLimit: 4 } });
    const reset = await chat.api.settings.reset();
    expect(reset.theme).toBe('system');
    expect(reset.chat.loopLimit).toBe(10);
  });
});
