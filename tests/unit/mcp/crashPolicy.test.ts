import { describe, expect, it } from 'vitest';
import {
  CRASH_LIMIT,
  CRASH_WINDOW_MS,
  CrashHistory,
  RESTART_MAX_MS,
  describeEnd,
} from '../../../electron/core/mcp/lifecycle/crashPolicy';

describe('CrashHistory', () => {
  it('doubles the restart delay per crash up to the cap, then gives up at the limit', () => {
    const history = new CrashHistory(10_000);
    const delays = Array.from({ length: CRASH_LIMIT - 1 }, (_, index) => history.record(index));
    expect(delays).toEqual([
      { giveUp: false, delayMs: 10_000 },
      { giveUp: false, delayMs: 20_000 },
      { giveUp: false, delayMs: RESTART_MAX_MS },
      { giveUp: false, delayMs: RESTART_MAX_MS },
    ]);
    expect(history.record(CRASH_LIMIT)).toEqual({ giveUp: true, crashes: CRASH_LIMIT });
  });

  it('forgets crashes older than the window and after a reset', () => {
    const history = new CrashHistory(1_000);
    for (let at = 0; at < CRASH_LIMIT - 1; at++) history.record(at);
    expect(history.record(CRASH_WINDOW_MS + 10)).toEqual({ giveUp: false, delayMs: 1_000 });
    history.reset();
    expect(history.record(CRASH_WINDOW_MS + 20)).toEqual({ giveUp: false, delayMs: 1_000 });
  });
});

describe('describeEnd', () => {
  it('says how the process ended, or that the connection closed', () => {
    expect(describeEnd({ code: 3, signal: null })).toBe('exited with code 3');
    expect(describeEnd({ code: null, signal: 'SIGKILL' })).toBe('was killed (SIGKILL)');
    expect(describeEnd(undefined)).toBe('closed the connection');
  });
});
