/**
 * The summary that stands for a conversation's older turns (if any), kept in step with main's
 * `chat:summaryChanged`, and the edit and undo its card offers.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Api } from '../../../../preload/api';
import type { ContextSummary } from '../../../../preload/schemas/context';
import type { StoredMessage } from '../chatTypes';

export function useContextSummary(
  api: Api,
  conversationId: string | undefined,
): {
  current: ContextSummary | undefined;
  /** Resolve with a sentence when they did not work. */
  edit(content: string): Promise<string | undefined>;
  undo(): Promise<string | undefined>;
} {
  const [current, setCurrent] = useState<{ id: string | undefined; summary?: ContextSummary }>({
    id: undefined,
  });
  useEffect(() => {
    if (!conversationId) return undefined;
    let live = true;
    api.chat.summary(conversationId).then(
      (summary) => live && setCurrent({ id: conversationId, ...(summary ? { summary } : {}) }),
      // None to show: the conversation reads as it did before summaries.
      () => undefined,
    );
    const stop = api.chat.onSummaryChanged((event) => {
      if (event.conversationId === conversationId)
        setCurrent({ id: conversationId, ...(event.summary ? { summary: event.summary } : {}) });
    });
    return () => {
      live = false;
      stop();
    };
  }, [api, conversationId]);
  const summary = current.id === conversationId ? current.summary : undefined;

  const edit = useCallback(
    (content: string) =>
      summary
        ? api.chat.editSummary(summary.conversationId, summary.id, content).then(
            (edited) => (setCurrent({ id: edited.conversationId, summary: edited }), undefined),
            (error: unknown) => (error as Error).message,
          )
        : Promise.resolve(undefined),
    [api, summary],
  );
  const undo = useCallback(
    () =>
      summary
        ? api.chat.undoSummary(summary.conversationId, summary.id).then(
            (before) => (
              setCurrent({ id: summary.conversationId, ...(before ? { summary: before } : {}) }),
              undefined
            ),
            (error: unknown) => (error as Error).message,
          )
        : Promise.resolve(undefined),
    [api, summary],
  );
  return { current: summary, edit, undo };
}

/**
 * Where the summary's card goes among the messages shown: before the first one after the last
 * message it stands for (at the top when those are not read yet); none when nothing follows.
 */
export function atSummary(
  visible: readonly StoredMessage[],
  throughMessageId: number,
): number | undefined {
  const index = visible.findIndex((message) => message.id > throughMessageId);
  return index === -1 ? undefined : index;
}
