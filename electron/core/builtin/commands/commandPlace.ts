/**
 * Where a shell command runs and what it is handed. By default commands get a folder of their own
 * (~/Hearth/work), not the whole home folder, and only the few variables every server gets plus
 * the names the user listed in Settings › Chat: a token in Hearth's own environment never
 * reaches a command's output.
 */
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import type { Settings } from '../../../../preload/contract';
import { minimalEnvironment } from '../../security/minimalEnvironment';
import { resolveUserPath } from '../userPath';

/** The commands' own folder when Settings › Chat names none. */
export const DEFAULT_COMMAND_FOLDER = '~/Hearth/work';

/** What Settings › Chat says about shell commands. */
export interface CommandSettings {
  /** Empty: DEFAULT_COMMAND_FOLDER. */
  folder: string;
  /** Names from Hearth's environment the commands also get. */
  variables: readonly string[];
}

/** The part of Settings that speaks of shell commands. */
export function commandSettingsOf(settings: Settings): CommandSettings {
  return { folder: settings.chat.shellFolder, variables: settings.chat.shellVariables };
}

/** The folder a command runs in: the one the call names, else the folder of Settings. */
export function commandFolder(
  requested: string | undefined,
  settings: CommandSettings,
  home = homedir(),
): string {
  return resolveUserPath(requested ?? (settings.folder.trim() || DEFAULT_COMMAND_FOLDER), home);
}

/** Makes the default folder on first use; a folder the user or the model named must exist. */
export async function prepareCommandFolder(
  requested: string | undefined,
  settings: CommandSettings,
  home = homedir(),
): Promise<void> {
  if (requested === undefined && settings.folder.trim() === '')
    await mkdir(commandFolder(undefined, settings, home), { recursive: true, mode: 0o700 });
}

/** The environment a command runs with. */
export function commandEnvironment(
  environment: NodeJS.ProcessEnv,
  settings: CommandSettings,
): Record<string, string> {
  const listed = settings.variables.flatMap((name) => {
    const value = environment[name];
    // A value starting with "()" is an exported shell function, a known injection vector.
    return value === undefined || value.startsWith('()') ? [] : [[name, value] as const];
  });
  return { ...minimalEnvironment(environment), ...Object.fromEntries(listed) };
}
