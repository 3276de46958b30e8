/**
 * Which older turns a new summary stands for: the fewest whole turns, oldest first, after which
 * the next request (with room for the summary) leaves nothing out, else every turn before the
 * last. Turns are cut where a user message starts one, so a tool call and its result always go
 * together (a result saved late goes with its call: requestContext.ts `messagesAfter`). Found by
 * the same computation the request is built with.
 */
import type { StoredMessage } from '../../history';
import { CHARS_PER_TOKEN } from './dropOldestTurns';
import { messagesAfter, requestContext, type RequestContextInput } from './requestContext';

/** Tokens kept for a summary: a short one, at most an eighth of the window. */
export function summaryRoomTokens(limit: number): number {
  return Math.max(128, Math.min(1_024, Math.floor(limit / 8)));
}

export interface SummaryCover {
  /** The last message the new summary stands for. */
  throughMessageId: number;
  /** The saved messages it must say, besides the summary in force (which it replaces). */
  messages: StoredMessage[];
}

/** The turns a new summary would stand for; undefined when there is no earlier turn to cover. */
export function summaryCover(input: RequestContextInput): SummaryCover | undefined {
  const after = messagesAfter(input.messages, input.summary?.throughMessageId);
  const starts: number[] = [];
  for (let index = 1; index < after.length; index++)
    if (after[index]?.role === 'user') starts.push(index);
  if (starts.length === 0) return undefined;
  // A summary of the room's size, so the turns kept leave room for the one to be written.
  const room = summaryRoomTokens(requestContext(input).limit);
  const placeholder = 'x'.repeat(Math.ceil(room * CHARS_PER_TOKEN));
  const fits = (start: number) =>
    requestContext({
      ...input,
      summary: { throughMessageId: (after[start - 1] as StoredMessage).id, content: placeholder },
    }).droppedMessages === 0;
  // Covering more never makes the request larger, so the first start that fits is found by halves.
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (fits(starts[middle] as number)) high = middle;
    else low = middle + 1;
  }
  const start = starts[low] as number;
  const throughMessageId = (after[start - 1] as StoredMessage).id;
  const covered = new Set(messagesAfter(input.messages, throughMessageId));
  return {
    throughMessageId,
    messages: after.filter((message) => !covered.has(message)),
  };
}
