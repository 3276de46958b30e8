/**
 * Streamed text goes to the renderer about once per animation frame, not once per token: a fast
 * model sends hundreds of tokens a second, and each event costs a render.
 */

/** One frame at 60 Hz. */
export const DELTA_INTERVAL_MS = 16;

export interface DeltaBatcher {
  add(delta: { content?: string; thinking?: string }): void;
  /** Sends what is pending now (at the end of a stream, before a tool call card). */
  flush(): void;
}

export function createDeltaBatcher(
  send: (delta: { content?: string; thinking?: string }) => void,
  intervalMs = DELTA_INTERVAL_MS,
): DeltaBatcher {
  let content = '';
  let thinking = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!content && !thinking) return;
    send({ ...(content ? { content } : {}), ...(thinking ? { thinking } : {}) });
    content = '';
    thinking = '';
  };
  return {
    add(delta) {
      content += delta.content ?? '';
      thinking += delta.thinking ?? '';
      timer ??= setTimeout(flush, intervalMs);
    },
    flush,
  };
}
