/**
 * The user's settings, kept in `settings.json` in the data folder (see jsonDocument for how a
 * damaged file is handled).
 */
import {
  applySettingsPatch,
  settingsPatchSchema,
  settingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../../preload/contract';
import { openJsonDocument } from './jsonDocument';

export const SETTINGS_FILE_NAME = 'settings';

export interface SettingsStore {
  get(): Settings;
  /** Applies a checked patch, writes it to disk, and returns the settings now in force. */
  update(patch: SettingsPatch): Settings;
  /** Every setting back to its default. */
  reset(): Settings;
  readonly path: string;
}

export interface OpenSettingsOptions {
  dataDir: string;
  /** Called once with a sentence for the user when the file on disk could not be used. */
  onProblem(message: string): void;
  now?: () => Date;
}

/** Opens (or creates) the settings file in `dataDir`. */
export function openSettingsStore(options: OpenSettingsOptions): SettingsStore {
  const document = openJsonDocument<Settings>({
    ...options,
    name: SETTINGS_FILE_NAME,
    schema: settingsSchema,
    what: 'Your settings',
    insteadUsed: 'default settings',
  });
  return {
    get: () => document.read(),
    update(patch) {
      const checked = settingsPatchSchema.parse(patch);
      document.write(settingsSchema.parse(applySettingsPatch(document.read(), checked)));
      return document.read();
    },
    reset() {
      document.write(settingsSchema.parse({}));
      return document.read();
    },
    get path() {
      return document.path;
    },
  };
}
