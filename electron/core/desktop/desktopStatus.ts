/**
 * What the desktop app can promise on this desktop (a tray to close into, a global shortcut that
 * reaches Hearth), kept by the core so Settings can ask for it and hear when it changes. The
 * shell sets it; the browser host never does, so it answers that nothing is promised.
 */
import type { DesktopStatus } from '../../../preload/contract';

export const NO_DESKTOP: DesktopStatus = { tray: false, shortcut: 'none', quickChatCommand: '' };

export interface DesktopStatusHolder {
  get(): DesktopStatus;
  /** Changes what is given; tells the windows only when something changed. */
  set(patch: Partial<DesktopStatus>): void;
}

export function createDesktopStatus(
  onChange: (status: DesktopStatus) => void,
): DesktopStatusHolder {
  let status: DesktopStatus = NO_DESKTOP;
  return {
    get: () => status,
    set(patch) {
      const next = { ...status, ...patch };
      if (
        next.tray === status.tray &&
        next.shortcut === status.shortcut &&
        next.quickChatCommand === status.quickChatCommand
      )
        return;
      status = next;
      onChange(status);
    },
  };
}
