/**
 * A conversation read from an import file, in the shape the history saves: every version, each
 * message after its parent, whatever the file's own format was.
 */
import type { z } from 'zod';
import type { TurnEnding } from '../../../../preload/schemas/chat';
import type { importSummarySchema } from '../../../../preload/schemas/transfer';
import type { ConversationOptions, NewMessage } from '../types';

export interface ImportedMessage {
  /** The message's name in the file, which its children use for `parent`. */
  key: string;
  /** Null for a first message. Always a message listed before this one. */
  parent: string | null;
  message: NewMessage & { createdAt: string; ending?: TurnEnding };
}

export interface ImportedConversation {
  /** Where it came from (`hearth:…`, `chatgpt:…`) and a hash of its messages (`sha256:…`). */
  sources: string[];
  title: string;
  /** The conversation's own options (its model, instructions, sampling). */
  options?: ConversationOptions;
  createdAt: string;
  updatedAt: string;
  messages: ImportedMessage[];
  /** The key of the last message of the branch on screen (absent: the last message listed). */
  current?: string;
}

/** What an import did, in a summary the page shows as it is (the contract's own shape). */
export type ImportSummary = z.output<typeof importSummarySchema>;
