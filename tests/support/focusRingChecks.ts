/**
 * Whether a control's focus ring can be seen whole: the control is focused from the keyboard
 * (Tab onto it, so `:focus-visible` applies), and its outline (width plus offset around the
 * border box) is compared with every ancestor that clips what overflows it, and the window.
 * Returns the problems in words, empty when the ring is whole.
 */
import type { Locator, Page } from 'playwright-core';

export async function clippedFocusRing(page: Page, control: Locator): Promise<string[]> {
  await control.focus();
  // Leave and come back by the keyboard, so the browser shows the ring as a Tab user sees it.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  return (await control.evaluate((element) => {
    if (document.activeElement !== element) return ['the control did not take focus from Tab'];
    const style = getComputedStyle(element);
    if (style.outlineStyle === 'none') return ['the control shows no focus ring'];
    const reach = parseFloat(style.outlineWidth) + Math.max(0, parseFloat(style.outlineOffset));
    const box = element.getBoundingClientRect();
    const ring = {
      left: box.left - reach,
      right: box.right + reach,
      top: box.top - reach,
      bottom: box.bottom + reach,
    };
    const name = (element.getAttribute('aria-label') || element.textContent || '').trim();
    const problems: string[] = [];
    const check = (
      what: string,
      clip: { left: number; right: number; top: number; bottom: number },
    ) => {
      for (const side of ['left', 'top'] as const)
        if (ring[side] < clip[side] - 0.5)
          problems.push(
            `"${name}" focus ring cut at its ${side} by ${what} (${(clip[side] - ring[side]).toFixed(1)} px)`,
          );
      for (const side of ['right', 'bottom'] as const)
        if (ring[side] > clip[side] + 0.5)
          problems.push(
            `"${name}" focus ring cut at its ${side} by ${what} (${(ring[side] - clip[side]).toFixed(1)} px)`,
          );
    };
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      // A modal dialog is in the top layer: the boxes around it in the page clip nothing of it.
      if (parent.matches('dialog:modal')) break;
      const overflow = getComputedStyle(parent);
      if (overflow.overflowX === 'visible' && overflow.overflowY === 'visible') continue;
      const outer = parent.getBoundingClientRect();
      // The padding box: what a scrolling or clipping box shows of its content.
      const left = outer.left + parent.clientLeft;
      const top = outer.top + parent.clientTop;
      check(`.${[...parent.classList].join('.') || parent.tagName.toLowerCase()}`, {
        left,
        top,
        right: left + parent.clientWidth,
        bottom: top + parent.clientHeight,
      });
    }
    check('the window', { left: 0, top: 0, right: innerWidth, bottom: innerHeight });
    return problems;
  })) as string[];
}
