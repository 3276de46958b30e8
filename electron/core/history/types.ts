/**
 * The shapes of saved conversations: what the conversation store writes to SQLite and gives
 * back, as the contract carries them to the page (preload/schemas/chat.ts is their one source).
 * Ids of messages are the database's, so they only ever grow and are never reused.
 */
import type { z } from 'zod';
import type {
  conversationSchema,
  conversationSummarySchema,
  searchHitSchema,
  storedMessageSchema,
  storedToolCallSchema,
  toolCallOutcomeSchema,
} from '../../../preload/schemas/chat';

export type { ConversationOptions, ConversationOptionsPatch } from '../../../preload/schemas/chat';

/** How a tool call ended, as the user saw it; absent while it is still in flight. */
export type ToolCallOutcome = z.output<typeof toolCallOutcomeSchema>;

/**
 * One tool call the model asked for, with the server and tool the model-facing name
 * (`server_tool`, kept so the history replays as sent) stood for.
 */
export type StoredToolCall = z.output<typeof storedToolCallSchema>;

/**
 * One saved message of a conversation. `fullLength` is only in what the page is sent: the
 * content is the beginning of a longer tool result (see toolResultPreview).
 */
export type StoredMessage = z.output<typeof storedMessageSchema>;
export type MessageRole = StoredMessage['role'];
/** What a reply cost, as Ollama reported it. */
export type MessageTimings = NonNullable<StoredMessage['timings']>;

/** A message about to be saved: the store gives it an id and, unless given, the time. */
export type NewMessage = Omit<
  StoredMessage,
  'id' | 'createdAt' | 'fullLength' | 'ending' | 'versions'
> & {
  createdAt?: string;
};

/**
 * One line of the conversation list. The title is empty until the user gives one or the first
 * user message supplies one; `updatedAt` moves when messages are saved, so the list shows the
 * latest activity first. Times are ISO 8601.
 */
export type ConversationSummary = z.output<typeof conversationSummarySchema>;

/** A conversation with its options, messages oldest first: all of them, or a page of the latest. */
export type Conversation = z.output<typeof conversationSchema>;

/**
 * One search hit: a message's content, or the title itself when `messageId` is absent. The
 * snippet has each matched term between `SNIPPET_MATCH_START` and `SNIPPET_MATCH_END`, so the
 * page can highlight without parsing HTML.
 */
export type SearchHit = z.output<typeof searchHitSchema>;
