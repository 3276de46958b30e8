/**
 * Checks of the controls on a screen, for the Chromium tests, beside screenChecks.ts's: that
 * controls can be told from what is around them (WCAG 1.4.11, non-text contrast 3:1 or more, as
 * painted), that a list's per-item actions stand in one column, and that Tab never puts focus
 * under a dialog's sticky bar (WCAG 2.4.11). Each returns the problems found, in words.
 */
import type { Locator, Page } from 'playwright-core';

/** What a control's contrast is measured against: the lowest WCAG 1.4.11 allows. */
const NON_TEXT = 3;

/**
 * Switch tracks, checkbox and radio borders, input borders and focus rings against the colours
 * around them, measured on a screenshot (native checkboxes are painted by Chromium, not CSS): the
 * page outside the control, 3 px from its edge, against the control's own edge (its track for a
 * switch, away from the knob), and the focus ring's colour against that same page. Only the open
 * dialog's controls when there is one; disabled controls are exempt, as WCAG says.
 */
export async function nonTextContrastProblems(page: Page): Promise<string[]> {
  const png = (await page.screenshot()).toString('base64');
  return page.evaluate(
    async ({ encoded, least }) => {
      const bytes = Uint8Array.from(atob(encoded), (character) => character.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      context.drawImage(bitmap, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const pixel = (x: number, y: number): number[] | undefined => {
        const px = Math.round(x);
        const py = Math.round(y);
        if (px < 0 || py < 0 || px >= width || py >= height) return undefined;
        const at = (py * width + px) * 4;
        return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
      };
      const luminance = (rgb: number[]) =>
        rgb
          .map((value) => value / 255)
          .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
          .reduce((sum, c, index) => sum + c * ([0.2126, 0.7152, 0.0722][index] ?? 0), 0);
      const ratio = (a: number[], b: number[]) => {
        const [x, y] = [luminance(a), luminance(b)];
        return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
      };
      // The canvas turns any CSS colour into sRGB bytes.
      const paint = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      const cssColour = (colour: string) => {
        paint.clearRect(0, 0, 1, 1);
        paint.fillStyle = colour;
        paint.fillRect(0, 0, 1, 1);
        return [...paint.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      /** The commonest colour on a ring `gap` px outside the box: the page around the control. */
      const around = (rect: DOMRect, gap: number): number[] | undefined => {
        const counts = new Map<string, number>();
        const add = (x: number, y: number) => {
          const found = pixel(x, y);
          if (found) counts.set(found.join(','), (counts.get(found.join(',')) ?? 0) + 1);
        };
        for (let x = rect.left - gap; x <= rect.right + gap; x++) {
          add(x, rect.top - gap);
          add(x, rect.bottom + gap);
        }
        for (let y = rect.top - gap; y <= rect.bottom + gap; y++) {
          add(rect.left - gap, y);
          add(rect.right + gap, y);
        }
        const commonest = [...counts].sort((a, b) => b[1] - a[1])[0];
        return commonest?.[0].split(',').map(Number);
      };
      /** The edge's colour that stands out most from the page: the control's boundary. */
      const edge = (rect: DOMRect, background: number[]): number => {
        let best = 1;
        for (let inset = 0; inset < 2; inset++) {
          const points: [number, number][] = [];
          for (let x = rect.left + 4; x <= rect.right - 4; x += 2)
            points.push([x, rect.top + inset], [x, rect.bottom - 1 - inset]);
          for (let y = rect.top + 4; y <= rect.bottom - 4; y += 2)
            points.push([rect.left + inset, y], [rect.right - 1 - inset, y]);
          for (const [x, y] of points) {
            const found = pixel(x, y);
            if (found) best = Math.max(best, ratio(found, background));
          }
        }
        return best;
      };
      const scope = document.querySelector('dialog[open]') ?? document.body;
      // Painted where it lies: not under a sticky bar, nor scrolled out of its pane's view.
      const painted = (element: Element) => {
        const owner = element.closest('label, .switch') ?? element;
        const rect = element.getBoundingClientRect();
        const points = [
          // The middle, and the middles of the top and bottom edges (inside rounded corners).
          [rect.left + rect.width / 2, rect.top + rect.height / 2],
          [rect.left + rect.width / 2, rect.top + 2],
          [rect.left + rect.width / 2, rect.bottom - 2],
        ];
        return points.every(([x, y]) => {
          const hit = document.elementFromPoint(x ?? 0, y ?? 0);
          return !!hit && (hit === owner || owner.contains(hit));
        });
      };
      const shown = (element: Element) => {
        const rect = element.getBoundingClientRect();
        return (
          painted(element) &&
          getComputedStyle(element).opacity !== '0' &&
          rect.width > 0 &&
          rect.height > 0 &&
          rect.top >= 4 &&
          rect.left >= 4 &&
          rect.bottom <= innerHeight - 4 &&
          rect.right <= innerWidth - 4 &&
          getComputedStyle(element).visibility !== 'hidden' &&
          !element.closest('[hidden], .visually-hidden, details:not([open]) > :not(summary)')
        );
      };
      const nameOf = (element: Element) => {
        const control = element.matches('input, select, textarea, button')
          ? element
          : element.querySelector('input');
        const label =
          control?.getAttribute('aria-label') ??
          (control as HTMLInputElement | null)?.labels?.[0]?.textContent ??
          control?.getAttribute('placeholder') ??
          element.textContent;
        return `${element.tagName.toLowerCase()} “${(label ?? '').trim().slice(0, 40)}”`;
      };
      const problems: string[] = [];
      const report = (what: string, element: Element, measured: number, against: number[]) => {
        if (measured < least)
          problems.push(
            `${what} of ${nameOf(element)} is ${measured.toFixed(2)}:1 against rgb(${against.join(', ')})`,
          );
      };

      for (const track of scope.querySelectorAll('.switch-track')) {
        const input = track.parentElement?.querySelector('input');
        if (!input || input.disabled || !shown(track)) continue;
        const rect = track.getBoundingClientRect();
        // Squeezed by its row to a circle, the track hides under its knob.
        if (rect.width < rect.height * 1.5)
          problems.push(
            `the switch of ${nameOf(track.parentElement ?? track)} is squeezed to ${Math.round(rect.width)}×${Math.round(rect.height)} px`,
          );
        const background = around(rect, 3);
        // The track where the knob is not: its right end when off, its left end when on.
        const sample = pixel(
          input.checked ? rect.left + 3 : rect.right - 3,
          rect.top + rect.height / 2,
        );
        if (background && sample)
          report(
            'the switch track',
            track.parentElement ?? track,
            ratio(sample, background),
            background,
          );
      }
      const boxes = scope.querySelectorAll<HTMLInputElement>(
        'input[type="checkbox"]:not([role="switch"]), input[type="radio"]',
      );
      for (const box of boxes) {
        if (box.disabled || !shown(box)) continue;
        const rect = box.getBoundingClientRect();
        const background = around(rect, 3);
        if (background) report('the border', box, edge(rect, background), background);
      }
      const fields = scope.querySelectorAll(
        'input:not([type="checkbox"]):not([type="radio"]):not([type="file"]):not([type="hidden"]), select, textarea',
      );
      for (const field of fields) {
        if ((field as HTMLInputElement).disabled || !shown(field)) continue;
        const rect = field.getBoundingClientRect();
        const background = around(rect, 3);
        if (background) report('the border', field, edge(rect, background), background);
      }

      // Focus rings: each kind of control focused as the keyboard would, its ring's colour read.
      const active = document.activeElement as HTMLElement | null;
      const focusable = scope.querySelectorAll<HTMLElement>(
        'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex="0"]',
      );
      const seen = new Set<string>();
      for (const control of focusable) {
        const ringed = control.matches('.switch input, .segment input')
          ? control.nextElementSibling
          : control;
        if (!ringed || !shown(ringed)) continue;
        const rect = ringed.getBoundingClientRect();
        const background = around(rect, 5);
        if (!background) continue;
        // One control of each kind on each background is enough: focusing is the slow part.
        const kind = `${control.tagName}.${control.className} ${ringed.className} on ${background.join(',')}`;
        if (seen.has(kind)) continue;
        seen.add(kind);
        control.focus({ preventScroll: true, focusVisible: true } as FocusOptions);
        const style = getComputedStyle(ringed);
        if (style.outlineStyle === 'none') continue;
        const colour = cssColour(style.outlineColor);
        report('the focus ring', control, ratio(colour, background), background);
      }
      active?.focus({ preventScroll: true });
      return problems;
    },
    { encoded: png, least: NON_TEXT },
  );
}

/**
 * Lists whose items each carry an action (a button or link after the item's words) with the
 * actions not in one column: neither their left nor their right edges line up. Lists of running
 * text (a reply's Markdown) are not forms and are left out.
 */
export async function actionColumnProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const scope = document.querySelector('dialog[open]') ?? document.body;
    for (const list of scope.querySelectorAll('ul, ol')) {
      if (list.closest('.markdown')) continue;
      const edges: { left: number; right: number }[] = [];
      for (const item of list.children) {
        if (item.tagName !== 'LI') continue;
        const controls = [...item.querySelectorAll('button, a[href]')].filter((control) => {
          const rect = control.getBoundingClientRect();
          return rect.width > 0 && rect.height > 0 && control.closest('li') === item;
        });
        const action = controls.at(-1);
        // An item that is itself the control (a row of the conversation list) has no action.
        if (!action || controls.length === 0) continue;
        const words = item.textContent?.replace(action.textContent ?? '', '').trim() ?? '';
        if (words === '') continue;
        const rect = action.getBoundingClientRect();
        edges.push({ left: rect.left, right: rect.right });
      }
      if (edges.length < 2) continue;
      const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
      const lefts = edges.map((edge) => edge.left);
      const rights = edges.map((edge) => edge.right);
      if (spread(lefts) > 1 && spread(rights) > 1) {
        const name =
          list.getAttribute('aria-label') ??
          list.closest('[aria-label]')?.getAttribute('aria-label') ??
          list.className;
        problems.push(
          `the actions of the list “${name}” start at ${lefts.map(Math.round).join(', ')} px`,
        );
      }
    }
    return problems;
  });
}

/**
 * Tabs through a dialog once round each way (Tab, then Shift+Tab), as a keyboard user would, and
 * reports each control that focus lands on while it or its focus ring lies under a sticky part
 * of the dialog (its bar of actions) or outside the dialog's scrolling body's view. Each walk
 * stops when focus comes back to where it began.
 */
export async function obscuredFocusProblems(dialog: Locator, limit = 80): Promise<string[]> {
  // Both ways round: Shift+Tab scrolls a control in from the top edge, Tab from the bottom.
  const forward = await focusWalkProblems(dialog, 'Tab', limit);
  const backward = await focusWalkProblems(dialog, 'Shift+Tab', limit);
  return [...new Set([...forward, ...backward])];
}

async function focusWalkProblems(
  dialog: Locator,
  key: 'Tab' | 'Shift+Tab',
  limit: number,
): Promise<string[]> {
  const page = dialog.page();
  const problems: string[] = [];
  let first: string | undefined;
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press(key);
    // Scrolling to the focused control is laid out by the next frame: wait for two.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const found = await dialog.evaluate((root) => {
      const focused = document.activeElement as HTMLElement | null;
      if (!focused || !root.contains(focused)) return { key: '', problem: 'focus left the dialog' };
      // A control drawn by the element after it (a switch, a segment) shows its focus there.
      const shownBox =
        focused.matches('.switch input') || getComputedStyle(focused).opacity === '0'
          ? (focused.nextElementSibling ?? focused)
          : focused;
      // The control with its focus ring, as painted: a ring cut at an edge is hidden too.
      const box = shownBox.getBoundingClientRect();
      const ringStyle = getComputedStyle(shownBox);
      const ring =
        ringStyle.outlineStyle === 'none'
          ? 0
          : Math.max(0, parseFloat(ringStyle.outlineWidth) + parseFloat(ringStyle.outlineOffset));
      const rect = new DOMRect(
        box.x - ring,
        box.y - ring,
        box.width + 2 * ring,
        box.height + 2 * ring,
      );
      const name = (
        focused.getAttribute('aria-label') ??
        (focused as HTMLInputElement).labels?.[0]?.textContent ??
        focused.textContent ??
        focused.tagName
      )
        .trim()
        .slice(0, 40);
      const key = `${name}@${[...root.querySelectorAll('*')].indexOf(focused)}`;
      for (const element of root.querySelectorAll('*')) {
        const position = getComputedStyle(element).position;
        if (position !== 'sticky' && position !== 'fixed') continue;
        if (element.contains(focused)) continue;
        const cover = element.getBoundingClientRect();
        const overlaps =
          rect.left < cover.right &&
          rect.right > cover.left &&
          rect.top < cover.bottom &&
          rect.bottom > cover.top;
        if (overlaps)
          return {
            key,
            problem: `“${name}” is under the sticky ${element.className || element.tagName} (${Math.round(rect.top)}–${Math.round(rect.bottom)} vs ${Math.round(cover.top)})`,
          };
      }
      for (
        let box = focused.parentElement;
        box && box !== root.parentElement;
        box = box.parentElement
      ) {
        const style = getComputedStyle(box);
        if (!/(auto|scroll|hidden)/.test(style.overflowY)) continue;
        const view = box.getBoundingClientRect();
        if (rect.top < view.top - 1 || rect.bottom > view.bottom + 1)
          return {
            key,
            problem: `“${name}” is outside its scrolling box's view (${Math.round(rect.top)}–${Math.round(rect.bottom)} vs ${box.className || box.tagName} ${Math.round(view.top)}–${Math.round(view.bottom)})`,
          };
      }
      return { key, problem: '' };
    });
    if (found.problem) problems.push(found.problem);
    if (first === undefined) first = found.key;
    else if (found.key === first) break;
  }
  return problems;
}
