import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_PAGE_GRACE_MS,
  startAfterFirstPage,
} from '../../../electron/core/startAfterFirstPage';

afterEach(() => {
  vi.useRealTimers();
});

/** A promise settled from outside, as a page's first connection is. */
function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<void>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

describe('starting the core after the first page', () => {
  it('starts once the first page is up, before the grace runs out, and only once', async () => {
    vi.useFakeTimers();
    const page = deferred();
    const start = vi.fn(async () => undefined);
    const started = startAfterFirstPage(page.promise, start);
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_GRACE_MS / 2);
    expect(start).not.toHaveBeenCalled();
    page.resolve();
    await started;
    expect(start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_GRACE_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts after the grace when no page comes', async () => {
    vi.useFakeTimers();
    const start = vi.fn(async () => undefined);
    const started = startAfterFirstPage(new Promise(() => undefined), start);
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_GRACE_MS - 1);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await started;
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once when the page failed to load, and passes on what start does', async () => {
    const page = deferred();
    page.reject(new Error('the page did not load'));
    await expect(
      startAfterFirstPage(page.promise, async () => Promise.reject(new Error('no start'))),
    ).rejects.toThrow('no start');
  });
});
