/**
 * Electron's security checklist, applied to every window and every web contents the app ever
 * creates (main.ts calls these from `web-contents-created`, so later windows get them too).
 * Only types come from 'electron' here, so the policy is tested in plain Node with fakes.
 */
import type { Event, Session, WebContents, WebPreferences } from 'electron';
import { isSameOrigin } from '../core/security/origins';
import { isPermissionGranted } from '../core/security/permissions';

/** The webPreferences of every Hearth window. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
  };
}

export interface ContentsPolicy {
  appOrigin: string;
  /** MCP Apps' sandbox origin: frames (never the window itself) may load its pages. */
  sandboxOrigin?: string;
  /**
   * May a frame inside an MCP App (below the app's sandbox page at `appPageUrl`) load `url`?
   * Only the origins the app's resource declared (`_meta.ui.csp.frameDomains`) may.
   */
  appFrameAllowed?(appPageUrl: string, url: string): boolean;
  /** Handles a link that tried to leave the app: checked, then the system browser or a notice. */
  openOutside(url: string): void;
}

type HardenableContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/** What a navigation event carries of the frame being navigated (Electron's WebFrameMain). */
interface NavigatingFrame {
  readonly url: string;
  readonly parent: NavigatingFrame | null;
}

interface NavigationDetails {
  url: string;
  isMainFrame: boolean;
  frame?: NavigatingFrame | null;
  preventDefault(): void;
}

/**
 * Refuses webviews, new windows and navigation away from the app's origin. Electron asks about a
 * navigation twice, in this order (shell/browser/electron_navigation_throttle.cc):
 * `will-frame-navigate` for any frame, then, only when that was not prevented and only for the
 * main frame, `will-navigate`. So the main frame is decided in `will-navigate` alone: preventing
 * it earlier would cancel the navigation before the link reached the system browser.
 */
export function hardenWebContents(contents: HardenableContents, policy: ContentsPolicy): void {
  contents.on('will-attach-webview', (event: Event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    policy.openOutside(url);
    return { action: 'deny' };
  });
  const keepMainFrameInside = (details: NavigationDetails) => {
    if (isSameOrigin(details.url, policy.appOrigin)) return;
    details.preventDefault();
    policy.openOutside(details.url);
  };
  const keepFrameInside = (details: NavigationDetails) => {
    if (!subframeMayLoad(details, policy)) details.preventDefault();
  };
  contents.on('will-frame-navigate', (details) => {
    // The main frame's turn comes next, in `will-navigate`.
    if (details.isMainFrame) return;
    keepFrameInside(details);
  });
  contents.on('will-navigate', (details) => keepMainFrameInside(details));
  // Electron emits `will-redirect` for every frame (electron_navigation_throttle.cc).
  contents.on('will-redirect', (details) =>
    details.isMainFrame ? keepMainFrameInside(details) : keepFrameInside(details),
  );
}

/**
 * A frame (never the window) may hold Hearth's own pages or an MCP App's sandbox page; a frame
 * below an app's sandbox page may go only where that app declared. Nowhere else: no way out by
 * navigating.
 */
function subframeMayLoad(details: NavigationDetails, policy: ContentsPolicy): boolean {
  if (isSameOrigin(details.url, policy.appOrigin)) return true;
  if (!policy.sandboxOrigin) return false;
  if (isSameOrigin(details.url, policy.sandboxOrigin)) return true;
  // The nearest app sandbox page above this frame is the app it belongs to. Electron throws when
  // a frame that has gone away is read (shell/browser/api/electron_api_web_frame_main.cc: "Render
  // frame was disposed"); such a frame gets nothing.
  try {
    for (let above = details.frame?.parent ?? null; above; above = above.parent) {
      if (isSameOrigin(above.url, policy.sandboxOrigin))
        return policy.appFrameAllowed?.(above.url, details.url) ?? false;
    }
  } catch {
    return false;
  }
  return false;
}

type HardenableSession = Pick<
  Session,
  'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
>;

/** Denies every permission except the few the app's own pages use. */
export function hardenSession(session: HardenableSession, appOrigin: string): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(
      isPermissionGranted(permission, details.requestingUrl ?? contents?.getURL() ?? '', appOrigin),
    );
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionGranted(permission, requestingOrigin, appOrigin),
  );
  session.setDevicePermissionHandler(() => false);
}

/**
 * In `npm run dev` the pages come from Vite's dev server, which sends no CSP: add the development
 * policy to its responses so dev runs under (nearly) the same rules as the built app.
 */
export function applyDevelopmentPolicy(
  session: Pick<Session, 'webRequest'>,
  devOrigin: string,
  policy: string,
): void {
  session.webRequest.onHeadersReceived({ urls: [`${devOrigin}/*`] }, (details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] },
    });
  });
}
