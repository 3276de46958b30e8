/**
 * The commands a test sends the stand-in (see ./desktopApp.ts for the sending side). Each plays
 * a part Electron or the user would: the renderer invoking a channel from some frame, a page
 * requesting a file, a link or a new window, a permission prompt, a tray or menu click, the
 * global shortcut, a window closed, the app quit; `state` reads back what the app set up.
 */
import { app } from './lifecycle';
import { onCommand, recordedCalls } from './recorder';
import {
  dialog,
  globalShortcut,
  MenuStandIn,
  NotificationStandIn,
  shell,
  TrayStandIn,
} from './desktopServices';
import { BrowserWindowStandIn, defaultSession, ipcMain } from './windows';
import { preventableEvent } from './lifecycle';
import { emitNavigation, emitRedirect, frameChain } from './navigation';
import { setKeyringLocked } from './safeStorage';

function window(id: unknown): BrowserWindowStandIn {
  const found = BrowserWindowStandIn.getAllWindows().find((entry) => entry.id === id);
  if (!found) throw new Error(`No open window ${String(id)}`);
  return found;
}

onCommand('state', () => ({
  ready: app.isReady(),
  userData: app.getPath('userData'),
  singleInstanceLock: app.hasSingleInstanceLock(),
  windows: BrowserWindowStandIn.getAllWindows().map((entry) => entry.snapshot()),
  focusedWindow: BrowserWindowStandIn.getFocusedWindow()?.id ?? null,
  ipcChannels: [...ipcMain.handlers.keys()],
  privilegedSchemes: defaultSession.protocol.privileged,
  handledSchemes: [...defaultSession.protocol.handlers.keys()],
  permissionHandlers: {
    request: !!defaultSession.permissionRequest,
    check: !!defaultSession.permissionCheck,
    device: defaultSession.deviceHandlerSet,
  },
  tray: TrayStandIn.current
    ? {
        tooltip: TrayStandIn.current.tooltip,
        images: TrayStandIn.current.images,
        destroyed: TrayStandIn.current.destroyed,
        shown: TrayStandIn.current.shown,
        menu: TrayStandIn.current.menu?.describe() ?? null,
      }
    : null,
  appMenu: MenuStandIn.getApplicationMenu()?.describe() ?? null,
  shortcuts: [...globalShortcut.registered.keys()],
  notifications: NotificationStandIn.shown,
  openedExternally: shell.opened,
  errorBoxes: dialog.errorBoxes,
  calls: recordedCalls(),
}));

onCommand('invoke', async ({ windowId, frameUrl, channel, args }) => {
  const contents = window(windowId).webContents;
  try {
    return {
      ok: true,
      value: await ipcMain.invoke(
        contents,
        frameUrl as string | null,
        channel as string,
        args as unknown[],
      ),
    };
  } catch (error) {
    // What the renderer's `invoke` rejects with.
    return {
      ok: false,
      error: `Error invoking remote method '${String(channel)}': ${String(error)}`,
    };
  }
});

onCommand('request', async ({ url }) => {
  const response = await defaultSession.fetchThroughProtocol(url as string);
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    length: body.length,
    start: body.subarray(0, 400).toString('utf8'),
  };
});

// The main frame (`navigate`) or a frame below it (`frameNavigate`, `frameUrls` the frame's own
// URL and its parents' below the main frame, nearest first) asks to go somewhere; `redirect` is a
// redirect on the way, in the main frame unless `frameUrls` says which frame. See ./navigation.ts.
const frameOf = (windowId: unknown, frameUrls?: unknown) => {
  const mainUrl = window(windowId).webContents.getURL();
  return frameChain([...((frameUrls as string[] | undefined) ?? []), mainUrl]);
};

onCommand('navigate', ({ windowId, url }) =>
  emitNavigation(window(windowId).webContents, url as string, frameOf(windowId)),
);

onCommand('frameNavigate', ({ windowId, url, frameUrls }) =>
  emitNavigation(
    window(windowId).webContents,
    url as string,
    frameOf(windowId, frameUrls ?? ['about:blank']),
  ),
);

onCommand('redirect', ({ windowId, url, frameUrls }) =>
  emitRedirect(window(windowId).webContents, url as string, frameOf(windowId, frameUrls)),
);

onCommand('openWindow', ({ windowId, url }) => {
  const handler = window(windowId).webContents.windowOpenHandler;
  if (!handler) return { action: 'allow' };
  return handler({
    url: url as string,
    frameName: '',
    features: '',
    disposition: 'new-window',
    referrer: { url: '', policy: 'default' },
  } as never);
});

onCommand('attachWebview', ({ windowId }) => {
  const event = preventableEvent();
  window(windowId).webContents.emit('will-attach-webview', event, {}, {});
  return { prevented: event.defaultPrevented };
});

onCommand('permission', ({ windowId, permission, requestingUrl }) => {
  const handler = defaultSession.permissionRequest;
  if (!handler) return { granted: null };
  return new Promise((resolve) =>
    handler(
      window(windowId).webContents as never,
      permission as never,
      (granted) => resolve({ granted }),
      { requestingUrl: requestingUrl as string, isMainFrame: true } as never,
    ),
  );
});

onCommand('trayClick', () => {
  if (!TrayStandIn.current) throw new Error('No tray');
  TrayStandIn.current.emit('click', preventableEvent(), TrayStandIn.current.getBounds());
});

onCommand('trayMenuClick', ({ label }) => {
  const menu = TrayStandIn.current?.menu;
  if (!menu) throw new Error('The tray has no menu');
  menu.click([label as string]);
});

onCommand('appMenuClick', ({ path }) => {
  const menu = MenuStandIn.getApplicationMenu();
  if (!menu) throw new Error('No application menu');
  menu.click(path as string[]);
});

onCommand('pressShortcut', ({ accelerator }) => {
  const callback = globalShortcut.registered.get(accelerator as string);
  if (!callback) throw new Error(`${String(accelerator)} is not registered`);
  // A key the desktop never bound does nothing, and the app is not told.
  if (!globalShortcut.delivers(accelerator as string)) return { delivered: false };
  callback();
  return { delivered: true };
});

onCommand('minimize', ({ windowId }) => window(windowId).minimize());
onCommand('blur', ({ windowId }) => window(windowId).blur());
onCommand('close', ({ windowId }) => ({ closed: window(windowId).close() }));

onCommand('keyring', ({ locked }) => setKeyringLocked(locked === true));

onCommand('quit', () => {
  // Answer first: quitting ends this process.
  setTimeout(() => app.quit(), 10);
});
