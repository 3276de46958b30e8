/**
 * The user's settings, kept in `settings.json` in the data folder through `conf` (the engine
 * electron-store wraps, usable without Electron): atomic writes, one file. A file that cannot be
 * read is never wiped silently: it is kept aside under a timestamped name, Hearth starts from the
 * defaults, and the caller is told so it can tell the user.
 */
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import Conf from 'conf';
import {
  settingsPatchSchema,
  settingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../../preload/contract';
import { describeIssues } from '../bridge/router';

export const SETTINGS_FILE_NAME = 'settings';

export interface SettingsStore {
  get(): Settings;
  /** Applies a checked patch, writes it to disk, and returns the settings now in force. */
  update(patch: SettingsPatch): Settings;
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
  const { dataDir, onProblem, now = () => new Date() } = options;
  let conf: Conf<Settings>;
  let current: Settings;
  try {
    ({ conf, current } = load(dataDir));
  } catch (error) {
    const path = join(dataDir, `${SETTINGS_FILE_NAME}.json`);
    const keptAs = setAside(path, now());
    const reason = error instanceof Error ? error.message : String(error);
    onProblem(
      `Your settings could not be read (${reason}). ` +
        (keptAs ? `The file was kept as ${keptAs}; ` : '') +
        'Hearth started with default settings.',
    );
    ({ conf, current } = load(dataDir));
  }
  return {
    get: () => current,
    update(patch) {
      const checked = settingsPatchSchema.parse(patch);
      const next = settingsSchema.parse({ ...current, ...definedFields(checked) });
      conf.set(next);
      current = next;
      return current;
    },
    get path() {
      return conf.path;
    },
  };
}

function load(dataDir: string): { conf: Conf<Settings>; current: Settings } {
  const conf = new Conf<Settings>({
    cwd: dataDir,
    configName: SETTINGS_FILE_NAME,
    clearInvalidConfig: false,
    configFileMode: 0o600,
    deserialize: (text) => {
      const parsed = settingsSchema.safeParse(JSON.parse(text.replace(/^\uFEFF/, '')));
      if (!parsed.success)
        throw new Error(`it does not match the expected shape: ${describeIssues(parsed.error)}`);
      return parsed.data;
    },
  });
  // Reading `store` parses the file now, so a bad file fails here and not at first use.
  return { conf, current: settingsSchema.parse(conf.store) };
}

function setAside(path: string, at: Date): string | undefined {
  if (!existsSync(path)) return undefined;
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  const target = path.replace(/\.json$/, `.corrupt-${stamp}.json`);
  try {
    renameSync(path, target);
    return target;
  } catch {
    return undefined;
  }
}

function definedFields<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined),
  ) as Partial<T>;
}
