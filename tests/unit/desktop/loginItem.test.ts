import { describe, expect, it } from 'vitest';
import { keepLoginItem, type LoginItemBackend } from '../../../electron/core/desktop';
import {
  applySettingsPatch,
  settingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../../preload/contract';

function setup(system: { enabled: boolean; stale?: boolean; refuses?: string }) {
  let settings: Settings = settingsSchema.parse({});
  const problems: string[] = [];
  const writes: boolean[] = [];
  const backend: LoginItemBackend = {
    read: () => system.enabled,
    write(enabled) {
      writes.push(enabled);
      if (system.refuses) throw new Error(system.refuses);
      system.enabled = enabled;
      system.stale = false;
    },
    stale: () => system.stale ?? false,
  };
  const keeper = keepLoginItem({
    settings: {
      get: () => settings,
      update: (patch: SettingsPatch) => (settings = applySettingsPatch(settings, patch)),
    },
    backend,
    onProblem: (message) => problems.push(message),
  });
  return {
    keeper,
    problems,
    writes,
    wanted: () => settings.desktop.launchAtLogin,
    set(enabled: boolean) {
      settings = applySettingsPatch(settings, { desktop: { launchAtLogin: enabled } });
      keeper.settingsChanged();
    },
  };
}

describe('keeping "Launch Hearth at login" with the system', () => {
  it('takes the system’s answer at start: the user may have changed it in the desktop’s settings', () => {
    const on = setup({ enabled: true });
    on.keeper.start();
    expect(on.wanted()).toBe(true);
    expect(on.writes).toEqual([]);
  });

  it('writes a change, and writes again at start when the entry starts a Hearth that moved', () => {
    const item = setup({ enabled: false });
    item.keeper.start();
    item.set(true);
    expect(item.writes).toEqual([true]);
    const moved = setup({ enabled: true, stale: true });
    moved.keeper.start();
    expect(moved.writes).toEqual([true]);
  });

  it('undoes the switch and says why when the system did not take it', () => {
    const item = setup({ enabled: false, refuses: 'EACCES: permission denied, open …/autostart' });
    item.keeper.start();
    item.set(true);
    expect(item.wanted()).toBe(false);
    expect(item.problems).toEqual([
      'Hearth could not be set to start at login: EACCES: permission denied, open …/autostart',
    ]);
  });
});
