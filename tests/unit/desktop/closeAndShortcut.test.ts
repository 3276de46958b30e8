import { describe, expect, it } from 'vitest';
import { closeAction, shortcutStatus } from '../../../electron/core/desktop';

describe('closing the main window', () => {
  it('hides it where the desktop shows the tray icon', () => {
    expect(closeAction({ quitting: false, isMainWindow: true, tray: true, setting: 'quit' })).toBe(
      'hide',
    );
  });

  it('without a tray, never hides it: minimises or quits, as Settings says', () => {
    const without = { quitting: false, isMainWindow: true, tray: false } as const;
    expect(closeAction({ ...without, setting: 'minimize' })).toBe('minimize');
    expect(closeAction({ ...without, setting: 'quit' })).toBe('quit');
  });

  it('closes for real while quitting, and other windows always', () => {
    expect(
      closeAction({ quitting: true, isMainWindow: true, tray: true, setting: 'minimize' }),
    ).toBe('close');
    expect(
      closeAction({ quitting: false, isMainWindow: false, tray: false, setting: 'quit' }),
    ).toBe('close');
  });
});

describe('whether the quick chat shortcut can be known to work', () => {
  it('cannot in a Wayland session, where the portal decides after register() said true', () => {
    for (const env of [{ XDG_SESSION_TYPE: 'wayland' }, { WAYLAND_DISPLAY: 'wayland-0' }]) {
      expect(shortcutStatus({ platform: 'linux', env, registered: true })).toBe('unverified');
    }
  });

  it('can on X11, macOS and Windows, where register() answers truly', () => {
    expect(
      shortcutStatus({ platform: 'linux', env: { XDG_SESSION_TYPE: 'x11' }, registered: true }),
    ).toBe('registered');
    expect(
      shortcutStatus({ platform: 'darwin', env: { WAYLAND_DISPLAY: 'x' }, registered: true }),
    ).toBe('registered');
    expect(shortcutStatus({ platform: 'win32', env: {}, registered: false })).toBe('failed');
  });
});
