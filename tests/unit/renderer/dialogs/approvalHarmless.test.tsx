import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { QuestionDialogs } from '../../../../renderer/src/dialogs/QuestionDialogs';
import { connectTo, renderWith } from '../../../support/rendererHarness';
import { approvalRequest, type ApprovalRequest } from './questionFixtures';

afterEach(cleanup);

function open(request: ApprovalRequest) {
  const turnedOn: unknown[][] = [];
  const answers: unknown[][] = [];
  const harness = connectTo({
    'questions:pending': () => ({
      approvals: [request],
      sudo: [],
      elicitations: [],
      samplings: [],
    }),
    'approval:respond': (requestId, answer) => (answers.push([requestId, answer]), true),
    'servers:setHarmlessCalls': (name, on) => (turnedOn.push([name, on]), { on, allowed: true }),
  });
  renderWith(<QuestionDialogs />, harness);
  return { turnedOn, answers };
}

describe('the approval of a sandboxed server’s call', () => {
  it('offers to stop asking where the sandbox allows it, and this call still waits for its answer', async () => {
    const { turnedOn, answers } = open(
      approvalRequest({ server: 'notes', tool: 'read', harmlessCalls: { allowed: true } }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Allow read from notes?' });
    // Deny keeps the focus: the offer never becomes the default answer.
    expect(document.activeElement?.textContent).toBe('Deny');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Don’t ask for notes’s calls' }),
    );
    expect(turnedOn).toEqual([['notes', true]]);
    expect((await within(dialog).findByRole('status')).textContent).toContain(
      'This call still waits for your answer.',
    );
    expect(answers).toEqual([]);
  });

  it('says why its calls ask where the sandbox does not allow it', async () => {
    const { turnedOn } = open(
      approvalRequest({
        server: 'notes',
        tool: 'read',
        harmlessCalls: {
          allowed: false,
          reason:
            'This conversation’s model does not run on this computer, so what a call reads would leave it.',
        },
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Allow read from notes?' });
    const notes = within(dialog)
      .getAllByRole('note')
      .map((note) => note.textContent);
    expect(notes).toContain(
      'Calls of notes ask each time here: This conversation’s model does not run on this computer, so what a call reads would leave it.',
    );
    expect(within(dialog).queryByRole('button', { name: /Don’t ask/ })).toBeNull();
    expect(turnedOn).toEqual([]);
  });

  it('says nothing of it for a server without the switch', async () => {
    open(approvalRequest({ server: 'files', tool: 'read_file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allow read_file from files?' });
    expect(dialog.textContent).not.toContain('ask each time');
    expect(within(dialog).queryByRole('button', { name: /Don’t ask/ })).toBeNull();
  });
});
