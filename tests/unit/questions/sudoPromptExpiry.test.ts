import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventHub } from '../../../electron/core/bridge/events';
import { createRendererQuestions } from '../../../electron/core/questions/userQuestions';
import { createLogger } from '../../../electron/core/logger';

// The sudo password prompt expires after the time read from the settings at each prompt.
afterEach(() => vi.useRealTimers());

describe('the sudo password prompt', () => {
  it('expires after the time the settings say when it opens, not a fixed one', async () => {
    vi.useFakeTimers();
    let seconds = 30;
    const questions = createRendererQuestions(
      createEventHub(createLogger({ sinks: [], minimum: 'error' })),
      { sudoTimeoutMs: () => seconds * 1_000 },
    );
    const request = { conversationId: 'c1', callId: 'k1', command: 'sudo true' };
    const first = questions.askSudoPassword(request, new AbortController().signal);
    let answer: unknown;
    void first.then((value) => (answer = value));
    await vi.advanceTimersByTimeAsync(29_000);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(answer).toEqual({ refused: 'expired' });

    seconds = 600;
    const second = questions.askSudoPassword(request, new AbortController().signal);
    let later: unknown;
    void second.then((value) => (later = value));
    await vi.advanceTimersByTimeAsync(590_000);
    expect(later).toBeUndefined();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(later).toEqual({ refused: 'expired' });
  });
});
