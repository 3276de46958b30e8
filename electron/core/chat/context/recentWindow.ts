/**
 * The recent part of a long conversation that a request could hold, found from the end without
 * looking at the rest: a conversation of 10,000 messages sends its last few hundred, and every
 * request used to convert, pair and count all of them first (bench:
 * chat.loop_overhead_ms.long_conversation_p50).
 *
 * It starts at the turn where even a low count of the messages after it outgrows the largest
 * window a request may have, so fitToContext (which drops whole turns, oldest first) would drop
 * everything before it anyway. The count is low on purpose (the message's text alone, with the
 * per-message overhead: what it is sent as only adds to that), so nothing that could fit is cut.
 */
import type { StoredMessage } from '../../history/types';
import { estimateTokens, MESSAGE_OVERHEAD_TOKENS } from './dropOldestTurns';
import {
  contextLimit,
  estimateJsonTokens,
  sizeContext,
  type SizeContextInput,
  type SizedContext,
} from './numCtx';
import { toOllamaMessages } from './ollamaMessages';

export interface RecentWindow {
  /** Whether anything comes before: then the whole conversation outgrows the largest window. */
  cut: boolean;
  /**
   * The conversation from the start of a turn (or whole), less any result whose call comes
   * before that start: it goes with its call, as toOllamaMessages pairs them.
   */
  messages: readonly StoredMessage[];
  /** Messages a request would have sent that are not in `messages` (all but system messages). */
  leftOut: number;
}

/** Lowest counts, kept per saved message (messages are kept objects: history/messageCache.ts). */
const lowest = new WeakMap<StoredMessage, number>();

function lowestTokens(message: StoredMessage): number {
  // Never sent: toOllamaMessages leaves system messages out.
  if (message.role === 'system') return 0;
  let tokens = lowest.get(message);
  if (tokens === undefined) {
    tokens = MESSAGE_OVERHEAD_TOKENS + estimateTokens(message.content);
    lowest.set(message, tokens);
  }
  return tokens;
}

/**
 * The suffix of `messages` a request with room for `roomTokens` of conversation (the largest
 * window less the system prompt and the tools) could send any of.
 */
export function recentWindow(messages: readonly StoredMessage[], roomTokens: number): RecentWindow {
  let total = 0;
  let index = messages.length - 1;
  for (; index >= 0; index--) {
    total += lowestTokens(messages[index] as StoredMessage);
    if (total > roomTokens) break;
  }
  if (index < 0) return { cut: false, messages, leftOut: 0 };
  // Back to where that turn starts: its user message (or the start, for a greeting before any).
  while (index > 0 && messages[index]?.role !== 'user') index--;
  let leftOut = 0;
  for (let before = 0; before < index; before++) if (messages[before]?.role !== 'system') leftOut++;
  const recent = messages.slice(index);
  const called = new Set<string>();
  for (const message of recent) for (const call of message.toolCalls ?? []) called.add(call.id);
  const paired = recent.filter(
    (message) => message.role !== 'tool' || !message.toolCallId || called.has(message.toolCallId),
  );
  return { cut: true, messages: paired, leftOut: leftOut + recent.length - paired.length };
}

/**
 * The saved conversation as one request sends it: its recent part converted to Ollama's shape
 * and sized to `num_ctx`, as `sizeContext` over all of it would give.
 */
export function fitConversation(
  input: Omit<SizeContextInput, 'messages' | 'toolsTokens' | 'before'> & {
    messages: readonly StoredMessage[];
    vision: boolean;
  },
): SizedContext {
  const toolsTokens = estimateJsonTokens(input.toolsJson);
  const recent = recentWindow(
    input.messages,
    contextLimit(input) -
      MESSAGE_OVERHEAD_TOKENS -
      estimateTokens(input.system) -
      (input.summary === undefined ? 0 : MESSAGE_OVERHEAD_TOKENS + estimateTokens(input.summary)) -
      toolsTokens,
  );
  return sizeContext({
    ...input,
    messages: toOllamaMessages(recent.messages, input.vision),
    toolsTokens,
    ...(recent.cut ? { before: { leftOut: recent.leftOut } } : {}),
  });
}
