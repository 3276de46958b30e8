import { describe, expect, it } from 'vitest';
import {
  MIN_VISIBLE,
  restoreWindowState,
  type Rectangle,
} from '../../../electron/core/windowBounds';

const PRIMARY: Rectangle = { x: 0, y: 0, width: 1920, height: 1040 };
/** A second monitor to the left of the primary one. */
const LEFT: Rectangle = { x: -1280, y: 0, width: 1280, height: 984 };
const PREFERRED = { width: 1200, height: 800 };
const CENTRED = { x: 360, y: 120, width: 1200, height: 800 };

function saved(bounds: Rectangle, maximized = false) {
  return { bounds, maximized };
}

describe('restoreWindowState', () => {
  it('keeps saved bounds that lie on the primary screen', () => {
    const bounds = { x: 100, y: 50, width: 1000, height: 700 };
    expect(restoreWindowState(saved(bounds), [PRIMARY, LEFT], PREFERRED)).toEqual({
      bounds,
      maximized: false,
    });
  });

  it('keeps saved bounds on a secondary screen at negative x', () => {
    const bounds = { x: -1200, y: 40, width: 900, height: 600 };
    expect(restoreWindowState(saved(bounds), [PRIMARY, LEFT], PREFERRED).bounds).toEqual(bounds);
  });

  it('centres the window on the primary screen when its screen was unplugged', () => {
    const onLeft = saved({ x: -1200, y: 40, width: 900, height: 600 }, true);
    expect(restoreWindowState(onLeft, [PRIMARY], PREFERRED)).toEqual({
      bounds: CENTRED,
      maximized: false,
    });
  });

  it('centres the window when too little of it would remain visible to grab', () => {
    const sliver = {
      x: PRIMARY.width - MIN_VISIBLE.width + 1,
      y: 100,
      width: 800,
      height: 600,
    };
    expect(restoreWindowState(saved(sliver), [PRIMARY], PREFERRED).bounds).toEqual(CENTRED);
    const grabbable = { ...sliver, x: PRIMARY.width - MIN_VISIBLE.width };
    // Enough shows to count as on this screen, so it comes back whole onto it.
    expect(restoreWindowState(saved(grabbable), [PRIMARY], PREFERRED).bounds).toEqual({
      ...grabbable,
      x: PRIMARY.x + PRIMARY.width - grabbable.width,
    });
  });

  it('puts a window spanning two screens wholly on the one that shows most of it', () => {
    // 300 px on the left screen, 700 px on the primary one.
    const spanning = { x: -300, y: 100, width: 1000, height: 600 };
    expect(restoreWindowState(saved(spanning), [LEFT, PRIMARY], PREFERRED).bounds).toEqual({
      ...spanning,
      x: 0,
    });
    const mostlyLeft = { x: -700, y: 100, width: 1000, height: 600 };
    expect(restoreWindowState(saved(mostlyLeft), [PRIMARY, LEFT], PREFERRED).bounds).toEqual({
      ...mostlyLeft,
      x: -1000,
    });
  });

  it('shrinks an oversized window to the screen it lands on', () => {
    const huge = { x: 0, y: 0, width: 4000, height: 3000 };
    expect(restoreWindowState(saved(huge), [PRIMARY], PREFERRED).bounds).toEqual(PRIMARY);
    // Overlaps the primary screen by less than MIN_VISIBLE, so it lands on the left one.
    const onLeft = { x: -1280, y: 0, width: 1280 + MIN_VISIBLE.width - 1, height: 1000 };
    expect(restoreWindowState(saved(onLeft), [PRIMARY, LEFT], PREFERRED).bounds).toEqual({
      x: -1280,
      y: 0,
      width: 1280,
      height: 984,
    });
  });

  it('moves a window whose title bar is above the top edge down onto the screen', () => {
    const high = { x: 200, y: -300, width: 800, height: 600 };
    expect(restoreWindowState(saved(high), [PRIMARY], PREFERRED).bounds).toEqual({
      ...high,
      y: 0,
    });
  });

  it('keeps the maximized flag of a valid saved state', () => {
    const bounds = { x: 10, y: 10, width: 800, height: 600 };
    expect(restoreWindowState(saved(bounds, true), [PRIMARY], PREFERRED).maximized).toBe(true);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', '{"bounds":{"x":0,"y":0,"width":800,"height":600},"maximized":false}'],
    ['a number', 42],
    ['an empty object', {}],
    ['missing maximized', { bounds: { x: 0, y: 0, width: 800, height: 600 } }],
    ['missing height', { bounds: { x: 0, y: 0, width: 800 }, maximized: true }],
    ['a negative width', saved({ x: 0, y: 0, width: -800, height: 600 }, true)],
    ['a zero height', saved({ x: 0, y: 0, width: 800, height: 0 })],
    ['fractional coordinates', saved({ x: 0.5, y: 0, width: 800, height: 600 })],
    ['NaN', saved({ x: Number.NaN, y: 0, width: 800, height: 600 })],
    ['strings for numbers', { bounds: { x: '0', y: '0', width: '800', height: '600' } }],
    [
      'a string maximized flag',
      { ...saved({ x: 0, y: 0, width: 800, height: 600 }), maximized: 'yes' },
    ],
  ])('falls back to the centred default for %s', (_label, input) => {
    expect(restoreWindowState(input, [PRIMARY, LEFT], PREFERRED)).toEqual({
      bounds: CENTRED,
      maximized: false,
    });
  });

  it('fits the default size to a primary screen smaller than the preferred size', () => {
    const small: Rectangle = { x: 0, y: 0, width: 1024, height: 600 };
    expect(restoreWindowState(null, [small], PREFERRED).bounds).toEqual(small);
  });

  it('centres within a primary screen that does not start at the origin', () => {
    const offset: Rectangle = { x: 1920, y: 40, width: 1600, height: 1000 };
    expect(restoreWindowState(null, [offset], PREFERRED).bounds).toEqual({
      x: 2120,
      y: 140,
      width: 1200,
      height: 800,
    });
  });

  it('uses the preferred size at the origin when no screen is known', () => {
    expect(restoreWindowState(null, [], PREFERRED)).toEqual({
      bounds: { x: 0, y: 0, ...PREFERRED },
      maximized: false,
    });
  });
});
