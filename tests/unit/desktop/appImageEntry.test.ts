import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  appImageEntryFile,
  ensureAppImageEntry,
  readEntryKeys,
} from '../../../electron/core/desktop';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'hearth-home-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

// Run from an AppImage: Hearth's executable is inside the AppDir its runtime mounted.
const about = {
  name: 'Hearth',
  comment: 'Chat with a local model',
  execPath: '/tmp/.mount_HearthX/hearth',
};
const APPDIR = '/tmp/.mount_HearthX';

describe('the AppImage’s desktop entry', () => {
  it('is written where the portal looks up Hearth’s id, starting the AppImage file, and kept', () => {
    const env = { APPIMAGE: '/users/a/Apps/Hearth 0.1.0.AppImage', APPDIR };
    expect(ensureAppImageEntry({ env, home, ...about })).toBe('written');
    const file = join(home, '.local', 'share', 'applications', 'io.github.hearth.Hearth.desktop');
    expect(appImageEntryFile(env, home)).toBe(file);
    const keys = readEntryKeys(readFileSync(file, 'utf8'));
    expect(keys.get('Exec')).toBe('"/users/a/Apps/Hearth 0.1.0.AppImage" %U');
    expect(keys.get('StartupWMClass')).toBe('io.github.hearth.Hearth');
    expect(ensureAppImageEntry({ env, home, ...about })).toBe('kept');
  });

  it('is rewritten when the AppImage moved, and honours XDG_DATA_HOME', () => {
    const dataHome = join(home, 'data');
    ensureAppImageEntry({
      env: { APPIMAGE: '/old/Hearth.AppImage', APPDIR, XDG_DATA_HOME: dataHome },
      home,
      ...about,
    });
    expect(
      ensureAppImageEntry({
        env: { APPIMAGE: '/new/Hearth.AppImage', APPDIR, XDG_DATA_HOME: dataHome },
        home,
        ...about,
      }),
    ).toBe('written');
    const text = readFileSync(
      join(dataHome, 'applications', 'io.github.hearth.Hearth.desktop'),
      'utf8',
    );
    expect(readEntryKeys(text).get('Exec')).toBe('/new/Hearth.AppImage %U');
  });

  it('leaves an entry it did not write alone, and does nothing outside an AppImage', () => {
    const file = appImageEntryFile({}, home);
    mkdirSync(join(home, '.local', 'share', 'applications'), { recursive: true });
    writeFileSync(file, '[Desktop Entry]\nType=Application\nExec=/opt/Hearth/hearth %U\n');
    expect(
      ensureAppImageEntry({ env: { APPIMAGE: '/a/Hearth.AppImage', APPDIR }, home, ...about }),
    ).toBe('not-ours');
    expect(readFileSync(file, 'utf8')).toContain('Exec=/opt/Hearth/hearth %U');
    expect(ensureAppImageEntry({ env: {}, home, ...about })).toBe('not-an-appimage');
  });

  it('is not written for an AppImage Hearth was merely started from (its variables inherited)', () => {
    const env = { APPIMAGE: '/users/a/Terminal.AppImage', APPDIR: '/tmp/.mount_TermY' };
    expect(ensureAppImageEntry({ env, home, ...about, execPath: '/opt/Hearth/hearth' })).toBe(
      'not-an-appimage',
    );
  });
});
