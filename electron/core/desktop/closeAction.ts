/**
 * What closing the main window does. With a tray it hides there, where the icon brings it back;
 * without one a hidden window could never come back, so it minimises (Hearth keeps answering the
 * quick-chat shortcut and command) or quits, as Settings says.
 */
import type { Settings } from '../../../preload/contract';

export type CloseAction = 'close' | 'hide' | 'minimize' | 'quit';

export function closeAction(input: {
  /** The app is quitting: every window closes for real. */
  quitting: boolean;
  isMainWindow: boolean;
  tray: boolean;
  setting: Settings['desktop']['closeWithoutTray'];
}): CloseAction {
  if (input.quitting || !input.isMainWindow) return 'close';
  if (input.tray) return 'hide';
  return input.setting === 'quit' ? 'quit' : 'minimize';
}
