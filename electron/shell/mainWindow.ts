/**
 * The main window: secure webPreferences, shown once its first paint is ready, in the place the
 * user left it.
 */
import { BrowserWindow, nativeTheme } from 'electron';
import { secureWebPreferences } from './hardening';
import { rememberWindow } from './windowState';

const PREFERRED_SIZE = { width: 1180, height: 800 };

export function createMainWindow(options: {
  preloadPath: string;
  url: string;
  dataDir: string;
}): BrowserWindow {
  const remembered = rememberWindow(options.dataDir, PREFERRED_SIZE);
  const window = new BrowserWindow({
    ...remembered.state.bounds,
    minWidth: 640,
    minHeight: 440,
    show: false,
    title: 'Hearth',
    // Matches the renderer's background so no white flash shows before the first paint.
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#15171c' : '#f7f7f5',
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  remembered.track(window);
  window.once('ready-to-show', () => {
    if (remembered.state.maximized) window.maximize();
    window.show();
  });
  void window.loadURL(options.url);
  return window;
}
