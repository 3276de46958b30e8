import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startDeadline } from '../../../electron/core/mcp/lifecycle/startDeadline';

// The start limit of an npx or uvx launch counts from the launcher's last sign of work.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

const LIMIT = 30_000;

describe('the start limit of a launcher', () => {
  it('is not cut while npm works before any download, and not called a stalled download', () => {
    const launcher: {
      lastActivity: number | undefined;
      lastSignOfWork: number | undefined;
      finished: boolean;
    } = { lastActivity: undefined, lastSignOfWork: undefined, finished: false };
    const deadline = startDeadline(LIMIT, launcher);
    // npm loads and resolves for 50 s on a busy machine, its log growing every 10 s.
    for (let second = 10; second <= 50; second += 10) {
      vi.advanceTimersByTime(10_000);
      launcher.lastSignOfWork = Date.now();
    }
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(LIMIT - 1);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.stalled).toBe(false);
  });

  it('is cut at the limit from the start when the launcher shows no work', () => {
    const deadline = startDeadline(LIMIT, {
      lastActivity: undefined,
      lastSignOfWork: undefined,
      finished: false,
    });
    vi.advanceTimersByTime(LIMIT);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.stalled).toBe(false);
  });

  it('calls a download that stopped moving stalled', () => {
    const launcher = { lastActivity: Date.now(), lastSignOfWork: Date.now(), finished: false };
    const deadline = startDeadline(LIMIT, launcher);
    vi.advanceTimersByTime(LIMIT);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.stalled).toBe(true);
  });
});
