export interface IdleOptions {
  /** Run by then even if the page was never idle (requestIdleCallback's own `timeout`). */
  timeoutMs?: number;
  /** Where the browser has no requestIdleCallback (Safari, jsdom): a timer of this long. */
  fallbackDelayMs?: number;
}

/**
 * Work for when the page is idle: `requestIdleCallback` where the browser has it, a timer where it
 * does not. Reached through globalThis, not window: work queued on timers can outlive the page (a
 * test's page is torn down while they wait, and `window` is gone). Returns how to call it off.
 */
export function whenIdle(
  work: (deadline: IdleDeadline) => void,
  { timeoutMs, fallbackDelayMs = 0 }: IdleOptions = {},
): () => void {
  if (typeof globalThis.requestIdleCallback === 'function') {
    const request = globalThis.requestIdleCallback(
      work,
      timeoutMs === undefined ? {} : { timeout: timeoutMs },
    );
    return () => globalThis.cancelIdleCallback(request);
  }
  const timer = setTimeout(
    () => work({ didTimeout: true, timeRemaining: () => 0 }),
    fallbackDelayMs,
  );
  return () => clearTimeout(timer);
}
