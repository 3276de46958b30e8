/**
 * Where an export goes and an import comes from. The desktop asks with the system's save and open
 * dialogs (the shell's `chooseExportFile` and `chooseImportFile`); the browser host has no dialog
 * of its own, so the page downloads from and uploads to the host's addresses for them
 * (headless/conversationFiles.ts), which do the same work through `ConversationTransfer`.
 */
import type { ExportResult, ImportResult } from '../../../../preload/schemas/transfer';
import type { ConversationTransfer } from './conversationTransfer';
import { summarySentence } from './conversationTransfer';
import type { ExportFormat } from './exportConversations';

/** The browser host's addresses (served with the launch token's cookie). */
export const EXPORT_PATH = '/conversations/export';
export const IMPORT_PATH = '/conversations/import';

export interface FileChoosers {
  /** The save dialog, offering `name`; undefined when cancelled. */
  chooseExportFile?: (name: string, format: ExportFormat) => Promise<string | undefined>;
  /** The open dialog for a JSON file; undefined when cancelled. */
  chooseImportFile?: () => Promise<string | undefined>;
}

export interface ConversationFiles {
  export(request: { format: ExportFormat; conversationId?: string }): Promise<ExportResult>;
  import(): Promise<ImportResult>;
}

export function createConversationFiles(
  transfer: ConversationTransfer,
  choosers: FileChoosers,
  now: () => Date = () => new Date(),
): ConversationFiles {
  return {
    async export({ format, conversationId }) {
      if (!choosers.chooseExportFile) {
        const query = new URLSearchParams({
          format,
          ...(conversationId ? { conversationId } : {}),
        });
        return { outcome: 'download', url: `${EXPORT_PATH}?${query}` };
      }
      const path = await choosers.chooseExportFile(exportFileName(format, now()), format);
      if (!path) return { outcome: 'cancelled' };
      const ids = conversationId ? [conversationId] : undefined;
      const conversations = await transfer.exportTo(path, { format, ...(ids ? { ids } : {}) });
      return { outcome: 'saved', conversations };
    },
    async import() {
      if (!choosers.chooseImportFile) return { outcome: 'upload', url: IMPORT_PATH };
      const path = await choosers.chooseImportFile();
      if (!path) return { outcome: 'cancelled' };
      const summary = await transfer.importFrom(path);
      return { outcome: 'imported', summary, sentence: summarySentence(summary) };
    },
  };
}

/** `hearth-conversations-2026-11-29.json`, or `.md`. */
export function exportFileName(format: ExportFormat, at: Date): string {
  return `hearth-conversations-${at.toISOString().slice(0, 10)}.${format === 'json' ? 'json' : 'md'}`;
}
