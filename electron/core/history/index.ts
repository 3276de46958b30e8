/**
 * Conversations in SQLite behind one front door: everything outside `electron/core/history/`
 * imports it through this file (eslint.config.js holds it). Inside: the store
 * (`conversationStore.ts`) over the schema and its migrations (`schema.ts`), the kept messages
 * (`messageCache.ts`), full-text search (`search*.ts`) and the previews of long tool results.
 */
export { openConversationStore, type ConversationStore } from './conversationStore';
export { previewedMessage, previewOf, withToolResultPreviews } from './toolResultPreview';
export type { NewMessage, StoredMessage, StoredToolCall, ToolCallOutcome } from './types';
