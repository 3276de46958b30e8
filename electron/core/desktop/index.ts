/**
 * The desktop integration's logic in one import: tray menu and tray host, popup placement, the
 * global shortcut, closing the window, the login item. Plain Node, no Electron.
 */
export {
  POPUP_GAP,
  popupPosition,
  taskbarEdge,
  type DisplayArea,
  type PopupPlacementInput,
  type TaskbarEdge,
} from './popupPosition';
export {
  APP_NAME,
  trayIconState,
  trayMenuModel,
  trayTooltip,
  type TrayItem,
  type TrayMenuInput,
  type WaitingQuestions,
} from './trayMenu';
export {
  DEFAULT_QUICK_CHAT_SHORTCUT,
  MAX_ACCELERATOR_LENGTH,
  acceleratorProblem,
  registerShortcut,
  type ShortcutRegistrar,
  type ShortcutResult,
} from './shortcut';
export {
  STATUS_NOTIFIER_WATCHER,
  findTrayHost,
  findTrayHostSync,
  hasTray,
  sessionBusAddress,
  type ProgramRunner,
  type SyncProgramRunner,
  type TrayHostAnswer,
} from './trayHost';
export { closeAction, type CloseAction } from './closeAction';
export { createDesktopStatus, NO_DESKTOP, type DesktopStatusHolder } from './desktopStatus';
export { createDesktopEffects, type DesktopHost } from './desktopEffects';
export { isWaylandSession, shortcutStatus } from './shortcutStatus';
export { DESKTOP_ID, commandLine, execValue, launchCommand, readEntryKeys } from './desktopEntry';
export {
  autostartExec,
  autostartFile,
  readAutostart,
  writeAutostart,
  type AutostartEntry,
  type AutostartPlace,
} from './autostart';
export { keepLoginItem, type LoginItemBackend } from './loginItem';
export { appImageEntryFile, ensureAppImageEntry } from './appImageEntry';
