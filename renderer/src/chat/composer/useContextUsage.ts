/**
 * What the next request would take of the model's context, asked of main as the message is
 * written (`chat:contextUsage`: the code that builds the request, run with this draft). Asked a
 * moment after typing stops, again when the conversation, the model or its summary changes; an
 * answer to an older question is never shown over a newer one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api } from '../../../../preload/api';
import type { AttachmentRef } from '../../../../preload/schemas/content';
import type { ContextUsage } from '../../../../preload/schemas/context';
import type { FileRef } from '../../../../preload/schemas/files';

/** How long typing must pause before the bar is sized again. */
export const CONTEXT_USAGE_DELAY_MS = 400;

export interface ContextUsageInput {
  conversationId: string | undefined;
  model: string | undefined;
  text: string;
  attachments: readonly AttachmentRef[];
  /** The user's files already uploaded. */
  files?: readonly FileRef[];
  /** Changes when the conversation's messages do (a message saved, an earlier page read). */
  messagesKey: unknown;
}

export function useContextUsage(
  api: Api,
  input: ContextUsageInput,
): { usage: ContextUsage | undefined; refresh(): void } {
  const [usage, setUsage] = useState<ContextUsage>();
  const asked = useRef(0);
  const { conversationId, model, text, attachments, messagesKey } = input;
  const attachmentsKey = JSON.stringify(attachments);
  const filesKey = JSON.stringify(input.files ?? []);

  const ask = useCallback(() => {
    const question = ++asked.current;
    api.chat
      .contextUsage({
        ...(conversationId ? { conversationId } : {}),
        ...(model ? { model } : {}),
        text,
        attachments: JSON.parse(attachmentsKey) as AttachmentRef[],
        ...(filesKey === '[]' ? {} : { files: JSON.parse(filesKey) as FileRef[] }),
      })
      .then(
        (answer) => question === asked.current && setUsage(answer),
        // No model, Ollama away: the chat says so elsewhere, and the bar shows nothing.
        () => question === asked.current && setUsage(undefined),
      );
  }, [api, conversationId, model, text, attachmentsKey, filesKey]);

  useEffect(() => {
    const timer = setTimeout(ask, CONTEXT_USAGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ask, messagesKey]);

  useEffect(
    () =>
      api.chat.onSummaryChanged((event) => {
        if (event.conversationId === conversationId) ask();
      }),
    [api, ask, conversationId],
  );

  return { usage, refresh: ask };
}
