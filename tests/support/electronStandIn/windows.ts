/**
 * The stand-in's windows and what serves them: `BrowserWindow` and its `webContents` (loading
 * a URL through the session's protocol handler, as Electron does for a custom scheme), the
 * default session (protocol handlers, permission handlers, webRequest), `protocol`, `net.fetch`,
 * and `ipcMain` with one handler per channel. Every window announces itself with app's
 * `web-contents-created` and `browser-window-created`, as in Electron.
 */
import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  BrowserWindowConstructorOptions,
  CustomScheme,
  HandlerDetails,
  IpcMain,
  IpcMainInvokeEvent,
  Net,
  Protocol,
  Rectangle,
  Session,
  WebContents,
  WindowOpenHandlerResponse,
} from 'electron';
import { app, preventableEvent } from './lifecycle';
import { note } from './recorder';
import { shownWindows } from './shownWindows';

type ProtocolHandler = (request: Request) => Response | Promise<Response>;
type PermissionRequestHandler = Parameters<Session['setPermissionRequestHandler']>[0];
type PermissionCheckHandler = Parameters<Session['setPermissionCheckHandler']>[0];

class ProtocolStandIn {
  readonly handlers = new Map<string, ProtocolHandler>();
  readonly privileged: CustomScheme[] = [];

  registerSchemesAsPrivileged(schemes: CustomScheme[]): void {
    if (app.isReady())
      throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    // shell/browser/api/electron_api_protocol.cc, RegisterSchemesAsPrivileged.
    if (schemes.some((scheme) => scheme.privileges?.codeCache && !scheme.privileges.standard))
      throw new Error(
        'Code cache can only be enabled when the custom scheme is registered as standard scheme.',
      );
    this.privileged.push(...schemes);
    note('protocol.registerSchemesAsPrivileged', schemes);
  }

  handle(scheme: string, handler: ProtocolHandler): void {
    if (!app.isReady()) throw new Error('protocol.handle must be called after app is ready');
    if (this.handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
    this.handlers.set(scheme, handler);
    note('protocol.handle', { scheme });
  }

  unhandle(scheme: string): void {
    this.handlers.delete(scheme);
  }

  isProtocolHandled(scheme: string): boolean {
    return this.handlers.has(scheme);
  }
}

class SessionStandIn {
  readonly protocol = new ProtocolStandIn();
  permissionRequest: PermissionRequestHandler | undefined;
  permissionCheck: PermissionCheckHandler | undefined;
  deviceHandlerSet = false;
  readonly headerFilters: { urls: string[] }[] = [];
  readonly webRequest = {
    onHeadersReceived: (filter: { urls: string[] }) => {
      this.headerFilters.push(filter);
      note('session.webRequest.onHeadersReceived', filter);
    },
  };

  setPermissionRequestHandler(handler: PermissionRequestHandler): void {
    this.permissionRequest = handler;
    note('session.setPermissionRequestHandler');
  }

  setPermissionCheckHandler(handler: PermissionCheckHandler): void {
    this.permissionCheck = handler;
    note('session.setPermissionCheckHandler');
  }

  setDevicePermissionHandler(): void {
    this.deviceHandlerSet = true;
    note('session.setDevicePermissionHandler');
  }

