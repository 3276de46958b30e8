import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { QuestionDialogs } from '../../../../renderer/src/dialogs/QuestionDialogs';
import { renderWith } from '../../../support/rendererHarness';
import { approvalRequest, questionHarness } from './questionFixtures';

afterEach(cleanup);

// A shell command the sandbox will refuse (it cannot run here, and Settings do not let commands
// run without it) cannot run whatever the answer: its approval says why and offers no Allow.
function shellWhereSandboxMissing(options: { runAnyway: boolean; command?: string }) {
  const command = options.command ?? 'git status --short';
  return approvalRequest({
    server: 'hearth',
    tool: 'run_shell_command',
    arguments: { command },
    shell: {
      command,
      prefix: 'git status',
      ...(command.startsWith('sudo') ? { asRoot: true as const } : {}),
    },
    sandbox: {
      kind: 'shell',
      writable: ['/users/me/Hearth/work'],
      hosts: [],
      unavailable: { missing: 'bubblewrap (bwrap)', runAnyway: options.runAnyway },
    },
  });
}

async function buttonsOf(request: ReturnType<typeof approvalRequest>) {
  const harness = questionHarness({ approvals: [request] });
  renderWith(<QuestionDialogs />, harness);
  const dialog = await screen.findByRole(
    'dialog',
    { name: /run_shell_command/ },
    { timeout: 10_000 },
  );
  const names = within(dialog)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent ?? '');
  return { dialog, names, harness };
}

describe('the approval of a shell command the sandbox will refuse', () => {
  it('offers no Allow, only Close, which has focus and answers no', async () => {
    const user = userEvent.setup();
    const { dialog, names, harness } = await buttonsOf(
      shellWhereSandboxMissing({ runAnyway: false }),
    );
    expect(
      screen.getByRole('dialog', { name: 'run_shell_command from hearth cannot run here' }),
    ).toBe(dialog);
    expect(names.filter((name) => /allow|more answers/i.test(name))).toEqual([]);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    await user.keyboard('{Enter}');
    expect(harness.approvals).toEqual([['approval-1', { decision: 'deny' }]]);
  });

  it('offers Allow where the command runs anyway: Settings allow it, or sudo runs outside', async () => {
    const anyway = await buttonsOf(shellWhereSandboxMissing({ runAnyway: true }));
    expect(anyway.names).toContain('Allow once');
    cleanup();
    const sudo = await buttonsOf(
      shellWhereSandboxMissing({ runAnyway: false, command: 'sudo apt-get update' }),
    );
    expect(sudo.names).toContain('Allow once');
  });
});
