import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { screenCaptureBackend } from '../../../electron/shell/screenCapture';
import {
  desktopCapturer,
  standInPixel,
  systemPreferences,
} from '../../support/electronStandIn/screenCapture';

// The shell's capture against the Electron stand-in's desktopCapturer, which follows Electron
// 45's lib/browser/api/desktop-capturer.ts and electron_api_desktop_capturer.cc.
const display = { size: { width: 1920, height: 1080 }, scaleFactor: 1 };
const screen = { getAllDisplays: () => [display] } as never;
const saved = { ...process.env };

afterEach(() => {
  process.env = { ...saved };
});

function x11() {
  return screenCaptureBackend({
    desktopCapturer,
    screen,
    systemPreferences,
    platform: 'linux',
    env: { XDG_SESSION_TYPE: 'x11' },
  });
}

describe('screenshots through desktopCapturer', () => {
  it('lists screens and windows with pictures about the size asked', async () => {
    const listed = await x11().list({ width: 320, height: 200 });
    expect(listed.map((source) => [source.id, source.kind, source.name])).toEqual([
      ['screen:0:0', 'screen', 'Entire Screen'],
      ['window:4194310:0', 'window', 'Terminal'],
      ['window:6291462:0', 'window', 'Notes'],
    ]);
    const { width, height } = await sharp(listed[0]?.png).metadata();
    expect({ width, height }).toEqual({ width: 320, height: 180 });
  });

  it('grabs a source at the display’s full size, and nothing for one that has gone', async () => {
    const png = await x11().grab('screen:0:0');
    expect(png).toBeInstanceOf(Buffer);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1920, 1080]);
    const at = (700 * info.width + 1500) * info.channels;
    expect([...data.subarray(at, at + 4)]).toEqual(
      standInPixel(1500, 700, { width: 1920, height: 1080 }, 40),
    );
    expect(await x11().grab('window:1:0')).toBeUndefined();
  });

  it('takes a screenshot with Hearth’s windows out of the way, and puts them back as they were', async () => {
    const events: string[] = [];
    const window = (name: string, options: { visible: boolean; focused?: boolean }) => ({
      isVisible: () => options.visible,
      isFocused: () => options.focused === true,
      hide: () => events.push(`hide ${name}`),
      showInactive: () => events.push(`show ${name}`),
      focus: () => events.push(`focus ${name}`),
      // As Electron gives it: the window's aura id last, where a listed source has 0.
      getMediaSourceId: () => `window:${name}:7`,
    });
    const backend = screenCaptureBackend({
      desktopCapturer: {
        getSources: async (options) => {
          events.push(`capture ${options.types.join()}`);
          return desktopCapturer.getSources(options);
        },
      },
      screen,
      systemPreferences,
      platform: 'linux',
      env: { XDG_SESSION_TYPE: 'x11' },
      ownWindows: () => [
        window('main', { visible: true, focused: true }),
        window('popup', { visible: true }),
        window('closed', { visible: false }),
      ],
      redrawn: async () => void events.push('redrawn'),
    });
    await backend.list({ width: 320, height: 200 });
    expect(events.splice(0)).toEqual(['capture screen,window']);
    expect(await backend.grab('screen:0:0')).toBeInstanceOf(Buffer);
    expect(events.splice(0)).toEqual([
      'hide main',
      'hide popup',
      'redrawn',
      'capture screen',
      'show main',
      'show popup',
      'focus main',
    ]);
    // A screenshot of Hearth's own window leaves that window where it is.
    await backend.grab('window:main:0');
    expect(events.splice(0)).toEqual(['hide popup', 'redrawn', 'capture window', 'show popup']);
  });

  it('has no macOS answer on Linux, where Electron has no getMediaAccessStatus', () => {
    expect(x11().situation()).toEqual({ platform: 'linux', wayland: false });
  });

  it('in a Wayland session without the portal gets an empty list', async () => {
    process.env.WAYLAND_DISPLAY = 'wayland-0';
    delete process.env.DBUS_SESSION_BUS_ADDRESS;
    const wayland = screenCaptureBackend({
      desktopCapturer,
      screen,
      systemPreferences,
      platform: 'linux',
      env: { WAYLAND_DISPLAY: 'wayland-0' },
    });
    expect(wayland.situation()).toEqual({ platform: 'linux', wayland: true });
    expect(await wayland.list({ width: 320, height: 200 })).toEqual([]);
  });

  it('refuses options without types as Electron does', async () => {
    await expect(desktopCapturer.getSources({} as never)).rejects.toThrow('Invalid options');
  });
});
