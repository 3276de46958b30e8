import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { tempDir } from '../support/testHost';
import { addApprovedFixture } from '../support/fixtureServerSetup';
import { fakeSudoFolder } from '../support/fakeSudo';

// The sudo path end to end: the built-in shell tool, a fake `sudo` first on PATH that records
// its argv and the line it reads on stdin, and a canary password that must reach that stdin and
// nothing else.
const CANARY = 'canary-Pw-7731-xyzzy';
let chat: ChatHarness | undefined;
let saved: NodeJS.ProcessEnv;
let records: string;

beforeEach(() => {
  saved = { ...process.env };
  records = tempDir('sudo');
  // The built-in tools run in this process and take its environment, as in the app.
  const sudo = fakeSudoFolder({
    password: CANARY,
    log: join(records, 'argv'),
    stdin: join(records, 'stdin'),
  });
  process.env.PATH = `${sudo}:${process.env.PATH ?? ''}`;
});
afterEach(async () => {
  await chat?.close();
  chat = undefined;
  process.env = saved;
});

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Sends `text`, allows the tool call once and answers the password prompt (null: cancel). */
async function answerSudo(harness: ChatHarness, text: string, password: string | null) {
  const sent = harness.api.chat.send({ text });
  const approval = await harness.next('approval:request');
  await harness.api.approval.respond(String(approval.requestId), { decision: 'once' });
  const prompt = await harness.next('sudo:request');
  const answered = await harness.api.sudo.respond(String(prompt.requestId), password);
  const { turnId } = await sent;
  const status = await harness.next(
    'chat:status',
    (payload) => payload.turnId === turnId && ['done', 'failed'].includes(String(payload.state)),
  );
  return { approval, prompt, answered, status };
}

/** The built-in shell tool's sudo command, with what the user is shown checked on the way. */
async function runSudoTurn(harness: ChatHarness, password: string) {
  const turn = await answerSudo(harness, 'who am I as root?', password);
  expect(turn.approval).toMatchObject({
    server: 'hearth',
    tool: 'run_shell_command',
    arguments: { command: 'cd / && sudo echo elevated' },
    // Told before approving that the whole line, `cd` included, runs as root.
    shell: { command: 'cd / && sudo echo elevated', asRoot: true },
  });
  expect(turn.prompt.command).toBe('cd / && sudo echo elevated');
  expect(turn.answered).toBe(true);
  return turn.status;
}

/** What the model was told the tool returned (the second request's tool message). */
function toolResultSent(harness: ChatHarness): string | undefined {
  return harness.ollama.chatRequests()[1]?.messages?.find((message) => message.role === 'tool')
    ?.content;
}

describe('sudo through the chat', () => {
  it('takes a tool the user marked as a shell tool down the same path, never giving it the password', async () => {
    chat = await startChatHarness({
      script: [
        toolCall('fixture_run', { command: 'cd / && sudo echo elevated' }),
        plainAnswer('Done.'),
      ],
    });
    await addApprovedFixture(chat.api, ['--tools=run']);
    await chat.api.tools.configure('fixture', 'run', { shellCommand: true });
    const turn = await answerSudo(chat, 'as root', CANARY);
    expect(turn.approval).toMatchObject({ server: 'fixture', tool: 'run' });
    expect(turn.status.state).toBe('done');
    const toolResult = toolResultSent(chat);
    expect(toolResult).toContain('elevated');
    expect(toolResult).not.toContain('fixture did not run');
    expect(readFileSync(join(records, 'stdin'), 'utf8')).toBe(`${CANARY}\n`);
  });

  it('writes the password to sudo’s stdin only, and it appears nowhere else', async () => {
    chat = await startChatHarness({
      script: [
        toolCall('hearth_run_shell_command', { command: 'cd / && sudo echo elevated' }),
        plainAnswer('Done.'),
      ],
    });
    expect((await runSudoTurn(chat, CANARY)).state).toBe('done');
    expect(readFileSync(join(records, 'stdin'), 'utf8')).toBe(`${CANARY}\n`);
    const argv = readFileSync(join(records, 'argv'), 'utf8');
    expect(argv).toMatch(/^\[-k\] \[-S\] \[-p\] \[\] \[--\] /);
    expect(argv).not.toContain(CANARY);
    const toolResult = toolResultSent(chat);
    expect(toolResult).toContain('elevated');

    const everywhere = [
      ...filesUnder(chat.host.dataDir).map((file) => readFileSync(file).toString('latin1')),
      chat.host.logLines.join('\n'),
      JSON.stringify(chat.ollama.requests),
      JSON.stringify(chat.events),
      argv,
    ];
    expect(everywhere.filter((text) => text.includes(CANARY))).toEqual([]);
  });

  it('reports a wrong password as such and does not retry', async () => {
    chat = await startChatHarness({
      script: [
        toolCall('hearth_run_shell_command', { command: 'cd / && sudo echo elevated' }),
        plainAnswer('The password was wrong.'),
      ],
    });
    expect((await runSudoTurn(chat, 'not-the-password')).state).toBe('done');
    const toolResult = toolResultSent(chat);
    expect(toolResult).toMatch(/password was wrong.*not retried/s);
    expect(chat.events.filter((event) => event.channel === 'sudo:request')).toHaveLength(1);
  });

  it('runs nothing when the user cancels the password prompt, and tells the model', async () => {
    chat = await startChatHarness({
      script: [
        toolCall('hearth_run_shell_command', { command: 'sudo rm -rf /tmp/nothing' }),
        plainAnswer('Cancelled.'),
      ],
    });
    expect((await answerSudo(chat, 'clean up', null)).status.state).toBe('done');
    const toolResult = toolResultSent(chat);
    expect(toolResult).toMatch(/not run: the user cancelled the password prompt/);
    expect(() => readFileSync(join(records, 'argv'))).toThrow();
    // The cancelled prompt is in the audit trail, after the approval.
    const audit = readFileSync(join(chat.host.dataDir, 'audit.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; why?: string });
    expect(audit.map((entry) => entry.kind)).toEqual(['approved', 'password-refused']);
    expect(audit[1]?.why).toBe('cancelled');
  });

  it('refuses a command that pipes its own password into sudo, without asking for one', async () => {
    chat = await startChatHarness({
      script: [
        toolCall('hearth_run_shell_command', { command: 'echo hunter2 | sudo -S id' }),
        plainAnswer('Refused.'),
      ],
    });
    // Refused before the user is asked anything: approving it could only end the same way.
    const { turnId } = await chat.api.chat.send({ text: 'run it' });
    const status = await chat.next(
      'chat:status',
      (payload) => payload.turnId === turnId && ['done', 'failed'].includes(String(payload.state)),
    );
    expect(status.state).toBe('done');
    const toolResult = toolResultSent(chat);
    expect(toolResult).toMatch(/passes a password to sudo itself/);
    expect(chat.events.filter((event) => event.channel === 'sudo:request')).toHaveLength(0);
    expect(chat.events.filter((event) => event.channel === 'approval:request')).toHaveLength(0);
    const audit = readFileSync(join(chat.host.dataDir, 'audit.jsonl'), 'utf8');
    expect(audit).toMatch(/"kind":"refused".*"basis":"rule"/);
  });
});
