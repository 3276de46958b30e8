/**
 * SQLite's failures in words for the user. A write that fails for want of space or permission
 * leaves the history as it was (the transaction is undone), so the message says so.
 */
import { UserFacingError } from '../bridge/errors';

/** SQLite result codes (primary) that mean "the disk, not Hearth". */
const FULL = 13;
const READ_ONLY = 8;
const IO_ERROR = 10;

export function describeDatabaseError(error: unknown): unknown {
  const code = (error as { errcode?: unknown } | undefined)?.errcode;
  if (typeof code !== 'number') return error;
  // Extended codes carry the primary one in their low byte.
  const primary = code & 0xff;
  const why =
    primary === FULL
      ? 'the disk is full'
      : primary === READ_ONLY
        ? 'the data folder is read-only'
        : primary === IO_ERROR
          ? 'the disk could not be written'
          : undefined;
  if (!why) return error;
  return new UserFacingError(
    `Could not save the conversation: ${why}. Nothing was changed; free some space or check the data folder, then try again.`,
  );
}
