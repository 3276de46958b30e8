/**
 * Checks that look at a screen as a person meets it, for the Chromium tests: accessibility with
 * axe-core (serious and critical findings, colour contrast included), and the layout rules of a
 * desktop app's window: the document itself never scrolls, even after every pane is scrolled
 * with the wheel; nothing interactive lies beyond the window's edges; no heading is cut down to a
 * few letters. Each returns the problems found, in words, so a failure says what to fix.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Serious and critical WCAG 2.1 A/AA findings on the page as it is now. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // Through the DevTools protocol, which the page's CSP does not govern (no inline script runs).
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(axeSource);
  const violations = (await page.evaluate(`window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    resultTypes: ['violations'],
  }).then((result) => result.violations.map((violation) => ({
    id: violation.id, impact: violation.impact, help: violation.help,
    nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ') + ': ' + (node.failureSummary || '').split('\\n').slice(0, 2).join(' ')),
  })))`)) as { id: string; impact: string; help: string; nodes: string[] }[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.join(' | ')}`,
    );
}

/** The document scrolling, controls past the window's edges, headings cut short. */
export async function layoutProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  // Every scrollable pane, scrolled to its end by the wheel as a person would.
  const panes = (await page.evaluate(`(() => {
    const found = [];
    for (const element of document.querySelectorAll('body *')) {
      const style = getComputedStyle(element);
      if (!/(auto|scroll)/.test(style.overflowY) || element.scrollHeight <= element.clientHeight + 1) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width < 20 || rect.height < 20) continue;
      found.push({ x: rect.left + rect.width / 2, y: rect.top + Math.min(rect.height / 2, 40) });
    }
    return found;
  })()`)) as { x: number; y: number }[];
  for (const pane of panes) {
    await page.mouse.move(pane.x, pane.y);
    for (let turn = 0; turn < 4; turn++) await page.mouse.wheel(0, 4_000);
  }
  if (panes.length > 0) await page.waitForTimeout(100);
  problems.push(
    ...((await page.evaluate(`(() => {
      const problems = [];
      const root = document.scrollingElement;
      if (root.scrollTop > 0 || root.scrollLeft > 0)
        problems.push('the document scrolled (' + root.scrollLeft + ', ' + root.scrollTop + ')');
      if (root.scrollHeight > innerHeight + 1 || root.scrollWidth > innerWidth + 1)
        problems.push('the document is larger than the window (' + root.scrollWidth + '×' + root.scrollHeight + ' in ' + innerWidth + '×' + innerHeight + ')');
      const controls = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="switch"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';
      for (const element of document.querySelectorAll(controls)) {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
        if (element.closest('.visually-hidden') || rect.width <= 1) continue;
        if (rect.left < -1 || rect.right > innerWidth + 1) {
          const name = (element.getAttribute('aria-label') || element.textContent || element.tagName).trim().slice(0, 40);
          problems.push('"' + name + '" lies beyond the window (' + Math.round(rect.left) + '–' + Math.round(rect.right) + ' of ' + innerWidth + ')');
        }
      }
      // A hint that wraps past its field is cut mid-sentence: laid out again in a copy with the
      // field's text box (as Chromium wraps a placeholder), it must fit the field's height.
      for (const field of document.querySelectorAll('textarea[placeholder]')) {
        if (field.value !== '' || field.clientWidth === 0 || field.clientHeight === 0) continue;
        const style = getComputedStyle(field);
        const copy = document.createElement('div');
        for (const property of ['fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'letterSpacing', 'wordSpacing', 'lineHeight', 'tabSize', 'paddingTop', 'paddingRight', 'paddingBottom', 'paddingLeft'])
          copy.style[property] = style[property];
        Object.assign(copy.style, { position: 'absolute', visibility: 'hidden', boxSizing: 'border-box', width: field.clientWidth + 'px', whiteSpace: 'pre-wrap', overflowWrap: 'break-word' });
        copy.textContent = field.placeholder;
        document.body.append(copy);
        const needed = copy.offsetHeight;
        copy.remove();
        if (needed > field.clientHeight + 2)
          problems.push('the hint in "' + (field.getAttribute('aria-label') || field.id) + '" is cut (' + needed + ' px of text in ' + field.clientHeight + ')');
      }
      for (const heading of document.querySelectorAll('h1, h2')) {
        const rect = heading.getBoundingClientRect();
        if (rect.width === 0) continue;
        if (heading.scrollWidth > heading.clientWidth + 1 && heading.clientWidth < 80)
          problems.push('the heading "' + heading.textContent.trim().slice(0, 40) + '" is cut to ' + Math.round(heading.clientWidth) + ' px');
      }
      return problems;
    })()`)) as string[]),
  );
  // Back to where the panes began, for the next check and the screenshot.
  await page.evaluate(
    `(() => { for (const element of document.querySelectorAll('body *')) element.scrollTop = 0; })()`,
  );
  return problems;
}

/** The contrast ratio of a control's text on its background, as painted now (WCAG formula). */
export async function contrastOf(control: Locator): Promise<number> {
  return Number(
    await control.evaluate((element) => {
      const style = getComputedStyle(element);
      // The canvas turns any CSS colour (color-mix, oklab…) into sRGB bytes.
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      const rgb = (color: string) => {
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = color;
        context.fillRect(0, 0, 1, 1);
        return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const luminance = ([r, g, b]: number[]) =>
        [r, g, b]
          .map((value) => (value ?? 0) / 255)
          .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
          .reduce((sum, c, index) => sum + c * ([0.2126, 0.7152, 0.0722][index] ?? 0), 0);
      const a = luminance(rgb(style.color));
      const b = luminance(rgb(style.backgroundColor));
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    }),
  );
}
