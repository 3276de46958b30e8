/** The desktop integration's pure logic (tray, popup placement, global shortcut) in one import. */
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
