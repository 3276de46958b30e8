import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { QuestionDialogs } from '../../../../renderer/src/dialogs/QuestionDialogs';
import { renderWith } from '../../../support/rendererHarness';
import { approvalRequest, questionHarness } from './questionFixtures';

afterEach(cleanup);

// In the narrow popup the standing allows sit in one "More answers" menu (questions.css shows it
// there and the buttons elsewhere): the menu itself, from the keyboard.
const shell = approvalRequest({
  server: 'hearth',
  tool: 'run_shell_command',
  arguments: { command: 'git status --short' },
  shell: { command: 'git status --short', prefix: 'git status' },
});

describe('an approval’s More answers menu', () => {
  it('opens on the first standing allow, moves with the arrows and answers with Enter', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({ approvals: [shell] });
    renderWith(<QuestionDialogs />, harness);
    const dialog = await screen.findByRole(
      'dialog',
      { name: /run_shell_command/ },
      { timeout: 10_000 },
    );
    const more = within(dialog).getByRole('button', { name: 'More answers' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    const menu = within(dialog).getByRole('menu', { name: 'More answers' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Always allow this command',
      'Always allow “git status …”',
    ]);
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{Enter}');
    expect(harness.approvals).toEqual([['approval-1', { decision: 'command-prefix' }]]);
  });

  it('closes on Escape without answering, and gives focus back to its button', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({ approvals: [approvalRequest()] });
    renderWith(<QuestionDialogs />, harness);
    const dialog = await screen.findByRole('dialog', { name: /read_file/ }, { timeout: 10_000 });
    const more = within(dialog).getByRole('button', { name: 'More answers' });
    await user.click(more);
    expect(
      within(dialog)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Always allow', 'Allow for this conversation']);
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);
    expect(harness.approvals).toEqual([]);
    expect(screen.getByRole('dialog', { name: /read_file/ })).toBeTruthy();
  });
});
