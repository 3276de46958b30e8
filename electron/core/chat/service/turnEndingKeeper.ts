/**
 * Keeps what a turn's end says with the turn: the last message it saved carries the notice of a
 * reply cut off or left empty, the loop limit's notice, or a failure's words, so reopening the
 * conversation says it again (history/turnEndings.ts). Saving it never fails the turn.
 */
import type { EventPayload } from '../../../../preload/contract';
import type { ConversationStore, StoredMessage } from '../../history';
import type { Logger } from '../../logger';

type ChatStatusEvent = EventPayload<'chat:status'>;

const ENDS = new Set<ChatStatusEvent['state']>(['done', 'stopped', 'failed']);

export function turnEndingKeeper(
  history: Pick<ConversationStore, 'setEnding'>,
  conversationId: string,
  logger: Pick<Logger, 'warn'>,
) {
  let lastSaved: number | undefined;
  return {
    /** Hears every message the turn saves, to know which is its last. */
    saved(messages: readonly StoredMessage[]): void {
      lastSaved = messages.at(-1)?.id ?? lastSaved;
    },
    /** Hears every status; an end that says something is kept on the turn's last message. */
    status(event: ChatStatusEvent): void {
      if (!ENDS.has(event.state) || !event.message || lastSaved === undefined) return;
      try {
        history.setEnding(conversationId, lastSaved, {
          state: event.state as 'done' | 'stopped' | 'failed',
          message: event.message,
          ...(event.problem ? { problem: event.problem } : {}),
          ...(event.link ? { link: event.link } : {}),
        });
      } catch (error) {
        logger.warn('Keeping what the turn’s end said failed', error);
      }
    },
  };
}
