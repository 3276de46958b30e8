/**
 * What the benches that drive the interface share: building the app once, the counters installed
 * in the page before its own scripts (frame intervals, long tasks, React commits), and reading
 * them back.
 */
import type { Page } from 'playwright-core';
import buildOnce from '../../tests/e2e/buildOnce';

/** Builds main, preload and renderer into out/, as the end-to-end tests do before they run. */
export const buildApp: () => void = buildOnce;

/** Counters installed before any page script runs; they count only while `measuring` is set. */
export const INSTRUMENT = `
  window.__bench = { commits: 0, frames: [], longTasks: 0, longestTask: 0, measuring: false };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), isDisabled: false,
    inject() { return 1; }, checkDCE() {},
    onCommitFiberRoot() { if (window.__bench.measuring) window.__bench.commits++; },
    onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {},
  };
  new PerformanceObserver((list) => {
    if (!window.__bench.measuring) return;
    for (const entry of list.getEntries()) {
      window.__bench.longTasks++;
      window.__bench.longestTask = Math.max(window.__bench.longestTask, entry.duration);
    }
  }).observe({ type: 'longtask', buffered: false });
  let last = 0;
  const frame = (now) => {
    if (window.__bench.measuring && last) window.__bench.frames.push(now - last);
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
`;

export interface PageCounters {
  commits: number;
  frames: number[];
  longTasks: number;
  longestTask: number;
  nodes: number;
}

/** Starts counting from zero. */
export async function startMeasuring(page: Page): Promise<void> {
  await page.evaluate(
    `Object.assign(window.__bench, { commits: 0, frames: [], longTasks: 0, longestTask: 0, measuring: true })`,
  );
}

/** Stops counting and reads the counters. */
export async function stopMeasuring(page: Page): Promise<PageCounters> {
  return (await page.evaluate(`(() => {
    const bench = window.__bench;
    bench.measuring = false;
    return { commits: bench.commits, frames: bench.frames, longTasks: bench.longTasks,
      longestTask: bench.longestTask, nodes: document.getElementsByTagName('*').length };
  })()`)) as PageCounters;
}

/**
 * Milliseconds from clicking the conversation titled `title` in the list to `marker` showing on
 * the page, timed inside the page. A string, because the bench runner's compiler adds helpers to
 * functions that the page does not have.
 */
export async function timeOpen(page: Page, title: string, marker: string): Promise<number> {
  return Number(
    await page.evaluate(`new Promise((resolve) => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent.includes(${JSON.stringify(title)}));
      const started = performance.now();
      const observer = new MutationObserver(() => {
        if (!document.body.textContent.includes(${JSON.stringify(marker)})) return;
        observer.disconnect();
        resolve(performance.now() - started);
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      button.click();
    })`),
  );
}
