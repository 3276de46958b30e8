import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applySettingsPatch,
  settingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../../preload/contract';
import { useApi } from '../../../renderer/src/apiContext';
import { useSettings, type SettingsState } from '../../../renderer/src/hooks';
import { connectTo, renderWith } from '../../support/rendererHarness';

/** A component that shows the theme and hands out its settings state. */
function Theme({ name, expose }: { name: string; expose?: (state: SettingsState) => void }) {
  const state = useSettings(useApi());
  expose?.(state);
  return <p data-testid={name}>{state.settings?.theme ?? 'loading'}</p>;
}

/** Main whose `settings:set` waits until the test lets it answer. */
function mainWithSlowSaves(start: Settings = settingsSchema.parse({ theme: 'light' })) {
  let settings = start;
  const pending: (() => void)[] = [];
  const harness = connectTo({
    'settings:get': () => settings,
    'settings:set': (patch: SettingsPatch) =>
      new Promise<Settings>((resolve, reject) =>
        pending.push(() => {
          if (patch.theme === 'system') reject(new Error('The settings file is read-only'));
          else resolve((settings = applySettingsPatch(settings, patch)));
        }),
      ),
  });
  const count = (channel: string) =>
    harness.calls.filter((call) => call.channel === channel).length;
  return { harness, count, answer: () => pending.shift()?.() };
}

afterEach(cleanup);

describe('settings shared by every component of a page', () => {
  it('reads them from main once, however many components show them', async () => {
    const { harness, count } = mainWithSlowSaves();
    renderWith(
      <>
        <Theme name="shell" />
        <Theme name="chat" />
        <Theme name="composer" />
      </>,
      harness,
    );
    await waitFor(() => expect(screen.getByTestId('chat').textContent).toBe('light'));
    expect(screen.getByTestId('shell').textContent).toBe('light');
    expect(count('settings:get')).toBe(1);
  });

  it('shows a change everywhere before main answers, and undoes it everywhere when main refuses', async () => {
    const { harness, answer } = mainWithSlowSaves();
    let shell: SettingsState | undefined;
    renderWith(
      <>
        <Theme name="shell" expose={(state) => (shell = state)} />
        <Theme name="chat" />
      </>,
      harness,
    );
    await waitFor(() => expect(screen.getByTestId('chat').textContent).toBe('light'));

    let saved: Promise<boolean> | undefined;
    act(() => void (saved = shell?.update({ theme: 'dark' })));
    expect(screen.getByTestId('chat').textContent).toBe('dark');
    await act(async () => {
      answer();
      expect(await saved).toBe(true);
    });
    expect(screen.getByTestId('chat').textContent).toBe('dark');

    act(() => void (saved = shell?.update({ theme: 'system' })));
    expect(screen.getByTestId('chat').textContent).toBe('system');
    await act(async () => {
      answer();
      expect(await saved).toBe(false);
    });
    expect(screen.getByTestId('chat').textContent).toBe('dark');
    expect(shell?.error).toContain('The settings file is read-only');
  });

  it('follows changes made in another window', async () => {
    const { harness } = mainWithSlowSaves();
    renderWith(<Theme name="chat" />, harness);
    await waitFor(() => expect(screen.getByTestId('chat').textContent).toBe('light'));
    act(() => harness.emit('settings:changed', settingsSchema.parse({ theme: 'dark' })));
    expect(screen.getByTestId('chat').textContent).toBe('dark');
  });
});
