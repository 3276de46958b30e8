/**
 * A log sink that appends to a file and rotates it, so logs never fill the disk: one current
 * file and one previous, each at most MAX_LOG_FILE_BYTES.
 */
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LogSink } from './logger';

/** 5 MiB is days of ordinary logging and still opens in any editor. */
export const MAX_LOG_FILE_BYTES = 5 * 1024 * 1024;

/** Returns a sink writing to `path`; a failed write is dropped, never thrown into the caller. */
export function createFileSink(path: string, maxBytes = MAX_LOG_FILE_BYTES): LogSink {
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch {
    // A read-only data folder: each write below fails quietly, and stderr still has every line.
  }
  let size = currentSize(path);
  return (line) => {
    const entry = `${line}\n`;
    try {
      if (size + Buffer.byteLength(entry) > maxBytes) {
        renameSync(path, `${path}.1`);
        size = 0;
      }
      appendFileSync(path, entry, { mode: 0o600 });
      size += Buffer.byteLength(entry);
    } catch {
      // A full disk or a removed folder must not take the app down with it; stderr still has it.
    }
  };
}

function currentSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
