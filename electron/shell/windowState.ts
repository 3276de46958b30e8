/**
 * Remembers the main window's size, position and maximized state in `window-state.json`, and
 * puts the window back there on the next launch (see core/windowBounds for screen changes).
 */
import Conf from 'conf';
import { screen, type BrowserWindow } from 'electron';
import { restoreWindowState, type WindowState } from '../core/windowBounds';

/** Saving on every pixel of a drag would write the file hundreds of times a second. */
const SAVE_DELAY_MS = 400;

export interface RememberedWindow {
  state: WindowState;
  /** Saves the window's state as it changes, and once more when it closes. */
  track(window: BrowserWindow): void;
}

export function rememberWindow(
  dataDir: string,
  preferred: { width: number; height: number },
): RememberedWindow {
  // The window's place is not user data: a damaged file is simply replaced.
  const store = new Conf<Partial<WindowState>>({
    cwd: dataDir,
    configName: 'window-state',
    clearInvalidConfig: true,
  });
  const primary = screen.getPrimaryDisplay();
  const others = screen.getAllDisplays().filter((display) => display.id !== primary.id);
  const workAreas = [primary.workArea, ...others.map((display) => display.workArea)];
  return {
    state: restoreWindowState(store.store, workAreas, preferred),
    track(window) {
      let timer: NodeJS.Timeout | undefined;
      const save = () => {
        clearTimeout(timer);
        if (window.isDestroyed()) return;
        store.set({ bounds: window.getNormalBounds(), maximized: window.isMaximized() });
      };
      const later = () => {
        clearTimeout(timer);
        timer = setTimeout(save, SAVE_DELAY_MS);
      };
      for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const)
        window.on(event as 'resize', later);
      window.on('close', save);
    },
  };
}
