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
  /** Handles a link that tried to leave the app: checked, then the system browser or a notice. */
  openOutside(url: string): void;
}

type HardenableContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/** Refuses webviews, new windows and navigation away from the app's origin. */
export function hardenWebContents(contents: HardenableContents, policy: ContentsPolicy): void {
  contents.on('will-attach-webview', (event: Event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    policy.openOutside(url);
    return { action: 'deny' };
  });
  const keepInside = (event: Event, url: string) => {
    if (isSameOrigin(url, policy.appOrigin)) return;
    event.preventDefault();
    policy.openOutside(url);
  };
  contents.on('will-navigate', keepInside);
  contents.on('will-redirect', keepInside);
  contents.on('will-frame-navigate', (event) => {
    if (isSameOrigin(event.url, policy.appOrigin)) return;
    // An app's frame loads its sandbox page; it may not go anywhere else (no way out by navigating).
    if (!event.isMainFrame && policy.sandboxOrigin && isSameOrigin(event.url, policy.sandboxOrigin))
      return;
    event.preventDefault();
  });
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
