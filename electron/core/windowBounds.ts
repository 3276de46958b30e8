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
    const screen = screenShowingMost(bounds, workAreas);
    if (screen) return { bounds: fitWithin(bounds, screen), maximized };
  }
  return { bounds: centred(fitSize(preferred, primary), primary), maximized: false };
}

/** The screen showing most of the window, provided enough of it shows to grab it. */
function screenShowingMost(window: Rectangle, screens: Rectangle[]): Rectangle | undefined {
  let best: { screen: Rectangle; shown: number } | undefined;
  for (const screen of screens) {
    const width =
      Math.min(window.x + window.width, screen.x + screen.width) - Math.max(window.x, screen.x);
    const height =
      Math.min(window.y + window.height, screen.y + screen.height) - Math.max(window.y, screen.y);
    if (width < MIN_VISIBLE.width || height < MIN_VISIBLE.height) continue;
    if (!best || width * height > best.shown) best = { screen, shown: width * height };
  }
  return best?.screen;
}

function fitSize(size: { width: number; height: number }, area: Rectangle) {
  return { width: Math.min(size.width, area.width), height: Math.min(size.height, area.height) };
}

/** Moves (and if need be shrinks) the window so all of it is on `screen`. */
function fitWithin(window: Rectangle, screen: Rectangle): Rectangle {
  const { width, height } = fitSize(window, screen);
  const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);
  return {
    x: clamp(window.x, screen.x, screen.x + screen.width - width),
    y: clamp(window.y, screen.y, screen.y + screen.height - height),
    width,
    height,
  };
}

function centred(size: { width: number; height: number }, area: Rectangle): Rectangle {
  return {
    x: Math.round(area.x + (area.width - size.width) / 2),
    y: Math.round(area.y + (area.height - size.height) / 2),
    ...size,
  };
}
