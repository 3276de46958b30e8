import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchOllamaStatus } from '../../../electron/core/ollama/statusWatch';

afterEach(() => vi.useRealTimers());

const down = { ok: false as const, host: 'http://127.0.0.1:11434', message: 'nothing answers' };
const up = { ok: true as const, host: 'http://127.0.0.1:11434', version: '0.12.0' };

describe('watching Ollama', () => {
  it('says when Ollama comes up, goes away or changes, and nothing in between', async () => {
    vi.useFakeTimers();
    const answers = [down, down, up, up, { ...up, version: '0.13.0' }, down];
    let asked = 0;
    const heard: unknown[] = [];
    const watch = watchOllamaStatus(
      async () => answers[Math.min(asked++, answers.length - 1)] ?? down,
      (status) => heard.push(status),
      1_000,
    );
    for (let round = 0; round < 6; round++) await vi.advanceTimersByTimeAsync(1_000);
    watch.stop();
    expect(heard).toEqual([down, up, { ...up, version: '0.13.0' }, down]);
    const after = asked;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toBe(after);
  });

  it('checks at once when asked, and a failing check says nothing', async () => {
    vi.useFakeTimers();
    let fail = true;
    const heard: unknown[] = [];
    const watch = watchOllamaStatus(
      async () => {
        if (fail) throw new Error('boom');
        return up;
      },
      (status) => heard.push(status),
      60_000,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toEqual([]);
    fail = false;
    watch.checkNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toEqual([up]);
    watch.stop();
  });
});
