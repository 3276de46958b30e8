import { describe, expect, it } from 'vitest';
import { APP_NAME, defaultDataDir } from '../../../electron/core/dataDir';

describe('defaultDataDir', () => {
  it('is named after the app', () => {
    expect(APP_NAME).toBe('Hearth');
  });

  it('uses ~/.config on linux without XDG_CONFIG_HOME', () => {
    expect(defaultDataDir('linux', {}, '/users/someone')).toBe('/users/someone/.config/Hearth');
  });

  it('uses an absolute XDG_CONFIG_HOME on linux', () => {
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/srv/cfg' }, '/users/someone')).toBe(
      '/srv/cfg/Hearth',
    );
  });

  it('ignores a relative or empty XDG_CONFIG_HOME, as the XDG spec requires', () => {
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: 'cfg' }, '/users/someone')).toBe(
      '/users/someone/.config/Hearth',
    );
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: './cfg' }, '/users/someone')).toBe(
      '/users/someone/.config/Hearth',
    );
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '' }, '/users/someone')).toBe(
      '/users/someone/.config/Hearth',
    );
  });

  it('treats other unix-likes like linux', () => {
    expect(defaultDataDir('freebsd', { XDG_CONFIG_HOME: '/x' }, '/users/someone')).toBe(
      '/x/Hearth',
    );
  });

  it('uses Library/Application Support on darwin and ignores XDG_CONFIG_HOME there', () => {
    expect(defaultDataDir('darwin', { XDG_CONFIG_HOME: '/srv/cfg' }, '/Users/someone')).toBe(
      '/Users/someone/Library/Application Support/Hearth',
    );
  });

  it('uses APPDATA on win32', () => {
    expect(
      defaultDataDir(
        'win32',
        { APPDATA: 'C:\\Users\\someone\\AppData\\Roaming' },
        'C:\\Users\\someone',
      ),
    ).toBe('C:\\Users\\someone\\AppData\\Roaming\\Hearth');
  });

  it('falls back to home\\AppData\\Roaming on win32, with backslashes', () => {
    expect(defaultDataDir('win32', {}, 'C:\\Users\\someone')).toBe(
      'C:\\Users\\someone\\AppData\\Roaming\\Hearth',
    );
    expect(defaultDataDir('win32', {}, 'C:/Users/someone')).toBe(
      'C:\\Users\\someone\\AppData\\Roaming\\Hearth',
    );
  });

  // Source bug: `env.APPDATA ?? ...` lets an empty APPDATA through, giving the relative path
  // "Hearth" (resolved against the working directory) instead of the home fallback.
  it('falls back to the home folder on win32 when APPDATA is empty', () => {
    expect(defaultDataDir('win32', { APPDATA: '' }, 'C:\\Users\\someone')).toBe(
      'C:\\Users\\someone\\AppData\\Roaming\\Hearth',
    );
  });
});
