/**
 * The quick-chat popup: a small frameless window that hangs off the tray icon (placed by
 * core/desktop/popupPosition on whichever edge and display the tray is), shows the same renderer
 * in its compact layout (`?view=popup`), and hides when it loses focus.
 */
import { BrowserWindow, screen, type Rectangle } from 'electron';
import { popupPosition } from '../core/desktop';
import { secureWebPreferences } from './hardening';

export const POPUP_SIZE = { width: 400, height: 580 };

export interface QuickChat {
  toggle(trayBounds: Rectangle): void;
  show(trayBounds: Rectangle): void;
  isVisible(): boolean;
  window(): BrowserWindow | undefined;
}

export function createQuickChat(options: { preloadPath: string; url: string }): QuickChat {
  let popup: BrowserWindow | undefined;

  const ensure = () => {
    if (popup && !popup.isDestroyed()) return popup;
    popup = new BrowserWindow({
      ...POPUP_SIZE,
      show: false,
      frame: false,
      resizable: false,
      movable: false,
      minimizable: false,
      maximizable: false,
      fullscreenable: false,
      skipTaskbar: true,
      alwaysOnTop: true,
      title: 'Hearth quick chat',
      webPreferences: secureWebPreferences(options.preloadPath),
    });
    const url = new URL(options.url);
    url.searchParams.set('view', 'popup');
    void popup.loadURL(url.toString());
    // A popup that stays open behind other windows is clutter; a dialog it raised keeps focus in it.
    popup.on('blur', () => {
      if (!popup?.webContents.isDevToolsOpened()) popup?.hide();
    });
    return popup;
  };

  const place = (window: BrowserWindow, trayBounds: Rectangle) => {
    const primary = screen.getPrimaryDisplay();
    const displays = [
      primary,
      ...screen.getAllDisplays().filter((display) => display.id !== primary.id),
    ];
    const position = popupPosition({
      tray: trayBounds,
      popup: POPUP_SIZE,
      displays: displays.map((display) => ({
        bounds: display.bounds,
        workArea: display.workArea,
        scaleFactor: display.scaleFactor,
      })),
      platform: process.platform,
      cursor: screen.getCursorScreenPoint(),
    });
    window.setPosition(position.x, position.y, false);
  };

  const show = (trayBounds: Rectangle) => {
    const window = ensure();
    place(window, trayBounds);
    window.show();
    window.focus();
  };

  return {
    show,
    toggle(trayBounds) {
      if (popup?.isVisible()) popup.hide();
      else show(trayBounds);
    },
    isVisible: () => popup?.isVisible() ?? false,
    window: () => (popup && !popup.isDestroyed() ? popup : undefined),
  };
}
