/**
 * Conversations in SQLite behind one front door: everything outside `electron/core/history/`
 * imports it through this file (eslint.config.js holds it). Inside: the store
 * (`conversationStore.ts`) over the schema and its migrations (`schema.ts`), the kept messages
 * (`messageCache.ts`), full-text search (`search*.ts`), the previews of long tool results, the tree
 * of versions (`tree.ts`), and export and import (`transfer/`).
 */
export { openConversationStore, type ConversationStore } from './conversationStore';
export { previewedMessage, previewOf, withToolResultPreviews } from './toolResultPreview';
export type {
  ConversationSummary,
  NewMessage,
  StoredMessage,
  StoredToolCall,
  ToolCallOutcome,
} from './types';
export {
  createConversationFiles,
  EXPORT_PATH,
  exportFileName,
  IMPORT_PATH,
  type ConversationFiles,
  type FileChoosers,
} from './transfer/conversationFiles';
export {
  createConversationTransfer,
  summarySentence,
  type ConversationTransfer,
} from './transfer/conversationTransfer';
export { MAX_IMPORT_BYTES } from './transfer/readImportFile';
