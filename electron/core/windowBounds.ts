/**
 * Where a window reopens: where the user left it, unless that place is no longer on any screen
 * (a monitor unplugged, a resolution changed), in which case it is centred on the primary screen.
 */
import { z } from 'zod';

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const windowStateSchema = z.object({
  bounds: z.object({
    x: z.int(),
    y: z.int(),
    width: z.int().positive(),
    height: z.int().positive(),
  }),
  maximized: z.boolean(),
});
export type WindowState = z.output<typeof windowStateSchema>;

/** How much of a window must stay on a screen to count as visible: enough to grab and drag it. */
export const MIN_VISIBLE = { width: 120, height: 60 };

/**
 * The bounds to open with. `workAreas[0]` is the primary screen. Sizes never exceed the screen
 * the window lands on.
 */
export function restoreWindowState(
  saved: unknown,
  workAreas: Rectangle[],
  preferred: { width: number; height: number },
): WindowState {
  const primary = workAreas[0] ?? { x: 0, y: 0, ...preferred };
  const parsed = windowStateSchema.safeParse(saved);
  if (parsed.success) {
    const { bounds, maximized } = parsed.data;
    const screen = workAreas.find((area) => visibleOverlap(bounds, area));
    if (screen) return { bounds: fitWithin(bounds, screen), maximized };
  }
  return { bounds: centred(fitSize(preferred, primary), primary), maximized: false };
}

function visibleOverlap(window: Rectangle, area: Rectangle): boolean {
  const width = Math.min(window.x + window.width, area.x + area.width) - Math.max(window.x, area.x);
  const height =
    Math.min(window.y + window.height, area.y + area.height) - Math.max(window.y, area.y);
  return width >= MIN_VISIBLE.width && height >= MIN_VISIBLE.height;
}

function fitSize(size: { width: number; height: number }, area: Rectangle) {
  return { width: Math.min(size.width, area.width), height: Math.min(size.height, area.height) };
}

function fitWithin(window: Rectangle, area: Rectangle): Rectangle {
  const { width, height } = fitSize(window, area);
  // Keep the title bar reachable: never above the screen's top edge.
  const y = Math.max(window.y, area.y);
  return { x: window.x, y, width, height };
}

function centred(size: { width: number; height: number }, area: Rectangle): Rectangle {
  return {
    x: Math.round(area.x + (area.width - size.width) / 2),
    y: Math.round(area.y + (area.height - size.height) / 2),
    ...size,
  };
}
