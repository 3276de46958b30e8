/**
 * Whole-file writes that a crash cannot tear: the bytes go to a temporary file in the same folder,
 * are flushed to disk, and only then renamed over the target, so a reader sees the old file or
 * the new one, never half of either. Errors say in plain words what went wrong.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Writes `text` to `path` atomically with owner-only permissions; throws a plain-words error. */
export function writeFileAtomically(path: string, text: string, mode = 0o600): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    const fd = openSync(temporary, 'w', mode);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new Error(describeWriteFailure(path, error), { cause: error });
  }
}

/** Why a file could not be written, in words for the user (the OS code kept in brackets). */
export function describeWriteFailure(path: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const why =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? 'the disk is full'
      : code === 'EROFS'
        ? 'the data folder is on a read-only file system'
        : code === 'EACCES' || code === 'EPERM'
          ? 'Hearth may not write in the data folder'
          : code === 'ENOENT'
            ? 'the data folder is gone'
            : ((error as Error | undefined)?.message ?? String(error));
  return `Could not save ${basename(path)}: ${why}${code ? ` (${code})` : ''}. Nothing was changed on disk.`;
}