  /** What a page's request to `url` gets: the registered handler's response, as Electron gives it. */
  async fetchThroughProtocol(url: string): Promise<Response> {
    const handler = this.protocol.handlers.get(new URL(url).protocol.replace(/:$/, ''));
    if (!handler) throw new Error(`net::ERR_UNKNOWN_URL_SCHEME (${url})`);
    return handler(new Request(url));
  }
}

const defaultSession = new SessionStandIn();

export const session = {
  defaultSession,
  fromPartition: () => defaultSession,
};

// The main process's `protocol` module acts on the default session.
export const protocol = {
  registerSchemesAsPrivileged: (schemes: CustomScheme[]) =>
    defaultSession.protocol.registerSchemesAsPrivileged(schemes),
  handle: (scheme: string, handler: ProtocolHandler) =>
    defaultSession.protocol.handle(scheme, handler),
  unhandle: (scheme: string) => defaultSession.protocol.unhandle(scheme),
  isProtocolHandled: (scheme: string) => defaultSession.protocol.isProtocolHandled(scheme),
} satisfies Pick<
  Protocol,
  'registerSchemesAsPrivileged' | 'handle' | 'unhandle' | 'isProtocolHandled'
>;

const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** `net.fetch`: file: URLs read from disk (as Chromium's file handler does), others over the network. */
export const net = {
  async fetch(input: string | Request, init?: RequestInit): Promise<Response> {
    const url = typeof input === 'string' ? input : input.url;
    if (!url.startsWith('file:')) return fetch(input, init);
    try {
      const body = await readFile(fileURLToPath(url));
      return new Response(body, {
        status: 200,
        headers: { 'content-type': MIME[extname(url)] ?? 'application/octet-stream' },
      });
    } catch {
      throw new TypeError(`net::ERR_FILE_NOT_FOUND (${url})`);
    }
  },
} satisfies Pick<Net, 'fetch'>;

let nextContentsId = 1;
const allContents: WebContentsStandIn[] = [];

export class WebContentsStandIn extends EventEmitter {
  readonly id = nextContentsId++;
  readonly session = defaultSession;
  private url = '';
  private destroyed = false;
  windowOpenHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | undefined;
  readonly sent: { channel: string }[] = [];

  constructor(readonly owner: BrowserWindowStandIn) {
    super();
    allContents.push(this);
  }

  get mainFrame(): { url: string; origin: string } {
    return { url: this.url, origin: this.url ? new URL(this.url).origin : '' };
  }

  async loadURL(url: string): Promise<void> {
    this.emit('will-navigate-internal', url);
    const response = await defaultSession.fetchThroughProtocol(url).catch((error: Error) => {
      note('webContents.loadURL failed', { url, error: error.message });
      throw error;
    });
    note('webContents.loadURL', { url, status: response.status });
    if (!response.ok) throw new Error(`ERR_FAILED (-2) loading '${url}'`);
    this.url = url;
    this.emit('did-finish-load');
  }

  getURL(): string {
    return this.url;
  }

  getType(): 'window' {
    return 'window';
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  destroy(): void {
    this.destroyed = true;
    this.emit('destroyed');
  }

  send(channel: string): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.sent.push({ channel });
  }

  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void {
    this.windowOpenHandler = handler;
  }

  isDevToolsOpened(): boolean {
    return false;
  }
}

export const contentsShape: Pick<
  WebContents,
  'getURL' | 'isDestroyed' | 'isDevToolsOpened' | 'setWindowOpenHandler' | 'loadURL'
> = WebContentsStandIn.prototype;

export const webContents = {
  getAllWebContents: () => allContents.filter((contents) => !contents.isDestroyed()),
  fromId: (id: number) => allContents.find((contents) => contents.id === id),
};

let nextWindowId = 1;
const windows: BrowserWindowStandIn[] = [];
/** The focused window, by id (the window itself would be an alias of `this` in focus()). */
let focusedId: number | undefined;
const focusedWindow = () =>
  windows.find((window) => window.id === focusedId && !window.isDestroyed());

export class BrowserWindowStandIn extends EventEmitter {
  readonly id = nextWindowId++;
  readonly webContents: WebContentsStandIn;
  private bounds: Rectangle;
  private visible = false;
  private minimized = false;
  private maximized = false;
  private destroyed = false;
  readonly counts = { show: 0, focus: 0, hide: 0, restore: 0 };

  static getAllWindows(): BrowserWindowStandIn[] {
    return windows.filter((window) => !window.isDestroyed());
  }

  static getFocusedWindow(): BrowserWindowStandIn | null {
    return focusedWindow() ?? null;
  }

  static fromWebContents(contents: WebContentsStandIn): BrowserWindowStandIn | null {
    return contents.owner ?? null;
  }

  constructor(readonly options: BrowserWindowConstructorOptions = {}) {
    super();
    if (!app.isReady()) throw new Error('Cannot create BrowserWindow before app is ready');
    this.bounds = {
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? 800,
      height: options.height ?? 600,
    };
    this.webContents = new WebContentsStandIn(this);
    windows.push(this);
    note('BrowserWindow', { id: this.id, options });
    app.emit('web-contents-created', preventableEvent(), this.webContents);
    app.emit('browser-window-created', preventableEvent(), this);
    if (options.show !== false) this.show();
  }

  async loadURL(url: string): Promise<void> {
    await this.webContents.loadURL(url);
    // The first paint follows the load.
    setTimeout(() => {
      if (!this.destroyed) this.emit('ready-to-show', preventableEvent());
    }, 0);
  }

  show(): void {
    this.counts.show += 1;
    this.visible = true;
    this.minimized = false;
    this.emit('show');
    this.focus();
  }

  /** Shown without taking focus (docs/api/browser-window.md, `win.showInactive()`). */
  showInactive(): void {
    this.counts.show += 1;
    this.visible = true;
    this.emit('show');
  }

  hide(): void {
    this.counts.hide += 1;
    this.visible = false;
    if (focusedId === this.id) focusedId = undefined;
    this.emit('hide');
  }

  focus(): void {
    this.counts.focus += 1;
    const previous = focusedWindow();
    if (previous && previous.id !== this.id) previous.emit('blur', preventableEvent());
    focusedId = this.id;
    this.emit('focus');
  }

  blur(): void {
    if (focusedId === this.id) focusedId = undefined;
    this.emit('blur', preventableEvent());
  }

  isVisible(): boolean {
    return this.visible && !this.minimized;
  }

  isFocused(): boolean {
    return focusedId === this.id;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  minimize(): void {
    this.minimized = true;
    this.emit('minimize');
  }

  isMinimized(): boolean {
    return this.minimized;
  }

  /**
   * Its id as a `DesktopCapturerSource` (shell/browser/api/electron_api_base_window.cc
   * `GetMediaSourceId`, from shell/browser/native_window_views.cc `GetDesktopMediaID`): on Linux
   * `window:<XID>:<aura id>`, the aura id the one `RegisterNativeWindow` gave it (never 0 for a
   * shown window), where a source desktopCapturer lists carries 0. Here one XID and aura id per
   * stand-in window.
   */
  getMediaSourceId(): string {
    return `window:${0x4400000 + this.id}:${this.id}`;
  }

  restore(): void {
    this.counts.restore += 1;
    this.minimized = false;
    this.maximized = false;
    this.emit('restore');
  }

  maximize(): void {
    this.maximized = true;
    this.emit('maximize');
  }

  isMaximized(): boolean {
    return this.maximized;
  }

  getBounds(): Rectangle {
    return { ...this.bounds };
  }

  getNormalBounds(): Rectangle {
    return { ...this.bounds };
  }

  setPosition(x: number, y: number): void {
    this.bounds = { ...this.bounds, x, y };
    this.emit('move');
  }

  /** Asks to close: `close` may be prevented (Hearth hides to the tray that way). */
  close(): boolean {
    if (this.destroyed) return true;
    const event = preventableEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    this.destroy();
    return true;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.visible = false;
    if (focusedId === this.id) focusedId = undefined;
    this.webContents.destroy();
    this.emit('closed');
    if (BrowserWindowStandIn.getAllWindows().length === 0 && !app.isQuitting())
      app.emit('window-all-closed');
  }

  snapshot() {
    return {
      id: this.id,
      title: this.options.title,
      options: this.options,
      url: this.webContents.getURL(),
      visible: this.isVisible(),
      focused: this.isFocused(),
      minimized: this.minimized,
      destroyed: this.destroyed,
      counts: this.counts,
      eventsSent: this.webContents.sent.length,
      sentChannels: [...new Set(this.webContents.sent.map((entry) => entry.channel))],
    };
  }
}

// Quitting closes every window first; one whose `close` is prevented stops the quit.
app.closeAllWindows = () => BrowserWindowStandIn.getAllWindows().every((window) => window.close());

type InvokeListener = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

class IpcMainStandIn extends EventEmitter {
  readonly handlers = new Map<string, InvokeListener>();

  handle(channel: string, listener: InvokeListener): void {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  /** What `ipcRenderer.invoke` from a frame at `frameUrl` of `contents` gets back. */
  async invoke(
    contents: WebContentsStandIn,
    frameUrl: string | null,
    channel: string,
    args: unknown[],
  ): Promise<unknown> {
    const listener = this.handlers.get(channel);
    if (!listener) throw new Error(`No handler registered for '${channel}'`);
    const senderFrame =
      frameUrl === null ? null : { url: frameUrl, origin: new URL(frameUrl).origin };
    const event = {
      sender: contents,
      senderFrame,
      frameId: 1,
      processId: 1,
      type: 'frame',
    } as unknown as IpcMainInvokeEvent;
    // Like Electron, the renderer sees only a structured clone of the value.
    return structuredClone(await listener(event, ...structuredClone(args)));
  }
}

export const ipcMain = new IpcMainStandIn();
export const ipcMainShape: Pick<IpcMain, 'handle' | 'removeHandler'> = ipcMain;
export { defaultSession };

shownWindows.follow(
  () => BrowserWindowStandIn.getAllWindows().filter((window) => window.isVisible()).length,
);
