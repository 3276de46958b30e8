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

function preventable(url = '') {
  const event = { url, prevented: false, preventDefault: () => (event.prevented = true) };
  return event;
}

function hardened() {
  const contents = new FakeContents();
  const openedOutside: string[] = [];
  hardenWebContents(contents as never, {
    appOrigin: APP_ORIGIN,
    openOutside: (url) => openedOutside.push(url),
  });
  return { contents, openedOutside };
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
    const event = preventable();
    contents.emit('will-navigate', event, `${APP_ORIGIN}/settings`);
    expect(event.prevented).toBe(false);
    expect(openedOutside).toEqual([]);
  });

  it.each([
    'https://example.com/',
    'app://hearth.evil/',
    'app://hearthx/',
    'file:///etc/passwd',
    'http://127.0.0.1:5173/',
  ])('blocks navigation to %s and passes it to the opener instead', (url) => {
    const { contents, openedOutside } = hardened();
    for (const name of ['will-navigate', 'will-redirect']) {
      const event = preventable();
      contents.emit(name, event, url);
      expect(event.prevented).toBe(true);
    }
    expect(openedOutside).toEqual([url, url]);
  });

  it('blocks subframes from loading anything but the app', () => {
    const { contents } = hardened();
    const foreign = preventable('https://evil.test/');
    contents.emit('will-frame-navigate', foreign);
    expect(foreign.prevented).toBe(true);
    const own = preventable(`${APP_ORIGIN}/index.html`);
    contents.emit('will-frame-navigate', own);
    expect(own.prevented).toBe(false);
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
