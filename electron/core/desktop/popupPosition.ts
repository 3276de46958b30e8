/**
 * Where the quick-chat popup opens: hanging off the tray icon, on the side of the taskbar or menu
 * bar that holds it, and wholly inside the work area of the screen the icon is on.
 *
 * Every position here is in DIPs (device-independent pixels), as Electron's `screen` module,
 * `Tray.getBounds()` and `BrowserWindow.setPosition()` all use one DIP space spanning every
 * display. A screen's `scaleFactor` only says how many physical pixels a DIP covers there; the
 * bounds Electron reports already account for it, so scaling again would put the popup in the
 * wrong place on a mixed-DPI layout. It is accepted as Electron gives it and otherwise unused.
 */
import type { Rectangle } from '../windowBounds';

/** What Electron's `screen.getAllDisplays()` gives for each display, as far as placement needs. */
export interface DisplayArea {
  bounds: Rectangle;
  /** The bounds less the taskbar, dock and menu bar: where windows may go. */
  workArea: Rectangle;
  /** Informative only: bounds are already in DIPs (see the file comment). */
  scaleFactor: number;
}

/** Everything the shell knows when the tray icon is clicked. */
export interface PopupPlacementInput {
  /** `Tray.getBounds()`; all zeros on Linux desktops that do not report it. */
  tray: Rectangle;
  popup: { width: number; height: number };
  /** `screen.getAllDisplays()` with the primary display first. */
  displays: DisplayArea[];
  platform: NodeJS.Platform;
  /** `screen.getCursorScreenPoint()`: where the click was when the tray bounds are unknown. */
  cursor?: { x: number; y: number };
}

export type TaskbarEdge = 'top' | 'bottom' | 'left' | 'right';

/** Space between the icon's bar and the popup, so the popup reads as belonging to the icon. */
export const POPUP_GAP = 4;

type Point = { x: number; y: number };

/** The top-left corner for the popup, in whole DIPs, since Electron rounds fractions unevenly. */
export function popupPosition(input: PopupPlacementInput): Point {
  const { popup, displays, platform } = input;
  const trayKnown = input.tray.width > 0 && input.tray.height > 0;
  const candidates: Rectangle[] = [];
  if (trayKnown) candidates.push(input.tray);
  if (input.cursor) candidates.push({ ...input.cursor, width: 0, height: 0 });

  let display: DisplayArea | undefined;
  let anchor: Rectangle | undefined;
  for (const candidate of candidates) {
    display = displays.find((each) => contains(each.bounds, centre(candidate)));
    if (display) {
      anchor = candidate;
      break;
    }
  }
  anchor ??= candidates[0];
  display ??= displays[0];
  if (!display) {
    // Electron always reports a display; without one there is nothing to clamp to.
    const point = anchor ? centre(anchor) : { x: 0, y: 0 };
    return { x: Math.round(point.x), y: Math.round(point.y) };
  }

  const { workArea } = display;
  const edge = taskbarEdge(display, anchor ? centre(anchor) : undefined, platform);
  // With nothing to hang from, use the end of the bar where tray icons usually sit.
  anchor ??= defaultAnchor(workArea, edge);
  const wanted = besideAnchor(anchor, workArea, popup, edge);
  return {
    x: clamp(Math.round(wanted.x), workArea.x, workArea.x + workArea.width - popup.width),
    y: clamp(Math.round(wanted.y), workArea.y, workArea.y + workArea.height - popup.height),
  };
}

/**
 * The edge of `display` that holds the tray: the reserved edge (bounds minus work area) nearest
 * the icon, or, when nothing is reserved (an auto-hiding taskbar), the screen edge nearest it.
 */
export function taskbarEdge(
  display: DisplayArea,
  point: Point | undefined,
  platform: NodeJS.Platform,
): TaskbarEdge {
  const { bounds, workArea } = display;
  const reserved: Record<TaskbarEdge, number> = {
    top: workArea.y - bounds.y,
    bottom: bounds.y + bounds.height - (workArea.y + workArea.height),
    left: workArea.x - bounds.x,
    right: bounds.x + bounds.width - (workArea.x + workArea.width),
  };
  // The platform's usual edge first, so ties and a missing point resolve the native way.
  const order = edgePreference(platform);
  const insetEdges = order.filter((edge) => reserved[edge] > 0);
  const choices = insetEdges.length > 0 ? insetEdges : order;
  if (!point) return choices[0] ?? 'bottom';
  const distance: Record<TaskbarEdge, number> = {
    top: Math.abs(point.y - bounds.y),
    bottom: Math.abs(bounds.y + bounds.height - point.y),
    left: Math.abs(point.x - bounds.x),
    right: Math.abs(bounds.x + bounds.width - point.x),
  };
  let best = choices[0] ?? 'bottom';
  for (const edge of choices) if (distance[edge] < distance[best]) best = edge;
  return best;
}

/** macOS has its menu bar on top, as do GNOME-style Linux panels; Windows puts the taskbar below. */
function edgePreference(platform: NodeJS.Platform): TaskbarEdge[] {
  return platform === 'win32'
    ? ['bottom', 'top', 'right', 'left']
    : ['top', 'bottom', 'right', 'left'];
}

/** The far end of the bar on `edge`: where the notification area or status menus live. */
function defaultAnchor(workArea: Rectangle, edge: TaskbarEdge): Rectangle {
  const right = workArea.x + workArea.width;
  const bottom = workArea.y + workArea.height;
  const corner: Record<TaskbarEdge, Point> = {
    top: { x: right, y: workArea.y },
    bottom: { x: right, y: bottom },
    left: { x: workArea.x, y: bottom },
    right: { x: right, y: bottom },
  };
  return { ...corner[edge], width: 0, height: 0 };
}

/** Next to the anchor on the work-area side of `edge`, centred on the anchor along the bar. */
function besideAnchor(
  anchor: Rectangle,
  workArea: Rectangle,
  popup: { width: number; height: number },
  edge: TaskbarEdge,
): Point {
  const middle = centre(anchor);
  // A point inside the bar (a cursor) hangs from where the bar meets the work area.
  switch (edge) {
    case 'top':
      return {
        x: middle.x - popup.width / 2,
        y: Math.max(anchor.y + anchor.height, workArea.y) + POPUP_GAP,
      };
    case 'bottom':
      return {
        x: middle.x - popup.width / 2,
        y: Math.min(anchor.y, workArea.y + workArea.height) - POPUP_GAP - popup.height,
      };
    case 'left':
      return {
        x: Math.max(anchor.x + anchor.width, workArea.x) + POPUP_GAP,
        y: middle.y - popup.height / 2,
      };
    case 'right':
      return {
        x: Math.min(anchor.x, workArea.x + workArea.width) - POPUP_GAP - popup.width,
        y: middle.y - popup.height / 2,
      };
  }
}

function centre(rectangle: Rectangle): Point {
  return { x: rectangle.x + rectangle.width / 2, y: rectangle.y + rectangle.height / 2 };
}

/** Half-open, so a point on the seam between two side-by-side displays belongs to one of them. */
function contains(rectangle: Rectangle, point: Point): boolean {
  return (
    point.x >= rectangle.x &&
    point.x < rectangle.x + rectangle.width &&
    point.y >= rectangle.y &&
    point.y < rectangle.y + rectangle.height
  );
}

/** Keeps the start edge on screen when the popup is larger than the work area. */
function clamp(value: number, low: number, high: number): number {
  return Math.max(Math.ceil(low), Math.min(value, Math.floor(high)));
}
