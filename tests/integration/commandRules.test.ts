import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';

// The approval gate with command rules: the built-in shell tool, the real consent file, and the
// renderer's own bridge answering the dialog as a person would.
const SHELL = 'hearth_run_shell_command';
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const shellTurns = (...commands: string[]) =>
  commands.flatMap((command) => [toolCall(SHELL, { command }), plainAnswer('Done.')]);

/** Sends a message; answers the approval with `decision` when one is asked; returns whether one was. */
async function turn(
  harness: ChatHarness,
  text: string,
  decision?: 'command' | 'command-prefix' | 'always' | 'conversation' | 'once',
) {
  const asked = harness.events.filter((event) => event.channel === 'approval:request').length;
  const sent = harness.api.chat.send({ text, conversationId: conversationOf(harness) });
  const outcome = await Promise.race([
    harness
      .next(
        'approval:request',
        () => harness.events.filter((event) => event.channel === 'approval:request').length > asked,
      )
      .then(
        (request) => ({ request }),
        // The turn ended without asking: the other branch has won the race.
        () => new Promise<never>(() => undefined),
      ),
    sent.then(async ({ turnId }) => {
      await harness.next(
        'chat:status',
        (payload) => payload.turnId === turnId && payload.state === 'done',
      );
      return { request: undefined };
    }),
  ]);
  if (outcome.request) {
    await harness.api.approval.respond(String(outcome.request.requestId), {
      decision: decision ?? 'deny',
    });
    const { turnId } = await sent;
    await harness.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'done',
    );
  }
  return outcome.request;
}

function conversationOf(harness: ChatHarness): string | undefined {
  return harness.host.core.chat.history.list()[0]?.id;
}

function executed(harness: ChatHarness): number {
  return harness.events.filter(
    (event) => event.channel === 'chat:toolCall' && event.payload.state === 'done',
  ).length;
}

describe('command rules in the approval gate', () => {
  it('offers the command and a prefix, and a prefix rule then runs matching plain commands without asking', async () => {
    chat = await startChatHarness({
      script: shellTurns('git --version', 'echo first', 'echo second', 'echo third; id'),
    });
    const first = await turn(chat, 'version?', 'once');
    expect(first).toMatchObject({ shell: { command: 'git --version', prefix: 'git' } });
    const second = await turn(chat, 'say first', 'command-prefix');
    expect(second).toMatchObject({ shell: { command: 'echo first', prefix: 'echo' } });
    expect(await chat.api.commandRules.list()).toEqual([
      { server: 'hearth', tool: 'run_shell_command', kind: 'prefix', text: 'echo' },
    ]);
    // Matching: runs without a question.
    expect(await turn(chat, 'say second')).toBeUndefined();
    expect(executed(chat)).toBe(3);
    // A second command after `;` never matches a prefix rule: asked, and denied here.
    const compound = await turn(chat, 'say third');
    expect(compound).toMatchObject({ shell: { command: 'echo third; id' } });
    expect(compound?.shell).not.toHaveProperty('prefix');
    expect(executed(chat)).toBe(3);
    // The audit trail names the rule that allowed the call.
    const audit = readFileSync(join(chat.host.dataDir, 'audit.jsonl'), 'utf8');
    expect(audit).toMatch(/"basis":"rule:command"/);
  });

  it('keeps an exact-command rule to exactly that command', async () => {
    chat = await startChatHarness({ script: shellTurns('echo same', 'echo same', 'echo other') });
    await turn(chat, 'one', 'command');
    expect(await turn(chat, 'two')).toBeUndefined();
    expect(await turn(chat, 'three')).toMatchObject({ shell: { command: 'echo other' } });
  });

  it('never allows the whole shell tool with "always" or for the conversation', async () => {
    chat = await startChatHarness({ script: shellTurns('echo a', 'echo b', 'echo c') });
    await turn(chat, 'one', 'always');
    expect(await turn(chat, 'two', 'conversation')).toBeDefined();
    expect(await turn(chat, 'three')).toBeDefined();
    expect(await chat.api.commandRules.list()).toEqual([]);
    expect(chat.host.core.mcp.store.get('hearth')?.tools.run_shell_command?.approval).not.toBe(
      'allow',
    );
    await expect(
      chat.api.tools.configure('hearth', 'run_shell_command', { approval: 'allow' }),
    ).rejects.toThrow(/never allowed whole/);
  });

  it('lets Settings add, refuse and remove rules, and the gate follows', async () => {
    chat = await startChatHarness({ script: shellTurns('ls -a', 'ls -a') });
    const rule = {
      server: 'hearth',
      tool: 'run_shell_command',
      kind: 'prefix' as const,
      text: ' ls ',
    };
    expect(await chat.api.commandRules.add(rule)).toEqual([{ ...rule, text: 'ls' }]);
    await expect(chat.api.commandRules.add({ ...rule, text: 'bash' })).rejects.toThrow(
      /cannot be a prefix rule/,
    );
    expect(await turn(chat, 'list')).toBeUndefined();
    expect(await chat.api.commandRules.remove({ ...rule, text: 'ls' })).toEqual([]);
    expect(await turn(chat, 'list again')).toBeDefined();
  });

  it('names the conversation and shows the user their own words after a deny', async () => {
    chat = await startChatHarness({
      script: [toolCall(SHELL, { command: 'rm -rf build' }), plainAnswer('OK.')],
    });
    const sent = chat.api.chat.send({ text: 'clean the build folder' });
    const request = await chat.next('approval:request');
    expect(request.conversationTitle).toMatch(/clean the build folder/i);
    await chat.api.approval.respond(String(request.requestId), {
      decision: 'deny',
      reason: 'not now',
    });
    await sent;
    const card = await chat.next('chat:toolCall', (payload) => payload.state === 'denied');
    expect(card.message).toBe('You denied this call: “not now”');
  });
});
