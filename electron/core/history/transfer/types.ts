/**
 * A conversation read from an import file, in the shape the history saves: every version, each
 * message after its parent, whatever the file's own format was.
 */
import type { TurnEnding } from '../../../../preload/schemas/chat';
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

/** What an import did, in a summary the page shows as it is. */
export interface ImportSummary {
  imported: number;
  /** Conversations the history already had (recognised by source or content). */
  alreadyThere: number;
  /** Each kind of thing left out, with how many and why, in plain words. */
  skipped: { count: number; reason: string }[];
}
