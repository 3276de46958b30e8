/**
 * The shapes one chat turn works with: what it is given, what it tells the page, and the one
 * value every tool call of a reply ends as (a `CallAnswer`), whatever kind of call it was.
 */
import type { ToolCall } from 'ollama';
import type { z } from 'zod';
import type {
  chatDeltaSchema,
  chatStatusSchema,
  RequestFacts,
  SamplingOptions,
} from '../../../../preload/schemas/chat';
import type { ConversationStore, NewMessage, StoredMessage, ToolCallOutcome } from '../../history';
import type { ModelTool, ToolImage } from '../../mcp';
import type { ModelProvider } from '../../ollama/ollamaService';
import type { CallContext, ToolCallEvent } from '../toolCall/types';
import type { RequestContextInput, SummaryInForce } from '../context/requestContext';
import type { OfferTools } from '../offer/toolOffer';
import type { ToolOffer } from '../offer/types';
import type { FileImages } from '../context/attachments';

export type { ToolCallEvent };
export type TurnState = z.output<typeof chatStatusSchema>['state'];

export interface TurnEvents {
  delta(event: z.output<typeof chatDeltaSchema>): void;
  status(event: z.output<typeof chatStatusSchema>): void;
  toolCall(event: ToolCallEvent): void;
  /** Messages were saved (the stored copies, with their ids). */
  saved(conversationId: string, messages: StoredMessage[]): void;
}

export interface TurnOptions {
  conversationId: string;
  turnId: string;
  model: string;
  /** What the turn starts with: the user's message (after a prompt's messages, if any). */
  opening: NewMessage[];
  /** The conversation's messages before this turn, as the caller just read them. */
  earlier: readonly StoredMessage[];
  signal: AbortSignal;
  provider: ModelProvider;
  history: ConversationStore;
  /** Where the images of the user's attached files are read from. */
  files?: FileImages;
  systemPrompt: string;
  /** Sent as Ollama's `options` with `num_ctx` (the conversation's own over Settings'). */
  sampling: SamplingOptions;
  /** The summary in force (standing for older turns), read for every request. */
  summary?(): SummaryInForce | undefined;
  /**
   * Given when the user lets Hearth summarise without asking: summarises the older turns the
   * next request would leave out. Resolves with why it could not, in words, or undefined.
   */
  summariseOlder?(input: RequestContextInput, signal: AbortSignal): Promise<string | undefined>;
  tools(): ModelTool[];
  /**
   * Waits (bounded) for servers still starting, so a message sent as Hearth opens gets their
   * tools; `waiting` gets the sentence that says so. Absent: nothing to wait for.
   */
  serversStarted?(signal: AbortSignal, waiting: (message: string) => void): Promise<void>;
  /** Chooses the tools offered when they exceed the model's budget; absent: all of them. */
  offerTools?: OfferTools;
  /** A tool ran for the turn's message: selection may learn from it. */
  learn?(message: string, owner: { server: string; tool: string }): void;
  settings: {
    loopLimit: number;
    /** Calls beyond this many in one reply are answered as not run. */
    maxCallsPerReply: number;
    /** How long a reply may take to start, and then to send its next token. */
    firstTokenSeconds?: number;
    idleSeconds?: number;
    contextTokens: number;
    contextCapTokens?: number;
    think: boolean;
    /** What a model taking levels (gpt-oss) is sent instead of on/off. */
    thinkLevel?: 'low' | 'medium' | 'high';
    /** Seconds as a number, or a Go duration string (Ollama's api.Duration). */
    keepAlive: string | number;
    /** Models whose calls written as text are read (absent: on; false: the user turned it off). */
    readTextCalls?: Readonly<Record<string, boolean>>;
  };
  call: Omit<CallContext, 'conversationId' | 'turnId' | 'signal' | 'seen' | 'emit' | 'readBefore'>;
  events: TurnEvents;
}

/** What the parts of one turn share: its options, and the two ways it speaks and keeps. */
export interface Turn {
  options: TurnOptions;
  /** The conversation as this turn sends it, kept in step with what it saves. */
  messages: StoredMessage[];
  status(state: TurnState, message?: string, problem?: string, link?: string): void;
  /** Saves a completed step at once, so a crash loses at most the step in flight. */
  save(messages: NewMessage[]): StoredMessage[];
  /** Ends the turn for an error: stopped when the user stopped it, else failed, in words. */
  fail(error: unknown): void;
}

/** One reply of the model, read to its end. */
export interface Reply {
  content: string;
  thinking: string;
  toolCalls: ToolCall[];
  timings?: { totalMs: number; promptTokens: number; evalTokens: number; evalMs: number };
  request: RequestFacts;
  doneReason: string | undefined;
  /** The text the calls were read from, when the model wrote them as text (textCallReply.ts). */
  written?: string;
}

/** A tool call of a reply, with the id Hearth gave it and who serves it (when anyone does). */
export interface PlannedCall {
  call: ToolCall;
  callId: string;
  owner: { server: string; tool: string } | undefined;
  /** The MCP App its tool declares (`ui://`), kept with the call so history shows it again. */
  appResourceUri?: string;
  /** The text Hearth read the call from, when the model wrote it as text. */
  fromText?: string;
}

/**
 * How one call was answered, whatever kind of call it was (refused over the cap, `search_tools`,
 * a real call through approvals and its server): `record` shows, keeps and saves it.
 */
export interface CallAnswer {
  callId: string;
  /** The name the model used, which its tool message carries back. */
  modelName: string;
  /** The card's last state; absent when the call never got one (stopped before it began). */
  card?: ToolCallEvent;
  /** What the model reads as the tool message. */
  content: string;
  /** How the call ended, as history keeps it. */
  outcome: ToolCallOutcome;
  /** An MCP App's structured result, kept with the call so the app shows it again. */
  appStructuredContent?: Record<string, unknown>;
  /** Images sent to a model that can see with the tool message, saved with it. */
  images?: ToolImage[];
  /** The tool that ran to completion: its result is outside content the model has now read. */
  ran?: { server: string; tool: string };
  /** The offer widened by a `search_tools` call, for the rounds after this one. */
  widenedOffer?: ToolOffer;
}
