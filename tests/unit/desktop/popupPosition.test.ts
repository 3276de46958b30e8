import { describe, expect, it } from 'vitest';
import {
  POPUP_GAP,
  popupPosition,
  type DisplayArea,
  type PopupPlacementInput,
} from '../../../electron/core/desktop';

const POPUP = { width: 360, height: 480 };
const NO_TRAY = { x: 0, y: 0, width: 0, height: 0 };

/** A MacBook screen: a 25 DIP menu bar on top and the dock hidden. */
const MAC: DisplayArea = {
  bounds: { x: 0, y: 0, width: 1440, height: 900 },
  workArea: { x: 0, y: 25, width: 1440, height: 875 },
  scaleFactor: 2,
};
/** A 1080p Windows screen with the usual 40 DIP taskbar along the bottom. */
const WINDOWS: DisplayArea = {
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
  scaleFactor: 1,
};

function place(overrides: Partial<PopupPlacementInput>) {
  return popupPosition({
    tray: NO_TRAY,
    popup: POPUP,
    displays: [WINDOWS],
    platform: 'win32',
    ...overrides,
  });
}

describe('popupPosition on one display', () => {
  it('hangs below a macOS menu bar icon, centred on it', () => {
    const tray = { x: 1200, y: 0, width: 24, height: 25 };
    expect(place({ tray, displays: [MAC], platform: 'darwin' })).toEqual({
      x: 1212 - 180,
      y: 25 + POPUP_GAP,
    });
  });

  it('keeps to the menu bar on macOS when the dock also takes space at the bottom', () => {
    const withDock: DisplayArea = { ...MAC, workArea: { x: 0, y: 25, width: 1440, height: 800 } };
    const tray = { x: 1200, y: 0, width: 24, height: 25 };
    expect(place({ tray, displays: [withDock], platform: 'darwin' })).toEqual({ x: 1032, y: 29 });
  });

  it('sits above a Windows taskbar icon at the bottom, centred on it', () => {
    const tray = { x: 1700, y: 1044, width: 32, height: 32 };
    expect(place({ tray })).toEqual({ x: 1716 - 180, y: 1040 - POPUP_GAP - 480 });
  });

  it('opens to the right of a taskbar on the left edge, centred vertically on the icon', () => {
    const display: DisplayArea = {
      ...WINDOWS,
      workArea: { x: 60, y: 0, width: 1860, height: 1080 },
    };
    const tray = { x: 14, y: 500, width: 32, height: 32 };
    expect(place({ tray, displays: [display] })).toEqual({ x: 60 + POPUP_GAP, y: 516 - 240 });
  });

  it('opens to the left of a taskbar on the right edge, centred vertically on the icon', () => {
    const display: DisplayArea = {
      ...WINDOWS,
      workArea: { x: 0, y: 0, width: 1860, height: 1080 },
    };
    const tray = { x: 1874, y: 500, width: 32, height: 32 };
    expect(place({ tray, displays: [display] })).toEqual({
      x: 1860 - POPUP_GAP - 360,
      y: 516 - 240,
    });
  });

  it('slides left to stay on screen when the icon is in the bottom-right corner', () => {
    const tray = { x: 1890, y: 1044, width: 30, height: 32 };
    expect(place({ tray })).toEqual({ x: 1920 - 360, y: 556 });
  });

  it('slides down to stay on screen when a right-hand taskbar icon is at the very top', () => {
    const display: DisplayArea = {
      ...WINDOWS,
      workArea: { x: 0, y: 0, width: 1860, height: 1080 },
    };
    const tray = { x: 1874, y: 4, width: 32, height: 32 };
    expect(place({ tray, displays: [display] })).toEqual({ x: 1496, y: 0 });
  });

  it('keeps the top-left corner in the work area when the popup is bigger than the screen', () => {
    const tray = { x: 1700, y: 1044, width: 32, height: 32 };
    expect(place({ tray, popup: { width: 2400, height: 1200 } })).toEqual({ x: 0, y: 0 });
  });

  it('gives whole DIPs when the icon has fractional bounds', () => {
    const tray = { x: 1200.4, y: 0, width: 22.4, height: 24.8 };
    const position = place({
      tray,
      displays: [MAC],
      platform: 'darwin',
      popup: { width: 361, height: 480 },
    });
    expect(position).toEqual({ x: Math.round(1211.6 - 180.5), y: 29 });
    expect(Number.isInteger(position.x) && Number.isInteger(position.y)).toBe(true);
  });
});

