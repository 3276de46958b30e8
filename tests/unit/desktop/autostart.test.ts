import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  autostartExec,
  autostartFile,
  commandLine,
  execValue,
  launchCommand,
  readAutostart,
  readEntryKeys,
  writeAutostart,
} from '../../../electron/core/desktop';

// XDG autostart in a temporary home: what GNOME, KDE and the others read at login.
let home: string;
let systemDir: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'hearth-home-'));
  systemDir = mkdtempSync(join(tmpdir(), 'hearth-xdg-'));
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(systemDir, { recursive: true, force: true });
});

const entry = {
  name: 'Hearth',
  comment: 'Chat with a local model',
  command: ['/users/someone/Apps/Hearth 0.1.0.AppImage'],
};

describe('the autostart entry', () => {
  it('is written to ~/.config/autostart/io.github.hearth.Hearth.desktop, read back, and removed', () => {
    const place = { env: { XDG_CONFIG_DIRS: systemDir }, home };
    const file = join(home, '.config', 'autostart', 'io.github.hearth.Hearth.desktop');
    expect(autostartFile(place)).toBe(file);
    expect(readAutostart(place)).toBe(false);

    expect(writeAutostart(place, true, entry)).toBe(true);
    const keys = readEntryKeys(readFileSync(file, 'utf8'));
    expect(keys.get('Type')).toBe('Application');
    expect(keys.get('Name')).toBe('Hearth');
    // Quoted, since the path has a space; the session splits it back into one argument.
    expect(keys.get('Exec')).toBe('"/users/someone/Apps/Hearth 0.1.0.AppImage"');
    expect(keys.has('Hidden')).toBe(false);
    expect(readAutostart(place)).toBe(true);

    expect(writeAutostart(place, false, entry)).toBe(false);
    expect(existsSync(file)).toBe(false);
  });

  it('honours XDG_CONFIG_HOME when it is an absolute path, and ignores a relative one', () => {
    const config = join(home, 'elsewhere');
    expect(autostartFile({ env: { XDG_CONFIG_HOME: config }, home })).toBe(
      join(config, 'autostart', 'io.github.hearth.Hearth.desktop'),
    );
    expect(autostartFile({ env: { XDG_CONFIG_HOME: 'relative/config' }, home })).toBe(
      join(home, '.config', 'autostart', 'io.github.hearth.Hearth.desktop'),
    );
    const place = { env: { XDG_CONFIG_HOME: config, XDG_CONFIG_DIRS: systemDir }, home };
    writeAutostart(place, true, entry);
    expect(existsSync(join(config, 'autostart', 'io.github.hearth.Hearth.desktop'))).toBe(true);
    expect(existsSync(join(home, '.config', 'autostart'))).toBe(false);
  });

  it('reads an entry with Hidden=true, or turned off by GNOME, as off; turning it on rewrites it', () => {
    const place = { env: { XDG_CONFIG_DIRS: systemDir }, home };
    const file = autostartFile(place);
    mkdirSync(join(home, '.config', 'autostart'), { recursive: true });
    writeFileSync(
      file,
      '[Desktop Entry]\nType=Application\nName=Hearth\nExec=hearth\nHidden=true\n',
    );
    expect(readAutostart(place)).toBe(false);
    writeFileSync(
      file,
      '[Desktop Entry]\nType=Application\nExec=hearth\nX-GNOME-Autostart-enabled=false\n',
    );
    expect(readAutostart(place)).toBe(false);
    // A Hidden key in another group is not the entry's.
    writeFileSync(file, '[Desktop Entry]\nExec=hearth\n[Desktop Action new]\nHidden=true\n');
    expect(readAutostart(place)).toBe(true);

    writeFileSync(file, '[Desktop Entry]\nExec=hearth\nHidden=true\n');
    expect(writeAutostart(place, true, entry)).toBe(true);
    expect(readEntryKeys(readFileSync(file, 'utf8')).has('Hidden')).toBe(false);
  });

  it('turns off a system-wide entry with a user entry that says Hidden=true, as the spec asks', () => {
    const place = { env: { XDG_CONFIG_DIRS: systemDir }, home };
    mkdirSync(join(systemDir, 'autostart'));
    writeFileSync(
      join(systemDir, 'autostart', 'io.github.hearth.Hearth.desktop'),
      '[Desktop Entry]\nType=Application\nExec=/usr/bin/hearth\n',
    );
    expect(readAutostart(place)).toBe(true);
    expect(writeAutostart(place, false, entry)).toBe(false);
    expect(readEntryKeys(readFileSync(autostartFile(place), 'utf8')).get('Hidden')).toBe('true');
    expect(writeAutostart(place, true, entry)).toBe(true);
  });

  it('says where it could not write', () => {
    const place = { env: { XDG_CONFIG_DIRS: systemDir }, home };
    // A file where the folder should be.
    mkdirSync(join(home, '.config'));
    writeFileSync(join(home, '.config', 'autostart'), 'not a folder');
    expect(() => writeAutostart(place, true, entry)).toThrow(/autostart/);
    expect(readAutostart(place)).toBe(false);
  });

  it('records the command it starts, so a moved AppImage can be told apart', () => {
    const place = { env: { XDG_CONFIG_DIRS: systemDir }, home };
    writeAutostart(place, true, entry);
    expect(autostartExec(place)).toBe(execValue(entry.command));
    expect(autostartExec(place)).not.toBe(execValue(['/elsewhere/Hearth.AppImage']));
  });
});

