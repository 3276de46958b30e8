/**
 * Conversations out and in, for both hosts: an export streams to a file (or, in the browser
 * host, to the download's response), an import reads a file and saves all of it or nothing. One
 * import at a time: a second one asked for meanwhile gets a sentence and changes nothing.
 */
import type { Writable } from 'node:stream';
import { UserFacingError } from '../../bridge/errors';
import type { ConversationStore } from '../conversationStore';
import { exportToFile, writeExport, type ExportOptions } from './exportConversations';
import { readImportFile } from './readImportFile';
import type { ImportSummary } from './types';

export interface ConversationTransfer {
  /** Writes the export to `path` (replaced only when whole); returns how many it holds. */
  exportTo(path: string, options: ExportOptions): Promise<number>;
  /** Writes the export to a stream the caller made (a download). */
  exportInto(out: Writable, options: ExportOptions): Promise<number>;
  importFrom(path: string): Promise<ImportSummary>;
}

export function createConversationTransfer(history: ConversationStore): ConversationTransfer {
  let importing = false;
  return {
    exportTo: (path, options) => exportToFile(history.exportReader(), path, options),
    exportInto: (out, options) => writeExport(history.exportReader(), out, options),
    async importFrom(path) {
      if (importing)
        throw new UserFacingError(
          'Another import is still running; wait for it to finish, then import this file.',
        );
      importing = true;
      try {
        const read = await readImportFile(path);
        const written = history.saveImported(read.conversations);
        return {
          imported: written.imported,
          alreadyThere: written.alreadyThere,
          skipped: [...read.skipped].map(([reason, count]) => ({ count, reason })),
        };
      } finally {
        importing = false;
      }
    },
  };
}

/** The summary in one sentence, for a notice. */
export function summarySentence(summary: ImportSummary): string {
  const parts = [
    `Imported ${summary.imported} ${summary.imported === 1 ? 'conversation' : 'conversations'}`,
  ];
  if (summary.alreadyThere > 0)
    parts.push(`${summary.alreadyThere} already in your history were left as they are`);
  for (const { count, reason } of summary.skipped) parts.push(`left out ${count} ${reason}`);
  return `${parts.join('; ')}.`;
}
