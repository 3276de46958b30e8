import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsSchema } from '../../../../preload/contract';
import { renderSettings, settingsHarness } from './settingsHarness';
import { UserFacingError } from '../../../../electron/core/bridge/errors';

afterEach(cleanup);

function data() {
  return screen.getByRole('region', { name: 'Data' });
}

describe('the data settings', () => {
  it('shows the data folder and copies its path', async () => {
    const user = userEvent.setup();
    await renderSettings(settingsHarness());
    expect(await within(data()).findByText('/data')).toBeTruthy();
    await user.click(within(data()).getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('/data');
    expect(within(data()).getByRole('status').textContent).toBe('Copied the folder’s path.');
  });

  it('resets every setting only after the user confirms', async () => {
    const user = userEvent.setup();
    const start = settingsSchema.parse({ theme: 'dark', chat: { loopLimit: 30 } });
    const harness = settingsHarness({}, start);
    await renderSettings(harness);
    expect((screen.getByLabelText('Loop limit') as HTMLInputElement).value).toBe('30');

    await user.click(screen.getByRole('button', { name: 'Reset all settings' }));
    const confirm = screen.getByRole('dialog', { name: 'Reset all settings?' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(harness.count('settings:reset')).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Reset all settings' }));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await vi.waitFor(() => expect(harness.count('settings:reset')).toBe(1));
    await vi.waitFor(() =>
      expect((screen.getByLabelText('Loop limit') as HTMLInputElement).value).toBe('10'),
    );
    expect((screen.getByRole('radio', { name: 'System' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(harness.patches()).toEqual([]);
  });

  it('says so when the reset fails', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness({
      'settings:reset': () => {
        throw new UserFacingError('The settings file is read-only.');
      },
    });
    await renderSettings(harness);
    await user.click(screen.getByRole('button', { name: 'Reset all settings' }));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await vi.waitFor(() =>
      expect(within(data()).getByRole('status').textContent).toMatch(
        /^Could not reset the settings: .*The settings file is read-only\.$/,
      ),
    );
  });
});
