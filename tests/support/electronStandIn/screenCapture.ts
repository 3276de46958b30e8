/**
 * The stand-in's `desktopCapturer` and `systemPreferences`, as Electron 45 has them on Linux.
 *
 * `desktopCapturer.getSources` (electron/electron lib/browser/api/desktop-capturer.ts and
 * shell/browser/api/electron_api_desktop_capturer.cc): rejects with `Error('Invalid options')`
 * when `types` is not an array; `thumbnailSize` defaults to 150×150, and a width or height of 0
 * means no thumbnails (empty images); each thumbnail is the source scaled to fit that size, its
 * own aspect kept (docs/api/structures/desktop-capturer-source.md: "no guarantee that the size of
 * the thumbnail is the same as the thumbnailSize"); screens are named "Entire Screen" when there
 * is one. In a Wayland session Chromium captures only through the desktop portal (the generic
 * PipeWire capturer): asked for screens and windows it shows the portal's chooser and returns the
 * one source picked, as a window (docs/api/desktop-capturer.md, "Linux"); with no portal on the
 * session bus no capturer is made and the promise resolves with an empty list (StartHandling's
 * `pending_lists_ == 0` branch).
 *
 * `systemPreferences.getMediaAccessStatus` exists on macOS and Windows only
 * (docs/api/system-preferences.md), so on Linux the stand-in has none; elsewhere it answers as
 * shell/browser/api/electron_api_system_preferences_mac.mm does: the screen's status (from
 * STANDIN_SCREEN_ACCESS, `granted` by default), "Invalid media type" thrown for anything but
 * camera, microphone and screen.
 */
import { spawnSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import type { DesktopCapturer, Size, SourcesOptions, SystemPreferences } from 'electron';
import { note } from './calls';
import { shownWindows } from './shownWindows';

interface StandInSource {
  id: string;
  name: string;
  size: Size;
  tint: number;
}

/** What the stand-in's desktop shows: the display (desktopServices' PRIMARY) and two windows. */
const SCREEN: StandInSource = {
  id: 'screen:0:0',
  name: 'Entire Screen',
  size: { width: 1920, height: 1080 },
  tint: 40,
};
const SOURCES: readonly StandInSource[] = [
  SCREEN,
  { id: 'window:4194310:0', name: 'Terminal', size: { width: 900, height: 600 }, tint: 140 },
  { id: 'window:6291462:0', name: 'Notes', size: { width: 700, height: 820 }, tint: 220 },
];

/** The colour of pixel (x, y) of a source: red across, green down, blue the source's own. */
export function standInPixel(x: number, y: number, size: Size, tint: number): number[] {
  return [Math.floor((x * 255) / size.width), Math.floor((y * 255) / size.height), tint, 255];
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG of a source's picture at `size` (what NativeImage.toPNG gives). */
function pictureAt(size: Size, source: StandInSource): Buffer {
  const rows = Buffer.alloc((size.width * 4 + 1) * size.height);
  for (let y = 0; y < size.height; y++) {
    const row = y * (size.width * 4 + 1);
    for (let x = 0; x < size.width; x++) {
      const full = {
        x: Math.floor((x * source.size.width) / size.width),
        y: Math.floor((y * source.size.height) / size.height),
      };
      rows.set(standInPixel(full.x, full.y, source.size, source.tint), row + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size.width, 0);
  header.writeUInt32BE(size.height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Chromium's letterbox fit: the largest size of the source's aspect within `box`. */
function fitted(box: Size, source: Size): Size {
  const scale = Math.min(box.width / source.width, box.height / source.height);
  return {
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  };
}

function thumbnailOf(source: StandInSource, box: Size) {
  const empty = box.width <= 0 || box.height <= 0;
  const size = empty ? { width: 0, height: 0 } : fitted(box, source.size);
  const png = empty ? Buffer.alloc(0) : pictureAt(size, source);
  return {
    isEmpty: () => empty,
    getSize: () => size,
    toPNG: () => png,
    toDataURL: () => `data:image/png;base64,${png.toString('base64')}`,
  };
}

function waylandSession(): boolean {
  return process.env.XDG_SESSION_TYPE === 'wayland' || !!process.env.WAYLAND_DISPLAY;
}

/** Whether xdg-desktop-portal is on the session bus (its ScreenCast is what Chromium uses). */
function portalOnBus(): boolean {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) return false;
  const answer = spawnSync(
    'dbus-send',
    [
      '--session',
      '--print-reply=literal',
      '--dest=org.freedesktop.DBus',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.NameHasOwner',
      'string:org.freedesktop.portal.Desktop',
    ],
    { encoding: 'utf8', timeout: 5_000 },
  );
  return answer.status === 0 && answer.stdout.trim() === 'boolean true';
}

export const desktopCapturer = {
  async getSources(options: SourcesOptions) {
    if (!Array.isArray(options?.types)) throw new Error('Invalid options');
    const thumbnailSize = options.thumbnailSize ?? { width: 150, height: 150 };
    // Hearth's own windows on screen as the picture is taken: in it, in a real capture.
    const appWindowsShown = shownWindows.count();
    note('desktopCapturer.getSources', { types: options.types, thumbnailSize, appWindowsShown });
    const wanted = SOURCES.filter((source) =>
      options.types.includes(source.id.startsWith('screen:') ? 'screen' : 'window'),
    );
    const chosen = waylandSession()
      ? portalOnBus() && options.types.includes('window')
        ? [{ ...SCREEN, id: 'window:1:0' }]
        : []
      : wanted;
    return chosen.map((source) => ({
      id: source.id,
      name: source.name,
      display_id: source.id.startsWith('screen:') ? '1' : '',
      thumbnail: thumbnailOf(source, thumbnailSize),
      appIcon: null,
    }));
  },
} as unknown as DesktopCapturer;

const MEDIA_TYPES = ['camera', 'microphone', 'screen'];

export const systemPreferences = (process.platform !== 'linux'
  ? {
      getMediaAccessStatus(mediaType: string) {
        if (!MEDIA_TYPES.includes(mediaType)) throw new Error('Invalid media type');
        note('systemPreferences.getMediaAccessStatus', { mediaType });
        return mediaType === 'screen'
          ? (process.env.STANDIN_SCREEN_ACCESS ?? 'granted')
          : 'not-determined';
      },
    }
  : {}) as unknown as SystemPreferences;
