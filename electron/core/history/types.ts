import type { RequestFacts, TurnEnding } from '../../../preload/schemas/chat';
import type { Attachment } from '../../../preload/schemas/content';

/**
 * The shapes of saved conversations: what the conversation store writes to SQLite and gives
 * back. Ids of messages are the database's, so they only ever grow and are never reused.
 */

export type MessageRole = 'system' | 'user' | 'assistant' | 'tool';

/** How a tool call ended, as the user saw it; absent while it is still in flight. */
export type ToolCallOutcome = 'done' | 'failed' | 'denied' | 'cancelled' | 'not-run';

/** One tool call the model asked for, with the server and tool the model-facing name stood for. */
export interface StoredToolCall {
  id: string;
  server: string;
  tool: string;
  /** The name the model called it by (`server_tool`), kept so the history replays as sent. */
  modelName: string;
  arguments: Record<string, unknown>;
  /** Ollama's own id for the call (`call_…`), sent back as the result's `tool_call_id`. */
  modelCallId?: string;
  outcome?: ToolCallOutcome;
  /** The MCP App (`ui://` resource) the tool declared when it was called. */
  appResourceUri?: string;
  /** That app's call's structured result, so the app shows it again from history. */
  appStructuredContent?: Record<string, unknown>;
  /** The text the model wrote the call as, when Hearth read the call from the reply's text. */
  fromText?: string;
}

/** What a reply cost, as Ollama reported it. */
export interface MessageTimings {
  totalMs?: number;
  promptTokens?: number;
  evalTokens?: number;
  evalMs?: number;
}

/** One saved message of a conversation. */
export interface StoredMessage {
  id: number;
  role: MessageRole;
  content: string;
  thinking?: string;
  toolCalls?: StoredToolCall[];
  /** On a `tool` message: the id of the call it answers. */
  toolCallId?: string;
  /** On a `tool` message: the model-facing tool name, sent to Ollama as `tool_name`. */
  toolName?: string;
  /** On an `assistant` message: the model that wrote it. */
  model?: string;
  /** On a `user` message: the resources attached to it, as read when it was sent. */
  attachments?: Attachment[];
  /** On an `assistant` message: the tools offered and the context of its request. */
  request?: RequestFacts;
  timings?: MessageTimings;
  /**
   * Only in what the interface is sent: the content is the beginning of a longer tool result,
   * whose whole length this is (see toolResultPreview).
   */
  fullLength?: number;
  /** On the last message a turn saved: what the turn's end said (saved by `setEnding`). */
  ending?: TurnEnding;
  /** ISO 8601. */
  createdAt: string;
}

/** A message about to be saved: the store gives it an id and, unless given, the time. */
export type NewMessage = Omit<StoredMessage, 'id' | 'createdAt' | 'fullLength' | 'ending'> & {
  createdAt?: string;
};

/** One line of the conversation list. */
export interface ConversationSummary {
  /** A UUID. */
  id: string;
  /** Empty until the user gives one or the first user message supplies one. */
  title: string;
  model?: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; moves when messages are saved, so the list shows the latest activity first. */
  updatedAt: string;
  messageCount: number;
}

/** A conversation, messages oldest first: all of them, or the last ones of a page. */
export interface Conversation extends ConversationSummary {
  systemPrompt?: string;
  messages: StoredMessage[];
  /** How many messages come before `messages` when it is a page of the latest ones. */
  earlierMessages?: number;
}

/** One search hit: a message's content, or the title itself when `messageId` is absent. */
export interface SearchHit {
  conversationId: string;
  title: string;
  messageId?: number;
  /**
   * A short excerpt with each matched term between `SNIPPET_MATCH_START` and
   * `SNIPPET_MATCH_END`, so the UI can highlight without parsing HTML.
   */
  snippet: string;
}
