/** The chat's wire types, named once from the contract so every chat file reads the same. */
import type { EventPayload, InvokeResult } from '../../../preload/contract';

export type StoredMessage = EventPayload<'chat:message'>['message'];
export type StoredToolCall = NonNullable<StoredMessage['toolCalls']>[number];
export type ToolCallEvent = EventPayload<'chat:toolCall'>;
export type ToolCallState = ToolCallEvent['state'];
export type ChatStatusEvent = EventPayload<'chat:status'>;
export type ChatDeltaEvent = EventPayload<'chat:delta'>;
export type ToolProgressEvent = EventPayload<'tools:progress'>;
export type PullProgressEvent = EventPayload<'models:pullProgress'>;
export type Conversation = NonNullable<InvokeResult<'conversations:get'>>;
export type ConversationSummary = InvokeResult<'conversations:list'>[number];
export type SearchHit = InvokeResult<'conversations:search'>[number];
export type ModelSummary = InvokeResult<'models:list'>[number];
export type ModelCapabilities = InvokeResult<'models:capabilities'>;
export type OllamaStatus = InvokeResult<'ollama:status'>;
