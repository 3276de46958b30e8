/**
 * Keeps "Launch Hearth at login" and the system's login item in step. The system is the truth:
 * at start the setting takes what the system says (the user may have changed it in the desktop's
 * own settings); a change in Settings is written, read back, and undone with a sentence when the
 * system did not take it.
 */
import type { Settings, SettingsPatch } from '../../../preload/contract';

export interface LoginItemBackend {
  /** Whether Hearth starts at login now. */
  read(): boolean;
  /** Makes it so, or throws saying why not. */
  write(enabled: boolean): void;
  /** True when the login item exists but starts something else (an AppImage since moved). */
  stale?(): boolean;
}

export function keepLoginItem(options: {
  settings: { get(): Settings; update(patch: SettingsPatch): unknown };
  backend: LoginItemBackend;
  onProblem(message: string): void;
}): { start(): void; settingsChanged(): void } {
  const { settings, backend, onProblem } = options;
  const wanted = () => settings.get().desktop.launchAtLogin;
  const adopt = (actual: boolean) => {
    if (wanted() !== actual) settings.update({ desktop: { launchAtLogin: actual } });
  };
  const attempt = (action: () => void): string | undefined => {
    try {
      action();
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };

  return {
    start() {
      const actual = backend.read();
      if (actual && backend.stale?.()) {
        const problem = attempt(() => backend.write(true));
        if (problem) onProblem(`Hearth could not update its login item: ${problem}`);
      }
      adopt(actual);
    },
    settingsChanged() {
      const enabled = wanted();
      if (backend.read() === enabled) return;
      const problem = attempt(() => backend.write(enabled));
      const actual = backend.read();
      if (actual !== enabled) {
        const what = enabled ? 'set to start at login' : 'kept from starting at login';
        onProblem(`Hearth could not be ${what}${problem ? `: ${problem}` : '.'}`);
      }
      adopt(actual);
    },
  };
}
