import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applySettingsPatch, settingsSchema, type Settings } from '../../../../preload/contract';
import { useApi } from '../../../../renderer/src/lib/apiContext';
import { useSettings, type SettingsState } from '../../../../renderer/src/lib/hooks';
import { connectTo, renderWith } from '../../../support/rendererHarness';
import { UserFacingError } from '../../../../electron/core/bridge/errors';
import { heldAnswer } from '../../../support/heldAnswer';

/** A component that shows the theme and hands out its settings state. */
function Theme({ name, expose }: { name: string; expose?: (state: SettingsState) => void }) {
  const state = useSettings(useApi());
  expose?.(state);
  return <p data-testid={name}>{state.settings?.theme ?? 'loading'}</p>;
}

/** Main whose `settings:set` waits until the test lets it answer. */
function mainWithSlowSaves(start: Settings = settingsSchema.parse({ theme: 'light' })) {
  const saves = heldAnswer<Settings>();
  const harness = connectTo({
    'settings:get': () => start,
    'settings:set': saves.handler,
  });
  const count = (channel: string) =>
    harness.calls.filter((call) => call.channel === channel).length;
  return { harness, count, saves };
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
    const { harness, saves } = mainWithSlowSaves();
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
    await saves.asked(1);
    await act(async () => {
      saves.answer(applySettingsPatch(settingsSchema.parse({ theme: 'light' }), { theme: 'dark' }));
      expect(await saved).toBe(true);
    });
    expect(screen.getByTestId('chat').textContent).toBe('dark');

    act(() => void (saved = shell?.update({ theme: 'system' })));
    expect(screen.getByTestId('chat').textContent).toBe('system');
    await saves.asked(2);
    await act(async () => {
      saves.fail(new UserFacingError('The settings file is read-only'));
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
