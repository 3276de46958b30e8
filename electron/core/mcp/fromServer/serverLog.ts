/**
 * A server's log: its stderr, its MCP logging messages and what Hearth did with it, in a ring
 * buffer bounded by entries and by characters, so a server that writes a gigabyte costs a
 * megabyte. stderr arrives in chunks; `lineSplitter` cuts it into lines without ever holding more
 * than one long line's worth.
 */
import type { LogEntry } from '../../../../preload/schemas/servers';

/** Enough history to see what led to a crash; old entries drop off. */
export const MAX_LOG_ENTRIES = 2_000;
/** About a megabyte of text per server, whatever it prints. */
export const MAX_LOG_CHARS = 1_000_000;
/** A single line longer than this is cut: nobody reads a 20 MB line in a log pane. */
export const MAX_LOG_LINE_CHARS = 4_000;

export interface ServerLog {
  add(source: LogEntry['source'], level: LogEntry['level'], text: string): LogEntry;
  entries(): LogEntry[];
  /** The last few stderr lines, to explain a crash. */
  recentStderr(lines: number): string[];
}

/** One count for all logs, so a log made again for the same server never reuses a number. */
let nextSeq = 0;

export function createServerLog(
  onEntry: (entry: LogEntry) => void = () => undefined,
  now = () => new Date(),
): ServerLog {
  const entries: LogEntry[] = [];
  let chars = 0;
  return {
    add(source, level, text) {
      const entry: LogEntry = {
        at: now().toISOString(),
        source,
        level,
        text: cut(text, MAX_LOG_LINE_CHARS),
        seq: nextSeq++,
      };
      entries.push(entry);
      chars += entry.text.length;
      while (entries.length > MAX_LOG_ENTRIES || (chars > MAX_LOG_CHARS && entries.length > 1)) {
        chars -= entries.shift()?.text.length ?? 0;
      }
      onEntry(entry);
      return entry;
    },
    entries: () => [...entries],
    recentStderr: (lines) =>
      entries
        .filter((entry) => entry.source === 'stderr')
        .slice(-lines)
        .map((entry) => entry.text),
  };
}

function cut(text: string, max: number): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}… [${text.length - max} more characters]`;
}

/**
 * Feeds text chunks in, gets whole lines out. A line longer than `maxLine` is emitted in pieces
 * as it grows, so memory stays bounded even for output without newlines.
 */
export function lineSplitter(
  onLine: (line: string) => void,
  maxLine = MAX_LOG_LINE_CHARS,
): { push(chunk: string): void; flush(): void } {
  let pending = '';
  return {
    push(chunk) {
      pending += chunk;
      let newline = pending.indexOf('\n');
      while (newline !== -1) {
        onLine(pending.slice(0, newline).replace(/\r$/, ''));
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
      }
      if (pending.length > maxLine) {
        onLine(`${pending.slice(0, maxLine)}…`);
        pending = '';
      }
    },
    flush() {
      if (pending) onLine(pending);
      pending = '';
    },
  };
}
