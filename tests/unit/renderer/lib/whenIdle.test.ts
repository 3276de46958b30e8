import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../../../renderer/src/lib/whenIdle';

/** A timer queued after the work's own with the same delay fires after it (timers run in order). */
const timersQueuedSoFar = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('work for when the page is idle', () => {
  afterEach(() => void vi.unstubAllGlobals());

  it('uses requestIdleCallback where the browser has it, with its timeout, and calls it off', () => {
    const requestIdleCallback = vi.fn(() => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const work = vi.fn();
    const cancel = whenIdle(work, { timeoutMs: 1_000 });
    expect(requestIdleCallback).toHaveBeenCalledWith(work, { timeout: 1_000 });
    whenIdle(work);
    expect(requestIdleCallback).toHaveBeenLastCalledWith(work, {});
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('falls back to a timer where there is none (no window at all, as in Node)', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const deadlines: IdleDeadline[] = [];
    whenIdle((deadline) => deadlines.push(deadline));
    expect(deadlines).toEqual([]);
    await timersQueuedSoFar();
    expect(deadlines).toHaveLength(1);
    expect(deadlines[0]?.didTimeout).toBe(true);
    expect(deadlines[0]?.timeRemaining()).toBe(0);
  });

  it('calls the timer off too', async () => {
    const work = vi.fn();
    whenIdle(work)();
    await timersQueuedSoFar();
    expect(work).not.toHaveBeenCalled();
  });
});
