/**
 * "Launch Hearth at login" on Linux. Electron's Linux `setLoginItemSettings` does nothing and its
 * `getLoginItemSettings` always answers `openAtLogin: false` (electron/electron
 * shell/browser/browser_linux.cc; docs/api/app.md marks both macOS and Windows only), so Hearth
 * keeps an XDG autostart entry itself (Desktop Application Autostart Specification 0.5):
 * `$XDG_CONFIG_HOME/autostart/<id>.desktop`, `~/.config` when the variable is unset or not an
 * absolute path. The file is the truth: the desktop's own "Startup Applications" may change it.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { DESKTOP_ID, execValue, readEntryKeys, stringValue } from './desktopEntry';

export interface AutostartPlace {
  env: NodeJS.ProcessEnv;
  home: string;
  /** The entry's file name without `.desktop`. */
  id?: string;
}

function configHome({ env, home }: AutostartPlace): string {
  const configured = env.XDG_CONFIG_HOME;
  return configured && isAbsolute(configured) ? configured : join(home, '.config');
}

/** System-wide autostart folders, most important first (`$XDG_CONFIG_DIRS`, `/etc/xdg`). */
function configDirs({ env }: AutostartPlace): string[] {
  const dirs = (env.XDG_CONFIG_DIRS ?? '').split(':').filter((dir) => isAbsolute(dir));
  return dirs.length > 0 ? dirs : ['/etc/xdg'];
}

export function autostartFile(place: AutostartPlace): string {
  return join(configHome(place), 'autostart', `${place.id ?? DESKTOP_ID}.desktop`);
}

/**
 * Whether an entry starts the app: `Hidden=true` deletes it ("Hidden" in the autostart spec), and
 * GNOME's `X-GNOME-Autostart-enabled=false` is how its Startup Applications turns one off.
 */
function entryStarts(text: string): boolean {
  const keys = readEntryKeys(text);
  return keys.get('Hidden') !== 'true' && keys.get('X-GNOME-Autostart-enabled') !== 'false';
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The system-wide entry of the same name, which a user's entry overrides. */
function systemEntry(place: AutostartPlace): string | undefined {
  for (const dir of configDirs(place)) {
    const text = readText(join(dir, 'autostart', `${place.id ?? DESKTOP_ID}.desktop`));
    if (text !== undefined) return text;
  }
  return undefined;
}

/** Whether Hearth starts at login, read from the files the session's autostart reads. */
export function readAutostart(place: AutostartPlace): boolean {
  const user = readText(autostartFile(place));
  if (user !== undefined) return entryStarts(user);
  const system = systemEntry(place);
  return system !== undefined && entryStarts(system);
}

/** The user's entry's `Exec`, to see whether it still points at this Hearth. */
export function autostartExec(place: AutostartPlace): string | undefined {
  const user = readText(autostartFile(place));
  return user === undefined ? undefined : readEntryKeys(user).get('Exec');
}

export interface AutostartEntry {
  name: string;
  comment?: string;
  /** The program and its arguments (see launchCommand). */
  command: string[];
}

export function autostartText(entry: AutostartEntry): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${stringValue(entry.name)}`,
    ...(entry.comment ? [`Comment=${stringValue(entry.comment)}`] : []),
    `Exec=${execValue(entry.command)}`,
    `Icon=${DESKTOP_ID}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/**
 * Turns starting at login on or off and answers what the files now say. On: the user's entry is
 * written whole (replacing one that was hidden or disabled). Off: the user's entry is removed,
 * or, when a system-wide entry would still start Hearth, replaced by one with `Hidden=true`.
 * Throws with the file's path when it cannot be written.
 */
export function writeAutostart(
  place: AutostartPlace,
  enabled: boolean,
  entry: AutostartEntry,
): boolean {
  const file = autostartFile(place);
  if (enabled) {
    writeAtomically(file, autostartText(entry));
  } else {
    const system = systemEntry(place);
    if (system !== undefined && entryStarts(system)) {
      writeAtomically(
        file,
        autostartText(entry).replace('[Desktop Entry]\n', '[Desktop Entry]\nHidden=true\n'),
      );
    } else if (existsSync(file)) {
      rmSync(file, { force: true });
    }
  }
  return readAutostart(place);
}

function writeAtomically(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o644 });
  renameSync(temporary, file);
}
