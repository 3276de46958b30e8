/**
 * Server log lines go to the renderer in batches, at most every BATCH_MS per server and at most
 * MAX_BATCH_ENTRIES at a time: a server spewing stderr must not flood the bridge. What a batch
 * leaves out stays in the server's log, which the log pane reads in full.
 */
import type { LogEntry } from '../../../../preload/schemas/servers';

export const BATCH_MS = 100;
export const MAX_BATCH_ENTRIES = 200;

export interface LogBatcher {
  add(server: string, entry: LogEntry): void;
  flush(): void;
}

export function createLogBatcher(emit: (server: string, entries: LogEntry[]) => void): LogBatcher {
  const pending = new Map<string, { entries: LogEntry[]; skipped: number }>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const [server, batch] of pending) {
      const note: LogEntry[] = batch.skipped
        ? [
            {
              at: new Date().toISOString(),
              source: 'hearth',
              level: 'notice',
              text: `${batch.skipped} more lines are in the full log.`,
            },
          ]
        : [];
      emit(server, [...note, ...batch.entries]);
    }
    pending.clear();
  };
  return {
    add(server, entry) {
      const batch = pending.get(server) ?? { entries: [], skipped: 0 };
      pending.set(server, batch);
      batch.entries.push(entry);
      if (batch.entries.length > MAX_BATCH_ENTRIES) {
        batch.entries.shift();
        batch.skipped++;
      }
      timer ??= setTimeout(flush, BATCH_MS).unref();
    },
    flush,
  };
}