describe('the command that starts this Hearth', () => {
  it('is the AppImage file when run from one, else the executable (and the app folder unpackaged)', () => {
    const base = { execPath: '/tmp/.mount_HearthX/hearth', appPath: '/tmp/.mount_HearthX/app' };
    const appImage = { APPIMAGE: '/users/a/Hearth.AppImage', APPDIR: '/tmp/.mount_HearthX' };
    expect(launchCommand({ ...base, isPackaged: true, env: appImage })).toEqual([
      '/users/a/Hearth.AppImage',
    ]);
    expect(launchCommand({ ...base, isPackaged: true, env: {} })).toEqual([
      '/tmp/.mount_HearthX/hearth',
    ]);
    expect(launchCommand({ ...base, isPackaged: false, env: {} })).toEqual([
      '/tmp/.mount_HearthX/hearth',
      '/tmp/.mount_HearthX/app',
    ]);
  });

  it('is never an AppImage Hearth is not inside: one started from another AppImage inherits its variables', () => {
    const installed = { execPath: '/opt/Hearth/hearth', appPath: '/opt/Hearth/resources/app.asar' };
    const inherited = { APPIMAGE: '/users/a/Terminal.AppImage', APPDIR: '/tmp/.mount_TermY' };
    expect(launchCommand({ ...installed, isPackaged: true, env: inherited })).toEqual([
      '/opt/Hearth/hearth',
    ]);
    // A mount whose name starts Hearth's folder's name, and APPIMAGE without its APPDIR.
    const sibling = { APPIMAGE: '/users/a/Other.AppImage', APPDIR: '/opt/Hear' };
    expect(launchCommand({ ...installed, isPackaged: true, env: sibling })).toEqual([
      '/opt/Hearth/hearth',
    ]);
    expect(
      launchCommand({ ...installed, isPackaged: true, env: { APPIMAGE: '/users/a/X.AppImage' } }),
    ).toEqual(['/opt/Hearth/hearth']);
  });

  it('is quoted for Exec as the Desktop Entry spec says: quotes, escapes, doubled % and backslashes', () => {
    expect(execValue(['/opt/Hearth/hearth', '--quick-chat'])).toBe(
      '/opt/Hearth/hearth --quick-chat',
    );
    expect(execValue(['/a b/it"s $HOME`x`'])).toBe('"/a b/it\\\\"s \\\\$HOME\\\\`x\\\\`"');
    expect(execValue(['/tmp/100%'])).toBe('"/tmp/100%%"');
    expect(execValue(['C:\\x y'])).toBe('"C:\\\\\\\\x y"');
  });

  it('is quoted for a shell where people paste it', () => {
    expect(commandLine(['/opt/Hearth/hearth', '--quick-chat'])).toBe(
      '/opt/Hearth/hearth --quick-chat',
    );
    expect(commandLine(["/users/o'neil/My Apps/Hearth.AppImage", '--quick-chat'])).toBe(
      `'/users/o'\\''neil/My Apps/Hearth.AppImage' --quick-chat`,
    );
  });
});
