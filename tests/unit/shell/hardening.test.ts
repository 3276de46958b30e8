import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  applyDevelopmentPolicy,
  hardenSession,
  hardenWebContents,
  secureWebPreferences,
} from '../../../electron/shell/hardening';

const APP_ORIGIN = 'app://hearth';

/** Stands in for a WebContents: the same events, and the window-open handler it is given. */
class FakeContents extends EventEmitter {
  windowOpenHandler?: (details: { url: string }) => { action: string };
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
}

interface Frame {
  url: string;
  parent: Frame | null;
}

/** A navigation event's details, as Electron gives them (docs/api/web-contents.md). */
function preventable(url = '', frame: Frame | null = null) {
  const event = {
    url,
    isMainFrame: frame === null,
    frame,
    prevented: false,
    preventDefault: () => (event.prevented = true),
  };
  return event;
}

/** A frame and its parents, nearest first, below a main frame at Hearth's page. */
function frame(...urls: string[]): Frame {
  let current: Frame = { url: `${APP_ORIGIN}/index.html`, parent: null };
  for (const url of [...urls].reverse()) current = { url, parent: current };
  return current;
}

const SANDBOX = 'hearth-app://sandbox';
const MAP_APP = `${SANDBOX}/app/map-app`;

function hardened() {
  const contents = new FakeContents();
  const openedOutside: string[] = [];
  hardenWebContents(contents as never, {
    appOrigin: APP_ORIGIN,
    sandboxOrigin: SANDBOX,
    appFrameAllowed: (appPageUrl, url) =>
      appPageUrl === MAP_APP && url.startsWith('https://maps.example.com/'),
    openOutside: (url) => openedOutside.push(url),
  });
  return { contents, openedOutside };
}

/** Emits as Electron does (electron_navigation_throttle.cc): will-frame-navigate, then will-navigate. */
function navigateMainFrame(contents: FakeContents, url: string) {
  const first = preventable(url);
  contents.emit('will-frame-navigate', first);
  if (first.prevented) return { prevented: true, reachedWillNavigate: false };
  const second = preventable(url);
  contents.emit('will-navigate', second, url);
  return { prevented: second.prevented, reachedWillNavigate: true };
}

