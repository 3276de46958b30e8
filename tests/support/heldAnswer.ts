/**
 * A request a test answers by hand, and only once it has been asked: `handler` stands in for a
 * channel, `asked()` waits until the code under test calls it, and `answer(value)` answers the
 * oldest call still waiting. Answering a call not yet made is a mistake in the test (it passes
 * only on a machine fast enough to have asked already), so `answer` throws instead.
 */
export interface HeldAnswer<T> {
  handler: (...args: unknown[]) => Promise<T>;
  /** Resolves once the code under test has made its `count`-th call (the first by default). */
  asked(count?: number): Promise<void>;
  /** How many calls were made so far. */
  readonly calls: number;
  /** Answers the oldest waiting call; throws when none is waiting. */
  answer(value: T): void;
  /** Makes the oldest waiting call fail with `reason`; throws when none is waiting. */
  fail(reason: unknown): void;
}

export function heldAnswer<T>(): HeldAnswer<T> {
  const waiting: { resolve(value: T): void; reject(reason: unknown): void }[] = [];
  const watchers: { count: number; resolve: () => void }[] = [];
  let calls = 0;
  const next = () => {
    const oldest = waiting.shift();
    if (!oldest) throw new Error('answered a request that was not asked (wait for asked() first)');
    return oldest;
  };
  return {
    handler: () =>
      new Promise<T>((resolve, reject) => {
        calls += 1;
        waiting.push({ resolve, reject });
        for (const watcher of watchers.filter((entry) => entry.count <= calls)) {
          watchers.splice(watchers.indexOf(watcher), 1);
          watcher.resolve();
        }
      }),
    asked: (count = 1) =>
      calls >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => watchers.push({ count, resolve })),
    get calls() {
      return calls;
    },
    answer: (value) => next().resolve(value),
    fail: (reason) => next().reject(reason),
  };
}
