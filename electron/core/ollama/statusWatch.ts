/**
 * Watches whether Ollama answers, so windows hear when it comes up, goes away or is upgraded
 * (`ollama:statusChanged`) instead of each asking over and over. Checks now and then, and at
 * once when asked (the address in Settings changed); says something only when the answer did.
 */
import type { z } from 'zod';
import type { ollamaStatusSchema } from '../../../preload/schemas/chat';
import type { EventHub } from '../bridge/events';

type OllamaStatus = z.output<typeof ollamaStatusSchema>;

/** Often enough that starting Ollama shows within seconds; a check is one local request. */
export const STATUS_CHECK_INTERVAL_MS = 10_000;

export interface StatusWatch {
  checkNow(): void;
  stop(): void;
}

export function watchOllamaStatus(
  check: () => Promise<OllamaStatus>,
  changed: (status: OllamaStatus) => void,
  intervalMs = STATUS_CHECK_INTERVAL_MS,
): StatusWatch {
  let last: string | undefined;
  let checking = false;
  let stopped = false;
  const run = async () => {
    if (checking || stopped) return;
    checking = true;
    try {
      const status = await check();
      const key = status.ok
        ? `ok|${status.host}|${status.version}`
        : `down|${status.host}|${status.message}`;
      if (!stopped && key !== last) {
        last = key;
        changed(status);
      }
    } catch {
      // A check that throws says nothing new; the next one tries again.
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref?.();
  void run();
  return {
    checkNow: () => void run(),
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

/**
 * Ollama's status for the windows (`ollama:statusChanged`): watched from `start()`, and checked
 * at once when the settings change (a new address is checked at once, not at the next round).
 */
export function ollamaStatusFeed(
  check: () => Promise<OllamaStatus>,
  events: EventHub,
): { start(): void; stop(): void } {
  let watch: StatusWatch | undefined;
  const stopRecheck = events.addSink((channel) => {
    if (channel === 'settings:changed') watch?.checkNow();
  });
  return {
    start() {
      watch ??= watchOllamaStatus(check, (status) => events.emit('ollama:statusChanged', status));
    },
    stop() {
      watch?.stop();
      stopRecheck();
    },
  };
}
