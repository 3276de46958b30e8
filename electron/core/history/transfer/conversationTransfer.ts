/**
 * Conversations out and in, for both hosts: an export streams to a file (or, in the browser
 * host, to the download's response), an import reads a file and saves all of it or nothing. One
 * import at a time: a second one asked for meanwhile gets a sentence and changes nothing.
 */
import type { Writable } from 'node:stream';
import { UserFacingError } from '../../bridge/errors';
import type { ConversationStore } from '../conversationStore';
import {
  exportToFile,
  writeExport,
  type ExportOptions,
  type KeptFiles,
} from './exportConversations';
import { readImportFile, type ReadImport } from './readImportFile';
import type { ImportSummary } from './types';

export interface ConversationTransfer {
  /** Writes the export to `path` (replaced only when whole); returns how many it holds. */
  exportTo(path: string, options: ExportOptions): Promise<number>;
  /** Writes the export to a stream the caller made (a download). */
  exportInto(out: Writable, options: ExportOptions): Promise<number>;
  importFrom(path: string): Promise<ImportSummary>;
}

/** The user's attached files: read for an export, kept again from an import. */
export interface TransferredFiles extends KeptFiles {
  adopt(name: string, sha256: string, data: Buffer): Promise<unknown>;
}

export function createConversationTransfer(
  history: ConversationStore,
  files?: TransferredFiles,
): ConversationTransfer {
  let importing = false;
  return {
    exportTo: (path, options) => exportToFile(history.exportReader(), path, options, files),
    exportInto: (out, options) => writeExport(history.exportReader(), out, options, files),
    async importFrom(path) {
      if (importing)
        throw new UserFacingError(
          'Another import is still running; wait for it to finish, then import this file.',
        );
      importing = true;
      try {
        const read = await readImportFile(path);
        // The files first: complete files no message names yet are swept at a later start if
        // the conversations are not written; a message never names a file that is not kept.
        await keepImportedFiles(read, files);
        const written = history.saveImported(read.conversations);
        return {
          imported: written.imported,
          alreadyThere: written.alreadyThere,
          skipped: [...read.skipped].map(([reason, count]) => {
            const titles = read.leftOutTitles.get(reason);
            return { count, reason, ...(titles?.length ? { titles } : {}) };
          }),
        };
      } finally {
        importing = false;
      }
    },
  };
}

/**
 * Keeps each attached file the import carries that its conversations name; one that is not the
 * file named, or not a kind Hearth takes, is counted as left out (its messages keep its name).
 */
async function keepImportedFiles(read: ReadImport, files?: TransferredFiles): Promise<void> {
  const named = new Set(
    read.conversations.flatMap((conversation) =>
      conversation.messages.flatMap(({ message }) =>
        (message.attachments ?? []).flatMap((attachment) =>
          attachment.file ? [attachment.file.sha256] : [],
        ),
      ),
    ),
  );
  const skip = (reason: string) => read.skipped.set(reason, (read.skipped.get(reason) ?? 0) + 1);
  for (const sha256 of named) {
    const file = read.files.get(sha256);
    if (!file || !files) {
      skip('attached files the export did not carry (their names are kept)');
      continue;
    }
    try {
      await files.adopt(file.name, sha256, file.data);
    } catch {
      skip('attached files that were damaged or of a kind Hearth does not take');
    }
  }
}

/** The summary in one sentence, for a notice. */
export function summarySentence(summary: ImportSummary): string {
  const parts = [
    `Imported ${summary.imported} ${summary.imported === 1 ? 'conversation' : 'conversations'}`,
  ];
  if (summary.alreadyThere > 0)
    parts.push(`${summary.alreadyThere} already in your history were left as they are`);
  for (const { count, reason, titles } of summary.skipped)
    parts.push(`left out ${count} ${reason}${namedTitles(count, titles)}`);
  return `${parts.join('; ')}.`;
}

/** ` (“Trip”, “Notes”, …)`: the titles named, and an ellipsis for those that are not. */
function namedTitles(count: number, titles: string[] = []): string {
  if (titles.length === 0) return '';
  const quoted = titles.map((title) => `“${title}”`);
  return ` (${[...quoted, ...(count > titles.length ? ['…'] : [])].join(', ')})`;
}
