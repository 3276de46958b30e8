import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { OFFICIAL_REGISTRY_URL } from '../../../../preload/schemas/registry';
import { SAVE_DELAY_MS } from '../../../../renderer/src/settings/SettingsView';
import { renderSettings, settingsHarness } from './settingsHarness';

afterEach(cleanup);

const pause = () => new Promise((resolve) => setTimeout(resolve, SAVE_DELAY_MS + 150));

describe('the Server registry setting', () => {
  it('shows the official registry by default, saves another address, refuses one that is not http', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    const section = screen.getByRole('region', { name: 'Server registry' });
    const address = within(section).getByLabelText('Registry address') as HTMLInputElement;
    expect(address.value).toBe(OFFICIAL_REGISTRY_URL);

    await user.clear(address);
    await user.type(address, 'file:///etc/registry');
    await pause();
    expect(within(section).getByText('Use an http:// or https:// address.')).toBeTruthy();
    expect(harness.patches()).toEqual([]);

    await user.clear(address);
    await user.type(address, 'https://mcp.example.org/registry');
    await pause();
    expect(harness.stored().registry.url).toBe('https://mcp.example.org/registry');

    await user.click(within(section).getByRole('button', { name: 'Use the official registry' }));
    await pause();
    expect(harness.stored().registry.url).toBe(OFFICIAL_REGISTRY_URL);
  });
});
