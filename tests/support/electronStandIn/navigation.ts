/**
 * Navigation as Electron 45 reports it to the main process. The order and the cancelling follow
 * shell/browser/electron_navigation_throttle.cc: on a renderer-initiated navigation,
 * `will-frame-navigate` fires first, for any frame; if it was prevented the navigation is
 * cancelled and nothing more fires; otherwise, for the main frame only, `will-navigate` follows,
 * and may cancel it too. `will-redirect` fires for a redirect in any frame. Each event's first
 * argument carries `url`, `isMainFrame`, `isSameDocument` and `frame`
 * (docs/api/web-contents.md); `will-navigate` keeps its deprecated positional arguments.
 */
import type { EventEmitter } from 'node:events';
import { preventableEvent } from './lifecycle';
import { note } from './recorder';

/** What the stand-in has of a WebFrameMain (docs/api/web-frame-main.md: url, origin, parent). */
export interface FrameStandIn {
  readonly url: string;
  readonly origin: string;
  readonly parent: FrameStandIn | null;
  readonly top: FrameStandIn;
}

/**
 * A frame and its ancestors from their URLs: the frame's own first, then its parent's, up to the
 * main frame's last (one URL: the main frame itself).
 */
export function frameChain(urls: string[]): FrameStandIn | null {
  type Building = { url: string; origin: string; parent: FrameStandIn | null; top?: FrameStandIn };
  const made: Building[] = [];
  for (const url of [...urls].reverse())
    made.push({ url, origin: originOf(url), parent: (made.at(-1) as FrameStandIn) ?? null });
  for (const entry of made) entry.top = made[0] as FrameStandIn;
  return (made.at(-1) as FrameStandIn | undefined) ?? null;
}

function originOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.host ? `${parsed.protocol}//${parsed.host}` : 'null';
  } catch {
    return 'null';
  }
}

export interface NavigationOutcome {
  prevented: boolean;
}

/** A page (or a frame in it) asks to go to `url`: Electron's events, in Electron's order. */
export function emitNavigation(
  contents: EventEmitter,
  url: string,
  frame: FrameStandIn | null,
): NavigationOutcome {
  const isMainFrame = !frame?.parent;
  const details = () => ({ ...preventableEvent(), url, isMainFrame, isSameDocument: false, frame });
  const frameEvent = details();
  contents.emit('will-frame-navigate', frameEvent);
  note('webContents.will-frame-navigate', { url, isMainFrame });
  if (frameEvent.defaultPrevented) return { prevented: true };
  if (!isMainFrame) return { prevented: false };
  const mainEvent = details();
  contents.emit('will-navigate', mainEvent, url, false, true);
  note('webContents.will-navigate', { url });
  return { prevented: mainEvent.defaultPrevented };
}

/** A navigation under way in a frame is redirected to `url`. */
export function emitRedirect(
  contents: EventEmitter,
  url: string,
  frame: FrameStandIn | null,
): NavigationOutcome {
  const isMainFrame = !frame?.parent;
  const event = { ...preventableEvent(), url, isMainFrame, isSameDocument: false, frame };
  contents.emit('will-redirect', event, url, false, isMainFrame);
  note('webContents.will-redirect', { url, isMainFrame });
  return { prevented: event.defaultPrevented };
}
