import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { pathWithoutBwrap } from '../support/pathWithoutBwrap';
import { tempDir } from '../support/testHost';

// Where the OS sandbox cannot run (a PATH without bubblewrap) and Settings do not let shell
// commands run without it, a command cannot run whatever the user answers: main asks only so the
// user learns why, and an Allow (from a page that still offered one) neither runs it nor leaves
// a rule that would let it run unasked later.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const linuxWithBwrap = process.platform === 'linux' && existsSync('/usr/bin/bwrap');

describe.skipIf(!linuxWithBwrap)('a shell command the sandbox will refuse', () => {
  it('is not run and leaves no rule, whatever the answer', async () => {
    const work = tempDir('refused-shell-work');
    const command = 'echo noted > note.txt';
    chat = await startChatHarness({
      script: (request: ChatRequestBody): Turn =>
        request.messages?.at(-1)?.role === 'tool'
          ? plainAnswer('Done.')
          : toolCall('hearth_run_shell_command', { command, cwd: work }),
      host: { environment: { ...process.env, PATH: pathWithoutBwrap(), SHELL: '/nonexistent' } },
    });
    const turn = chat.turn('Please make a note');
    const request = await chat.next('approval:request');
    expect(request.sandbox).toMatchObject({
      kind: 'shell',
      unavailable: { missing: 'bubblewrap (bwrap)', runAnyway: false },
    });
    // "Always allow this command", as a page that still offered Allow would send it.
    await chat.api.approval.respond(String(request.requestId), { decision: 'command' });
    const { status } = await turn;
    expect(status.state).toBe('done');

    const card = await chat.next(
      'chat:toolCall',
      (payload) => payload.state === 'denied' || payload.state === 'failed',
    );
    expect(card).toMatchObject({
      state: 'denied',
      message:
        'Not run: Hearth’s sandbox cannot run here (bubblewrap (bwrap) is missing), so the command was not run.',
    });
    expect(await chat.api.commandRules.list()).toEqual([]);
    expect(existsSync(join(work, 'note.txt'))).toBe(false);
  });
});
