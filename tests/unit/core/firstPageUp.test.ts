import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAGE_GRACE_MS, firstPageUp } from '../../../electron/core/firstPageUp';

afterEach(() => {
  vi.useRealTimers();
});

/** Whether the promise has settled, after the microtasks queued so far. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('waiting for the first page before the servers start', () => {
  it('ends once the first page is up, before the grace runs out', async () => {
    vi.useFakeTimers();
    let pageUp: () => void = () => undefined;
    const up = firstPageUp(new Promise<void>((resolve) => (pageUp = resolve)));
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_GRACE_MS / 2);
    expect(await settled(up)).toBe(false);
    pageUp();
    expect(await settled(up)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ends after the grace when no page comes', async () => {
    vi.useFakeTimers();
    const up = firstPageUp(new Promise(() => undefined));
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_GRACE_MS - 1);
    expect(await settled(up)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(up)).toBe(true);
  });

  it('ends at once when the page failed to load', async () => {
    vi.useFakeTimers();
    const up = firstPageUp(Promise.reject(new Error('the page did not load')));
    expect(await settled(up)).toBe(true);
  });
});
