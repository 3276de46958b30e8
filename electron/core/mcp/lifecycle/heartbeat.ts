/**
 * Pings a ready server now and then, so a remote server that went away (or a process that hangs)
 * shows as not answering instead of looking ready until the next tool call fails. It only
 * reports: a server that answers again is reported as answering again.
 */
import type { Client } from '@modelcontextprotocol/client';

export const PING_INTERVAL_MS = 30_000;
export const PING_TIMEOUT_MS = 10_000;

export function startKeepAlive(
  client: Client,
  options: {
    intervalMs?: number;
    timeoutMs?: number;
    /** `reason` is set when the server stopped answering, undefined when it answers again. */
    onChange(reason: string | undefined): void;
  },
): () => void {
  const timeoutMs = options.timeoutMs ?? PING_TIMEOUT_MS;
  let answering = true;
  let pinging = false;
  const timer = setInterval(() => {
    if (pinging) return;
    pinging = true;
    client
      .ping({ timeout: timeoutMs })
      .then(() => {
        if (answering) return;
        answering = true;
        options.onChange(undefined);
      })
      .catch((error: unknown) => {
        if (!answering) return;
        answering = false;
        const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
        options.onChange(`The server stopped answering (no reply to a ping: ${why}).`);
      })
      .finally(() => {
        pinging = false;
      });
  }, options.intervalMs ?? PING_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
