/**
 * Screenshots through Electron's own capture API, `desktopCapturer.getSources` (main process;
 * electron/electron lib/browser/api/desktop-capturer.ts and
 * shell/browser/api/electron_api_desktop_capturer.cc): each source's thumbnail is the picture,
 * asked for at the display's full pixel size when the whole picture is wanted (the thumbnail is
 * scaled to fit the size asked, docs/api/structures/desktop-capturer-source.md). What to make of
 * it, and the words for a refusal, are in core/screen.
 */
import type { BrowserWindow, DesktopCapturer, Screen, SystemPreferences } from 'electron';
import { isWaylandSession } from '../core/desktop';
import type { CaptureSituation, RawScreenSource, ScreenCaptureBackend } from '../core/screen';

export interface ScreenCaptureParts {
  desktopCapturer: Pick<DesktopCapturer, 'getSources'>;
  screen: Pick<Screen, 'getAllDisplays'>;
  /** Electron's `systemPreferences`; its `getMediaAccessStatus` exists on macOS and Windows only. */
  systemPreferences: Partial<Pick<SystemPreferences, 'getMediaAccessStatus'>>;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** Hearth's own windows (`BrowserWindow.getAllWindows`): out of the picture while it is taken. */
  ownWindows?: () => OwnWindow[];
  /** Waits for the screen to be redrawn without them (absent: the compositor's usual time). */
  redrawn?: () => Promise<void>;
}

type OwnWindow = Pick<
  BrowserWindow,
  'isVisible' | 'isFocused' | 'hide' | 'showInactive' | 'focus' | 'getMediaSourceId'
>;

/**
 * A compositor redraws what was under a hidden window within a frame or two; no event says it has
 * (Electron's `hide` fires when the window is unmapped, not when the screen is redrawn), so the
 * capture waits a little longer than a few frames at 60 Hz.
 */
const REDRAW_MS = 200;
const redrawnAfterAWhile = () => new Promise<void>((resolve) => setTimeout(resolve, REDRAW_MS));

/**
 * Whether two capture ids name one window: `window:<native id>:<aura id>`. A window's own id
 * carries the aura id it registered (Electron's NativeWindowViews::GetDesktopMediaID,
 * shell/browser/native_window_views.cc), a listed source's is 0, so only the first two count.
 */
function sameWindow(mediaSourceId: string, sourceId: string | undefined): boolean {
  const key = (id: string) => id.split(':').slice(0, 2).join(':');
  return sourceId !== undefined && key(mediaSourceId) === key(sourceId);
}

/**
 * Runs `capture` with Hearth's visible windows hidden, unless the source is one of them: a
 * screenshot of the screen shows what the user was looking at, not Hearth's picker over it.
 * They come back as they were, the focused one focused, whatever the capture did.
 */
async function withOwnWindowsHidden<T>(
  parts: ScreenCaptureParts,
  sourceId: string | undefined,
  capture: () => Promise<T>,
): Promise<T> {
  const shown = (parts.ownWindows?.() ?? []).filter(
    (window) => window.isVisible() && !sameWindow(window.getMediaSourceId(), sourceId),
  );
  if (shown.length === 0) return capture();
  const focused = shown.find((window) => window.isFocused());
  for (const window of shown) window.hide();
  try {
    await (parts.redrawn ?? redrawnAfterAWhile)();
    return await capture();
  } finally {
    for (const window of shown) window.showInactive();
    focused?.focus();
  }
}

/** The largest display in device pixels: a window or screen is never bigger than that. */
function fullSize(screen: ScreenCaptureParts['screen']) {
  let width = 0;
  let height = 0;
  for (const display of screen.getAllDisplays()) {
    width = Math.max(width, Math.round(display.size.width * display.scaleFactor));
    height = Math.max(height, Math.round(display.size.height * display.scaleFactor));
  }
  return { width: width || 1920, height: height || 1080 };
}

export function screenCaptureBackend(parts: ScreenCaptureParts): ScreenCaptureBackend {
  const wayland = parts.platform === 'linux' && isWaylandSession(parts.env);
  // Through the portal each getSources shows the portal's own chooser and hands back the one
  // source picked, under an id of that request (docs/api/desktop-capturer.md, "Linux"); so in a
  // Wayland session the list is taken at full size once and its pictures are what is captured.
  let portalPictures = new Map<string, Buffer>();

  const situation = (): CaptureSituation => ({
    platform: parts.platform,
    wayland,
    ...(parts.platform === 'darwin' && parts.systemPreferences.getMediaAccessStatus
      ? { access: parts.systemPreferences.getMediaAccessStatus('screen') }
      : {}),
  });

  const sources = async (
    types: ('screen' | 'window')[],
    thumbnailSize: { width: number; height: number },
  ): Promise<RawScreenSource[]> => {
    const found = await parts.desktopCapturer.getSources({ types, thumbnailSize });
    return found
      .filter((source) => !source.thumbnail.isEmpty())
      .map((source) => ({
        id: source.id,
        name: source.name,
        kind: source.id.startsWith('screen:') ? ('screen' as const) : ('window' as const),
        png: source.thumbnail.toPNG(),
      }));
  };

  return {
    situation,
    async list(thumbnail) {
      if (!wayland) return sources(['screen', 'window'], thumbnail);
      // The portal's picture is taken as the user picks in its chooser: Hearth stands aside.
      const picked = await withOwnWindowsHidden(parts, undefined, () =>
        sources(['screen', 'window'], fullSize(parts.screen)),
      );
      portalPictures = new Map(picked.map((source) => [source.id, source.png]));
      return picked;
    },
    async grab(sourceId) {
      if (wayland) return portalPictures.get(sourceId);
      const kind = sourceId.startsWith('screen:') ? 'screen' : 'window';
      const found = await withOwnWindowsHidden(parts, sourceId, () =>
        sources([kind], fullSize(parts.screen)),
      );
      return found.find((source) => source.id === sourceId)?.png;
    },
  };
}
