import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionDialogs } from '../../../../renderer/src/dialogs/QuestionDialogs';
import { renderWith } from '../../../support/rendererHarness';
import { questionHarness, sudoRequest } from './questionFixtures';

afterEach(cleanup);

const title = 'Run a command as administrator?';

function passwordField(): HTMLInputElement {
  return screen.getByLabelText('Password');
}

describe('the sudo password dialog', () => {
  it('shows the exact command and an empty, masked password field', async () => {
    const command = 'sudo rm -rf /var/cache/apt/archives/*.deb && sudo apt-get clean';
    const harness = questionHarness({ sudo: [sudoRequest({ command })] });
    renderWith(<QuestionDialogs />, harness);
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(dialog.classList.contains('dialog-danger')).toBe(true);
    const shown = within(dialog).getByRole('region', { name: 'Administrator password for:' });
    expect(shown.tagName).toBe('PRE');
    expect(shown.textContent).toBe(command);
    const field = passwordField();
    expect(field.type).toBe('password');
    expect(field.getAttribute('autocomplete')).toBe('off');
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);
    expect(
      within(dialog).getByText(
        'Hearth gives this password only to sudo for this one command; it is not saved.',
      ),
    ).toBeTruthy();
  });

  it('says plainly that the whole line runs as root, not only the part after sudo', async () => {
    const harness = questionHarness({ sudo: [sudoRequest({ command: 'cd /tmp && sudo rm x' })] });
    renderWith(<QuestionDialogs />, harness);
    const dialog = await screen.findByRole('dialog', { name: title });
    const note = within(dialog).getByRole('note');
    expect(note.textContent).toBe(
      'The whole line runs as administrator (root), also what comes before or after sudo in it.',
    );
  });

  it('sends the password with Run with sudo and closes', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({ sudo: [sudoRequest()] });
    renderWith(<QuestionDialogs />, harness);
    await screen.findByRole('dialog', { name: title });
    const run = screen.getByRole('button', { name: 'Run with sudo' }) as HTMLButtonElement;
    expect(run.disabled).toBe(true);
    await user.type(passwordField(), 'correct horse');
    await user.click(run);
    expect(harness.passwords).toEqual([['sudo-1', 'correct horse']]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends the password on Enter', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({ sudo: [sudoRequest()] });
    renderWith(<QuestionDialogs />, harness);
    await screen.findByRole('dialog', { name: title });
    await user.type(passwordField(), 'battery staple{Enter}');
    expect(harness.passwords).toEqual([['sudo-1', 'battery staple']]);
  });

  it('cancels with no password, and says the command will not run', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({ sudo: [sudoRequest()] });
    renderWith(<QuestionDialogs />, harness);
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByText(/the model is told the command did not run/)).toBeTruthy();
    await user.type(passwordField(), 'half typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(harness.passwords).toEqual([['sudo-1', null]]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancels on Escape', async () => {
    const harness = questionHarness({ sudo: [sudoRequest()] });
    renderWith(<QuestionDialogs />, harness);
    const dialog = await screen.findByRole('dialog', { name: title });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await vi.waitFor(() => expect(harness.passwords).toEqual([['sudo-1', null]]));
  });

  it('clears the password when it is sent, even if it does not arrive', async () => {
    const user = userEvent.setup();
    const harness = questionHarness(
      { sudo: [sudoRequest()] },
      { fail: 'The connection to Hearth was lost.' },
    );
    renderWith(<QuestionDialogs />, harness);
    await screen.findByRole('dialog', { name: title });
    await user.type(passwordField(), 'secret{Enter}');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(passwordField().value).toBe('');
  });

  it('never fills in the next prompt with the password typed for another', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({
      sudo: [sudoRequest(), sudoRequest({ requestId: 'sudo-2', command: 'sudo reboot' })],
    });
    renderWith(<QuestionDialogs />, harness);
    await screen.findByRole('dialog', { name: title });
    await user.type(passwordField(), 'typed for the first');
    // The first prompt expires: main resolves it, and the second takes its place.
    act(() => harness.emit('sudo:resolved', { requestId: 'sudo-1' }));
    const next = await screen.findByRole('region', { name: 'Administrator password for:' });
    await vi.waitFor(() => expect(next.textContent).toBe('sudo reboot'));
    expect(passwordField().value).toBe('');
    await user.type(passwordField(), 'second{Enter}');
    expect(harness.passwords).toEqual([['sudo-2', 'second']]);
  });

  it('closes when main resolves the prompt (expired, or the turn stopped)', async () => {
    const harness = questionHarness();
    renderWith(<QuestionDialogs />, harness);
    act(() => harness.emit('sudo:request', sudoRequest()));
    await screen.findByRole('dialog', { name: title });
    act(() => harness.emit('sudo:resolved', { requestId: 'sudo-1' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(harness.passwords).toEqual([]);
  });
});
