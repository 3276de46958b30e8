/**
 * Finds the file a server's `command` names, the way a terminal would, so Hearth can spawn it
 * without a shell and tell the user plainly where it looked when it is missing.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { posix, win32 } from 'node:path';
import { installAdvice } from './knownRuntimes';

/** Windows' own default when PATHEXT is unset; the extensions CreateProcess and cmd.exe try. */
export const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD';

/** A message listing more folders than this is no longer read; the rest are counted instead. */
export const MAX_LISTED_FOLDERS = 30;

/** Where to look; `path` should already be the login-shell PATH on macOS and Linux. */
export interface ResolveCommandOptions {
  platform: NodeJS.Platform;
  path: string;
  pathExt?: string;
  cwd?: string;
  isExecutable?: (file: string) => boolean;
}

/** The absolute file to spawn, or a message written for the user. */
export type ResolveCommandResult = { ok: true; file: string } | { ok: false; message: string };

/** Names with a separator are checked where they point; bare names are searched on PATH in order. */
export function resolveCommand(
  command: string,
  options: ResolveCommandOptions,
): ResolveCommandResult {
  const windows = options.platform === 'win32';
  const paths = windows ? win32 : posix;
  const isExecutable = options.isExecutable ?? ((file) => defaultIsExecutable(file, windows));
  const extensions = windows ? pathExtensions(options.pathExt ?? DEFAULT_PATHEXT) : [];
  if (command.trim() === '') {
    return { ok: false, message: 'The server has no command to run. Add one in its settings.' };
  }
  const hasSeparator = command.includes('/') || (windows && command.includes('\\'));
  if (hasSeparator) {
    // A relative path means relative to the server's folder, never to wherever Hearth started.
    const folder = options.cwd?.trim() || undefined;
    if (!paths.isAbsolute(command)) {
      if (!folder)
        return {
          ok: false,
          message: `The command “${command}” is a relative path, and the server has no working folder to find it from. Give the full path to the command, or set the server’s working folder.`,
        };
      if (!paths.isAbsolute(folder))
        return {
          ok: false,
          message: `The server’s working folder “${folder}” is not a full path, so Hearth cannot tell where “${command}” is. Give the folder’s full path.`,
        };
    }
    const target = paths.resolve(folder ?? paths.sep, command);
    const found = candidates(target, extensions, paths).find(isExecutable);
    if (found !== undefined) return { ok: true, file: found };
    return {
      ok: false,
      message: `Hearth could not find the command “${command}” at ${target}. Check the path, and that the file is a program you can run.`,
    };
  }
  // The current folder is never searched for a bare name: only PATH, as on POSIX.
  const folders = pathFolders(options.path, windows);
  for (const folder of folders) {
    const found = candidates(paths.join(folder, command), extensions, paths).find(isExecutable);
    if (found !== undefined) return { ok: true, file: found };
  }
  return { ok: false, message: missingMessage(command, folders) };
}

/** The user-facing sentence for a bare name that no PATH folder holds. */
export function missingMessage(command: string, folders: string[]): string {
  const advice = installAdvice(command) || 'Install it, or give the full path to the command.';
  if (folders.length === 0) {
    return `Hearth could not find the command “${command}”: the PATH has no folders to look in. ${advice}`;
  }
  const listed = folders.slice(0, MAX_LISTED_FOLDERS).join(', ');
  const rest = folders.length - MAX_LISTED_FOLDERS;
  const more = rest > 0 ? `, and ${rest} more` : '';
  return `Hearth could not find the command “${command}”. It looked in these folders (PATH): ${listed}${more}. ${advice}`;
}

/** On Windows a name with an extension is tried as is first; without one it needs PATHEXT. */
function candidates(base: string, extensions: string[], paths: typeof posix): string[] {
  if (extensions.length === 0) return [base];
  const withExtensions = extensions.map((extension) => base + extension);
  return paths.extname(base) === '' ? withExtensions : [base, ...withExtensions];
}

function pathExtensions(pathExt: string): string[] {
  return pathExt
    .split(';')
    .map((extension) => extension.trim())
    .filter((extension) => extension.startsWith('.'));
}

function pathFolders(path: string, windows: boolean): string[] {
  const entries = path.split(windows ? ';' : ':').map((entry) =>
    // Windows PATH entries may be quoted when they contain a ';'.
    windows ? entry.trim().replace(/^"(.*)"$/, '$1') : entry,
  );
  // An empty POSIX entry historically means the current folder; Hearth does not search there.
  return [...new Set(entries.filter((entry) => entry !== ''))];
}

function defaultIsExecutable(file: string, windows: boolean): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    if (!windows) accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
