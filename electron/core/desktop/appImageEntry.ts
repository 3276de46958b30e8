/**
 * A desktop entry for Hearth run from an AppImage, which installs none. Without an installed
 * `io.github.hearth.Hearth.desktop` the desktop cannot tell which app a window or a request is:
 * the GlobalShortcuts portal refuses the quick chat shortcut (GNOME) and xdg-desktop-portal 1.21
 * refuses portal sessions for an app id it cannot resolve to a desktop file (electron/electron
 * docs/api/app.md, `app.setDesktopName`). So Hearth writes one into
 * `$XDG_DATA_HOME/applications` (`~/.local/share` by default) that starts the AppImage file, and
 * rewrites it when the AppImage moved. An entry it did not write (a deb's, the user's own) is
 * left alone.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { DESKTOP_ID, execValue, ownAppImage, readEntryKeys, stringValue } from './desktopEntry';

/** Marks an entry as Hearth's own, so only those are ever rewritten. */
const MARK = 'X-Hearth-AppImage';

export function appImageEntryFile(env: NodeJS.ProcessEnv, home: string): string {
  const dataHome =
    env.XDG_DATA_HOME && isAbsolute(env.XDG_DATA_HOME)
      ? env.XDG_DATA_HOME
      : join(home, '.local', 'share');
  return join(dataHome, 'applications', `${DESKTOP_ID}.desktop`);
}

export function appImageEntryText(input: { appImage: string; name: string; comment: string }) {
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${stringValue(input.name)}`,
    `Comment=${stringValue(input.comment)}`,
    `Exec=${execValue([input.appImage])} %U`,
    'Terminal=false',
    `StartupWMClass=${DESKTOP_ID}`,
    'MimeType=application/x-mcpb;application/x-dxt;',
    'Categories=Utility;Development;',
    `${MARK}=true`,
    '',
  ].join('\n');
}

/**
 * Writes the entry when running from an AppImage and none of Hearth's is there or it starts
 * another file. Answers what it did; throws only when the file cannot be written.
 */
export function ensureAppImageEntry(input: {
  env: NodeJS.ProcessEnv;
  /** The running executable: an APPIMAGE it is not inside was inherited from another AppImage. */
  execPath: string;
  home: string;
  name: string;
  comment: string;
}): 'not-an-appimage' | 'kept' | 'written' | 'not-ours' {
  const appImage = ownAppImage(input);
  if (!appImage) return 'not-an-appimage';
  const file = appImageEntryFile(input.env, input.home);
  const wanted = appImageEntryText({ appImage, name: input.name, comment: input.comment });
  let existing: string | undefined;
  try {
    existing = readFileSync(file, 'utf8');
  } catch {
    existing = undefined;
  }
  if (existing !== undefined) {
    if (readEntryKeys(existing).get(MARK) !== 'true') return 'not-ours';
    if (existing === wanted) return 'kept';
  }
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, wanted, { mode: 0o644 });
  renameSync(temporary, file);
  return 'written';
}