describe('window hardening', () => {
  it('uses isolation, the sandbox and web security, with Node and webviews off', () => {
    expect(secureWebPreferences('/app/preload/index.cjs')).toMatchObject({
      preload: '/app/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('refuses every <webview>', () => {
    const { contents } = hardened();
    const event = preventable();
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.prevented).toBe(true);
  });

  it('denies every new window and hands its link to the checked opener', () => {
    const { contents, openedOutside } = hardened();
    expect(contents.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({
      action: 'deny',
    });
    expect(contents.windowOpenHandler?.({ url: `${APP_ORIGIN}/index.html` })).toEqual({
      action: 'deny',
    });
    expect(openedOutside).toEqual(['https://example.com/', `${APP_ORIGIN}/index.html`]);
  });

  it('lets the app navigate within its own origin', () => {
    const { contents, openedOutside } = hardened();
    expect(navigateMainFrame(contents, `${APP_ORIGIN}/settings`)).toEqual({
      prevented: false,
      reachedWillNavigate: true,
    });
    expect(openedOutside).toEqual([]);
  });

  it.each([
    'https://example.com/',
    'app://hearth.evil/',
    'app://hearthx/',
    'file:///etc/passwd',
    'http://127.0.0.1:5173/',
  ])('blocks navigation to %s and passes it to the opener instead, once', (url) => {
    const { contents, openedOutside } = hardened();
    // will-frame-navigate leaves the main frame to will-navigate, which Electron fires next.
    expect(navigateMainFrame(contents, url)).toEqual({
      prevented: true,
      reachedWillNavigate: true,
    });
    expect(openedOutside).toEqual([url]);
    const redirect = preventable(url);
    contents.emit('will-redirect', redirect, url);
    expect(redirect.prevented).toBe(true);
    expect(openedOutside).toEqual([url, url]);
  });

  it('blocks subframes from loading anything but the app, and opens nothing for them', () => {
    const { contents, openedOutside } = hardened();
    const foreign = preventable('https://evil.test/', frame('about:blank'));
    contents.emit('will-frame-navigate', foreign);
    expect(foreign.prevented).toBe(true);
    const own = preventable(`${APP_ORIGIN}/index.html`, frame('about:blank'));
    contents.emit('will-frame-navigate', own);
    expect(own.prevented).toBe(false);
    const sandbox = preventable(MAP_APP, frame('about:blank'));
    contents.emit('will-frame-navigate', sandbox);
    expect(sandbox.prevented).toBe(false);
    expect(openedOutside).toEqual([]);
  });

  it('lets a frame inside an MCP App go where that app declared, and nowhere else', () => {
    const { contents } = hardened();
    const inApp = (url: string, ...urls: string[]) => {
      const event = preventable(url, frame(...urls));
      contents.emit('will-frame-navigate', event);
      return !event.prevented;
    };
    const map = 'https://maps.example.com/embed';
    // The app's HTML runs in an inner frame of its sandbox page; its frames are below that.
    expect(inApp(map, 'about:blank', 'about:blank', MAP_APP)).toBe(true);
    expect(inApp(map, '', MAP_APP)).toBe(true);
    expect(inApp('https://evil.test/', 'about:blank', 'about:blank', MAP_APP)).toBe(false);
    // Another app, or no app at all, may not.
    expect(inApp(map, 'about:blank', 'about:blank', `${SANDBOX}/app/other`)).toBe(false);
    expect(inApp(map, 'about:blank')).toBe(false);
    // A redirect in such a frame is judged the same way, and opens nothing outside.
    const redirect = preventable(map, frame('about:blank', 'about:blank', MAP_APP));
    contents.emit('will-redirect', redirect, map);
    expect(redirect.prevented).toBe(false);
    const away = preventable('https://evil.test/', frame('about:blank', 'about:blank', MAP_APP));
    contents.emit('will-redirect', away, away.url);
    expect(away.prevented).toBe(true);
  });

  it('refuses a frame whose parents have gone away (Electron throws when they are read)', () => {
    const { contents } = hardened();
    const gone = {
      url: 'about:blank',
      get parent(): Frame {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
    };
    const event = preventable('https://maps.example.com/embed', gone as Frame);
    event.isMainFrame = false;
    contents.emit('will-frame-navigate', event);
    expect(event.prevented).toBe(true);
  });
});

describe('session hardening', () => {
  function hardenedSession() {
    const handlers: Record<string, (...args: never[]) => unknown> = {};
    hardenSession(
      {
        setPermissionRequestHandler: (handler: never) => (handlers.request = handler),
        setPermissionCheckHandler: (handler: never) => (handlers.check = handler),
        setDevicePermissionHandler: (handler: never) => (handlers.device = handler),
      } as never,
      APP_ORIGIN,
    );
    const request = (permission: string, requestingUrl: string) =>
      new Promise<boolean>((resolve) =>
        (handlers.request as (...args: unknown[]) => void)(
          { getURL: () => requestingUrl },
          permission,
          resolve,
          { requestingUrl },
        ),
      );
    const check = (permission: string, origin: string) =>
      (handlers.check as (...args: unknown[]) => boolean)(null, permission, origin);
    const device = () => (handlers.device as () => boolean)();
    return { request, check, device };
  }

  it.each([
    'media',
    'geolocation',
    'notifications',
    'midi',
    'openExternal',
    'hid',
    'serial',
    'fullscreen',
  ])('denies %s even to the app', async (permission) => {
    const { request, check } = hardenedSession();
    await expect(request(permission, `${APP_ORIGIN}/index.html`)).resolves.toBe(false);
    expect(check(permission, APP_ORIGIN)).toBe(false);
  });

  it('grants clipboard writes to the app and to nobody else', async () => {
    const { request, check } = hardenedSession();
    await expect(request('clipboard-sanitized-write', `${APP_ORIGIN}/index.html`)).resolves.toBe(
      true,
    );
    await expect(request('clipboard-sanitized-write', 'https://evil.test/')).resolves.toBe(false);
    expect(check('clipboard-sanitized-write', 'https://evil.test')).toBe(false);
  });

  it('denies every device', () => {
    expect(hardenedSession().device()).toBe(false);
  });

  it('adds the development policy to the dev server’s responses only', () => {
    let filter: { urls: string[] } | undefined;
    let listener: ((details: unknown, callback: (response: unknown) => void) => void) | undefined;
    applyDevelopmentPolicy(
      {
        webRequest: { onHeadersReceived: (f: never, l: never) => ((filter = f), (listener = l)) },
      } as never,
      'http://localhost:5173',
      "script-src 'self'",
    );
    expect(filter).toEqual({ urls: ['http://localhost:5173/*'] });
    let response: unknown;
    listener?.({ responseHeaders: { 'X-A': ['1'] } }, (value) => (response = value));
    expect(response).toEqual({
      responseHeaders: { 'X-A': ['1'], 'Content-Security-Policy': ["script-src 'self'"] },
    });
  });
});
