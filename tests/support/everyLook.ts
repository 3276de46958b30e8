/**
 * A screen as every user may see it: at each window size and in both themes, a screenshot (and
 * its accessibility tree) to look at, and what the layout, axe and focus checks find there.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SCREENS, SIZES, THEMES } from './browserSession';
import { obscuredFocusProblems } from './controlChecks';
import { accessibilityProblems, layoutProblems } from './screenChecks';

/** The tray popup's window. */
export const POPUP_SIZE = { width: 380, height: 560 } as const;

export interface Look {
  /** The sizes to show it at (the main window's two unless said). */
  sizes?: readonly { width: number; height: number }[];
  /** Brings the thing looked at into view, at each size. */
  inView?(): Promise<void>;
  /** Focuses the thing looked at and says what clips its ring: first, so the shot shows it. */
  focus?(): Promise<string[]>;
  /** A dialog whose focused control must stay clear of its sticky header and footer. */
  dialog?: Locator;
}

/**
 * Shots named `<name>-<width>x<height>-<theme>` in test-results/screens, and every problem found,
 * each headed by its size and theme. Leaves the page light, at the first size.
 */
export async function everyLook(page: Page, name: string, look: Look = {}): Promise<string[]> {
  const sizes = look.sizes ?? SIZES;
  const problems: string[] = [];
  for (const { width, height } of sizes) {
    await page.setViewportSize({ width, height });
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await look.inView?.();
      const ring = (await look.focus?.()) ?? [];
      const shot = join(SCREENS, `${name}-${width}x${height}-${theme}`);
      await page.screenshot({ path: `${shot}.png` });
      writeFileSync(`${shot}.aria.txt`, await page.locator('body').ariaSnapshot());
      const found = [
        ...ring,
        ...(await layoutProblems(page)),
        ...(await accessibilityProblems(page)),
        ...(look.dialog ? await obscuredFocusProblems(look.dialog) : []),
      ];
      problems.push(...found.map((problem) => `${width}x${height} ${theme}: ${problem}`));
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  const [first] = sizes;
  if (first) await page.setViewportSize({ width: first.width, height: first.height });
  return problems;
}
