/**
 * Tool calls the model asked for that never got a result: Hearth was killed while one waited for
 * approval or ran. Ollama (and the model) expect every call answered, and the history would show
 * a call forever waiting. Such calls get a result saying so, saved in the history when the
 * conversation is next opened or continued, and supplied in what the model is sent.
 */
import type { ConversationStore, NewMessage, StoredMessage, StoredToolCall } from '../../history';

/** What the model and the user read for a call Hearth never made. */
export const UNANSWERED_RESULT =
  'Hearth stopped before this ran: the tool was not called. Call it again if it is still needed.';

export interface UnansweredCall {
  /** The assistant message that asked for it. */
  messageId: number;
  call: StoredToolCall;
}

export function findUnansweredCalls(messages: readonly StoredMessage[]): UnansweredCall[] {
  const answered = new Set<string>();
  for (const message of messages)
    if (message.role === 'tool' && message.toolCallId) answered.add(message.toolCallId);
  const unanswered: UnansweredCall[] = [];
  for (const message of messages)
    for (const call of message.role === 'assistant' ? (message.toolCalls ?? []) : [])
      if (!answered.has(call.id)) unanswered.push({ messageId: message.id, call });
  return unanswered;
}

export function unansweredResult(call: StoredToolCall): NewMessage {
  return {
    role: 'tool',
    content: UNANSWERED_RESULT,
    toolCallId: call.id,
    toolName: call.modelName,
  };
}

/**
 * Messages read to find unanswered calls: a stop leaves them in the last assistant message that
 * made calls, and a page never starts between a call and its results, so the latest messages
 * suffice without reading a long conversation whole.
 */
const LATEST_MESSAGES = 100;

/**
 * Saves a result for every unanswered call among a conversation's latest messages. Only for a
 * conversation with no turn running: a running turn's calls may be waiting for approval, which
 * does not make them unanswered. Returns how many were answered.
 */
export function answerUnansweredCalls(
  history: ConversationStore,
  conversationId: string,
  /** A call whose task a server still runs is answered when the task ends, not here. */
  isPending: (callId: string) => boolean = () => false,
  /**
   * The conversation's latest messages when the caller has just read them, and how many come
   * before: used when they are all, or enough, so opening a conversation reads its last page once.
   */
  latest?: { messages: readonly StoredMessage[]; earlier: number },
): number {
  const enough =
    latest && (latest.earlier === 0 || latest.messages.length >= LATEST_MESSAGES)
      ? latest.messages
      : undefined;
  const messages = enough ?? history.messagePage(conversationId, LATEST_MESSAGES)?.messages;
  if (!messages) return 0;
  const unanswered = findUnansweredCalls(messages).filter(({ call }) => !isPending(call.id));
  if (unanswered.length === 0) return 0;
  history.append(
    conversationId,
    unanswered.map(({ call }) => unansweredResult(call)),
  );
  for (const { messageId, call } of unanswered)
    history.setToolCallOutcome(conversationId, messageId, call.id, 'not-run');
  return unanswered.length;
}