describe('popupPosition when the tray bounds are unknown', () => {
  /** A GNOME desktop: a 27 DIP top bar, and `Tray.getBounds()` answers all zeros. */
  const GNOME: DisplayArea = {
    bounds: { x: 0, y: 0, width: 1920, height: 1080 },
    workArea: { x: 0, y: 27, width: 1920, height: 1053 },
    scaleFactor: 1,
  };

  it('hangs from the top bar under the cursor that clicked the icon', () => {
    expect(place({ displays: [GNOME], platform: 'linux', cursor: { x: 1000, y: 12 } })).toEqual({
      x: 820,
      y: 27 + POPUP_GAP,
    });
  });

  it('uses the display under the cursor, not the primary one', () => {
    const right: DisplayArea = {
      bounds: { x: 1920, y: 0, width: 1920, height: 1080 },
      workArea: { x: 1920, y: 0, width: 1920, height: 1040 },
      scaleFactor: 1,
    };
    expect(
      place({ displays: [GNOME, right], platform: 'linux', cursor: { x: 3000, y: 1060 } }),
    ).toEqual({
      x: 2820,
      y: 1040 - POPUP_GAP - 480,
    });
  });

  it('falls back to the tray corner of the primary display with no cursor either', () => {
    expect(place({})).toEqual({ x: 1920 - 360, y: 1040 - POPUP_GAP - 480 });
  });
});

describe('popupPosition across several displays', () => {
  /** The primary 1080p screen with a second one to its left and higher, at negative x and y. */
  const LEFT: DisplayArea = {
    bounds: { x: -1280, y: -200, width: 1280, height: 1024 },
    workArea: { x: -1280, y: -200, width: 1280, height: 984 },
    scaleFactor: 1,
  };

  it('places the popup on a display at negative coordinates when the icon is there', () => {
    const tray = { x: -300, y: 788, width: 32, height: 32 };
    expect(place({ tray, displays: [WINDOWS, LEFT] })).toEqual({
      x: -464,
      y: 784 - POPUP_GAP - 480,
    });
  });

  it('clamps to the work area of the display that holds the icon, not the primary one', () => {
    const tray = { x: -20, y: 788, width: 16, height: 32 };
    expect(place({ tray, displays: [WINDOWS, LEFT] })).toEqual({ x: -360, y: 300 });
  });

  it('places in DIPs on a scale-2 display among three, without scaling the position', () => {
    const above: DisplayArea = {
      bounds: { x: -1920, y: -1080, width: 1920, height: 1080 },
      workArea: { x: -1920, y: -1055, width: 1920, height: 1055 },
      scaleFactor: 1,
    };
    const retina: DisplayArea = {
      bounds: { x: 1440, y: 0, width: 1280, height: 800 },
      workArea: { x: 1440, y: 25, width: 1280, height: 775 },
      scaleFactor: 2,
    };
    const displays = [{ ...MAC, scaleFactor: 1 }, above, retina];
    const onRetina = { x: 2000, y: 0, width: 24, height: 25 };
    const onAbove = { x: -600, y: -1080, width: 24, height: 25 };
    expect(place({ tray: onRetina, displays, platform: 'darwin' })).toEqual({ x: 1832, y: 29 });
    expect(place({ tray: onAbove, displays, platform: 'darwin' })).toEqual({ x: -768, y: -1051 });
  });

  it('counts a point on the seam between two displays as on the one to the right', () => {
    const right: DisplayArea = {
      bounds: { x: 1920, y: 0, width: 1920, height: 1080 },
      workArea: { x: 1920, y: 0, width: 1920, height: 1040 },
      scaleFactor: 1,
    };
    expect(place({ displays: [WINDOWS, right], cursor: { x: 1920, y: 1060 } })).toEqual({
      x: 1920,
      y: 556,
    });
  });

  it('falls back to the primary display when the icon is on no display', () => {
    const tray = { x: 5000, y: 5000, width: 32, height: 32 };
    expect(place({ tray, displays: [WINDOWS, LEFT] })).toEqual({ x: 1560, y: 556 });
  });
});

describe('popupPosition when the work area equals the bounds', () => {
  const WHOLE: DisplayArea = {
    bounds: { x: 0, y: 0, width: 1920, height: 1080 },
    workArea: { x: 0, y: 0, width: 1920, height: 1080 },
    scaleFactor: 1.25,
  };

  it('goes above an icon nearest the bottom edge (an auto-hiding taskbar)', () => {
    const tray = { x: 1700, y: 1048, width: 32, height: 32 };
    expect(place({ tray, displays: [WHOLE] })).toEqual({ x: 1536, y: 1048 - POPUP_GAP - 480 });
  });

  it('goes below an icon nearest the top edge', () => {
    const tray = { x: 900, y: 0, width: 24, height: 24 };
    expect(place({ tray, displays: [WHOLE], platform: 'linux' })).toEqual({ x: 732, y: 28 });
  });

  it('goes beside an icon nearest the left edge', () => {
    const tray = { x: 0, y: 500, width: 32, height: 32 };
    expect(place({ tray, displays: [WHOLE] })).toEqual({ x: 32 + POPUP_GAP, y: 276 });
  });
});
