/**
 * Desktop entry files (freedesktop.org Desktop Entry Specification 1.5): the command that starts
 * this Hearth, quoted for an `Exec` key, and a small reader for the keys Hearth looks at.
 */

import { isAbsolute, relative } from 'node:path';

/** The one id Linux desktops know Hearth by: package.json `desktopName` and electron-builder's appId. */
export const DESKTOP_ID = 'io.github.hearth.Hearth';

/**
 * The AppImage file this Hearth runs from, if it runs from one. The AppImage runtime sets
 * APPIMAGE (the file) and APPDIR (where it mounted it) for the program inside
 * (docs.appimage.org, packaging-guide/environment-variables), and every program started from
 * there inherits them: a Hearth started from another AppImage's terminal or launcher sees that
 * AppImage's. They are Hearth's own only when its executable is inside APPDIR.
 */
export function ownAppImage(input: {
  env: NodeJS.ProcessEnv;
  execPath: string;
}): string | undefined {
  const { APPIMAGE: appImage, APPDIR: appDir } = input.env;
  if (!appImage || !appDir || !isAbsolute(appImage) || !isAbsolute(appDir)) return undefined;
  const inside = relative(appDir, input.execPath);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? appImage : undefined;
}

/**
 * The program and arguments that start the running Hearth again: the AppImage file itself (the
 * executable inside is a temporary mount), the installed executable, or, unpackaged, Electron
 * with the app folder.
 */
export function launchCommand(input: {
  env: NodeJS.ProcessEnv;
  execPath: string;
  isPackaged: boolean;
  appPath: string;
}): string[] {
  const appImage = ownAppImage(input);
  if (appImage) return [appImage];
  return input.isPackaged ? [input.execPath] : [input.execPath, input.appPath];
}

/**
 * One `Exec` value: each argument quoted when it holds anything but plain characters, with `"`,
 * `` ` ``, `$` and `\` escaped inside quotes, `%` doubled (field codes), then the string-level
 * escape that doubles every backslash again ("Exec key" and "Possible value types").
 */
export function execValue(argv: string[]): string {
  return argv
    .map((argument) => {
      const quoted = /^[A-Za-z0-9_./:=@+-]+$/.test(argument)
        ? argument
        : `"${argument.replace(/["`$\\]/g, (character) => `\\${character}`)}"`;
      return quoted.replace(/%/g, '%%').replace(/\\/g, '\\\\');
    })
    .join(' ');
}

/** A shell command line for people to paste into their desktop's keyboard settings. */
export function commandLine(argv: string[]): string {
  return argv
    .map((argument) =>
      /^[A-Za-z0-9_./:=@+-]+$/.test(argument) ? argument : `'${argument.replace(/'/g, `'\\''`)}'`,
    )
    .join(' ');
}

/** A string value with its newlines, tabs and backslashes escaped, so it stays on one line. */
export function stringValue(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t');
}

/** The keys of the `[Desktop Entry]` group, as written (no locale variants, no unescaping). */
export function readEntryKeys(text: string): Map<string, string> {
  const keys = new Map<string, string>();
  let inEntry = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('[')) {
      inEntry = line === '[Desktop Entry]';
      continue;
    }
    const equals = line.indexOf('=');
    if (!inEntry || equals < 1) continue;
    const key = line.slice(0, equals).trim();
    if (!keys.has(key)) keys.set(key, line.slice(equals + 1).trim());
  }
  return keys;
}
