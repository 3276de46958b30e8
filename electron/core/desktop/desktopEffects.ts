/**
 * What only a desktop host can do for a page, from the host's own pickers and windows: each
 * says `supported: false` (or false) where the host has none, as the browser host does not.
 */
import type { EventHub } from '../bridge/events';

export interface DesktopHost {
  /** The system folder picker; absent in the browser host. */
  chooseFolder?: (title: string) => Promise<string | undefined>;
  /** Brings the main window forward; absent in the browser host. */
  showMainWindow?: () => void;
}

export function createDesktopEffects(host: DesktopHost, events: EventHub) {
  return {
    async chooseFolder(title: string): Promise<{ supported: boolean; path?: string }> {
      if (!host.chooseFolder) return { supported: false };
      const path = await host.chooseFolder(title);
      return path === undefined ? { supported: true } : { supported: true, path };
    },
    showMainWindow(view?: 'servers' | 'settings' | 'about'): boolean {
      if (!host.showMainWindow) return false;
      host.showMainWindow();
      // The main window's page follows the menus' navigation event to the view asked for.
      if (view) events.emit('app:navigate', { view });
      return true;
    },
  };
}
