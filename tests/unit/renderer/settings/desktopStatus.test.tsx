import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { DesktopStatus } from '../../../../preload/contract';
import { heldAnswer } from '../../../support/heldAnswer';
import { renderSettings, settingsHarness } from './settingsHarness';

afterEach(cleanup);

const COMMAND = '/opt/Hearth/hearth --quick-chat';

function desktop(status: DesktopStatus) {
  return settingsHarness({ 'desktop:status': () => status });
}

function section() {
  return screen.getByRole('region', { name: 'Desktop' });
}

describe('the Desktop section and what the desktop offers', () => {
  it('where the shortcut cannot be known to work (Wayland), says so and shows the command to bind', async () => {
    await renderSettings(
      desktop({ tray: true, shortcut: 'unverified', quickChatCommand: COMMAND }),
    );
    const note = await within(section()).findByRole('note', { name: 'Quick chat shortcut' });
    expect(note.textContent).toContain('may do nothing');
    expect(within(note).getByText(COMMAND).tagName).toBe('CODE');
  });

  it('says so too when the shortcut was refused, and nothing when it works', async () => {
    // Main's answer is given by hand, and taken in before anything is looked at (act).
    const answered = async (status: DesktopStatus) => {
      const answer = heldAnswer<DesktopStatus>();
      await renderSettings(settingsHarness({ 'desktop:status': answer.handler }));
      await answer.asked();
      await act(async () => answer.answer(status));
    };
    await answered({ tray: true, shortcut: 'failed', quickChatCommand: COMMAND });
    expect(
      within(section()).getByRole('note', { name: 'Quick chat shortcut' }).textContent,
    ).toContain('could not register');
    cleanup();
    await answered({ tray: true, shortcut: 'registered', quickChatCommand: COMMAND });
    expect(within(section()).queryByRole('note')).toBeNull();
  });

  it('without a tray, offers what closing the window does, and never mentions a tray', async () => {
    const user = userEvent.setup();
    const harness = desktop({ tray: false, shortcut: 'registered', quickChatCommand: COMMAND });
    await renderSettings(harness);
    const choice = await within(section()).findByLabelText('When the window is closed');
    expect((choice as HTMLSelectElement).value).toBe('minimize');
    await user.selectOptions(choice, 'quit');
    expect(harness.patches()).toEqual([{ desktop: { closeWithoutTray: 'quit' } }]);
    expect(section().textContent).not.toMatch(/tray/i);
  });

  it('has markup axe finds nothing wrong with (colour is checked in the browser, not here)', async () => {
    await renderSettings(
      desktop({ tray: false, shortcut: 'unverified', quickChatCommand: COMMAND }),
    );
    await within(section()).findByLabelText('When the window is closed');
    const results = await axe.run(section(), { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('with a tray, or in the browser host, has no such choice; a tray that appears takes it away', async () => {
    const harness = desktop({ tray: false, shortcut: 'registered', quickChatCommand: COMMAND });
    await renderSettings(harness);
    await within(section()).findByLabelText('When the window is closed');
    act(() =>
      harness.emit('desktop:statusChanged', {
        tray: true,
        shortcut: 'registered',
        quickChatCommand: COMMAND,
      }),
    );
    expect(within(section()).queryByLabelText('When the window is closed')).toBeNull();
    cleanup();
    // The browser host answers no desktop at all.
    const browserHost = heldAnswer<DesktopStatus>();
    await renderSettings(settingsHarness({ 'desktop:status': browserHost.handler }));
    await browserHost.asked();
    await act(async () =>
      browserHost.answer({ tray: false, shortcut: 'none', quickChatCommand: '' }),
    );
    expect(within(section()).queryByLabelText('When the window is closed')).toBeNull();
    expect(within(section()).queryByRole('note')).toBeNull();
  });
});
