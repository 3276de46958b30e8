/**
 * The open conversation, live: reads it from main, folds every turn event into view state, and
 * offers send, resend (retry or edit) and stop. `onStarted` hears the id of a conversation that
 * a first message created, so the app can show it as the current one.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Api } from '../../../preload/api';
import type { AttachmentRef, PromptRun } from '../../../preload/schemas/content';
import type { FileRef } from '../../../preload/schemas/files';
import { messageOf } from '../lib/hooks';
import {
  conversationReducer,
  initialConversationState,
  type ChatEvent,
  type ConversationState,
} from './conversationState';

export interface ConversationController {
  state: ConversationState;
  /** Resolves false when main refused the message (the reason is in `state.failure`). */
  send(
    text: string,
    model: string | undefined,
    attachments?: AttachmentRef[],
    prompt?: PromptRun,
    files?: FileRef[],
  ): Promise<boolean>;
  /** Sends the last user message again, or `text` in its place. */
  resend(text?: string): Promise<boolean>;
  stop(): void;
  dismissFailure(): void;
  /** Drops the last turn's failure and notice, which spoke of the model just switched from. */
  modelChanged(): void;
  /** Reads the page of messages before the first one read; rejects with main's reason. */
  loadEarlier(): Promise<void>;
}

/**
 * Messages read when a conversation opens, and per page when scrolling back: enough to fill
 * several screens, few enough that a conversation of 10,000 messages opens as fast as a short
 * one (bench: history.open_10k_ms).
 */
export const FIRST_PAGE_MESSAGES = 200;
export const EARLIER_PAGE_MESSAGES = 400;

export function useConversation(
  api: Api,
  conversationId: string | undefined,
  onStarted: (conversationId: string) => void,
): ConversationController {
  const [state, dispatch] = useReducer(
    conversationReducer,
    conversationId,
    initialConversationState,
  );
  // Opening another conversation resets the view, unless it is the one this view just started.
  const [shownId, setShownId] = useState(conversationId);
  if (shownId !== conversationId) {
    setShownId(conversationId);
    if (conversationId !== state.conversationId) dispatch({ type: 'open', conversationId });
  }

  const loadId = state.needsLoad ? state.conversationId : undefined;
  useEffect(() => {
    if (!loadId) return undefined;
    let live = true;
    api.conversations.get(loadId, { lastMessages: FIRST_PAGE_MESSAGES }).then(
      (conversation) => {
        if (!live) return;
        if (conversation) dispatch({ type: 'loaded', conversation });
        else dispatch({ type: 'loadFailed', message: 'This conversation no longer exists.' });
      },
      (reason: unknown) => live && dispatch({ type: 'loadFailed', message: messageOf(reason) }),
    );
    return () => {
      live = false;
    };
  }, [api, loadId]);

  useEffect(() => {
    // Streamed text is applied once per animation frame: main's batches are not aligned with
    // frames, and two commits in one frame only cost time. Any other event first applies the
    // text before it, so events keep their order.
    let pending: Extract<ChatEvent, { kind: 'delta' }>['payload'][] = [];
    let frame: number | undefined;
    const flush = () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      frame = undefined;
      for (const payload of mergeDeltas(pending))
        dispatch({ type: 'event', event: { kind: 'delta', payload } });
      pending = [];
    };
    const on = (event: ChatEvent) => {
      flush();
      dispatch({ type: 'event', event });
    };
    const stops = [
      api.chat.onDelta((payload) => {
        pending.push(payload);
        frame ??= requestAnimationFrame(flush);
      }),
      api.chat.onStatus((payload) => on({ kind: 'status', payload })),
      api.chat.onToolCall((payload) => on({ kind: 'toolCall', payload })),
      api.chat.onMessage((payload) => on({ kind: 'message', payload })),
      api.tools.onProgress((payload) => on({ kind: 'progress', payload })),
    ];
    return () => {
      flush();
      stops.forEach((stop) => stop());
    };
  }, [api]);

  const onStartedRef = useRef(onStarted);
  useEffect(() => {
    onStartedRef.current = onStarted;
  }, [onStarted]);

  const currentId = state.conversationId;
  const running = state.turn !== undefined;

  const start = useCallback(
    async (call: () => Promise<{ conversationId: string; turnId: string }>) => {
      try {
        const started = await call();
        dispatch({ type: 'started', ...started });
        if (started.conversationId !== currentId) onStartedRef.current(started.conversationId);
        return true;
      } catch (reason) {
        dispatch({ type: 'sendFailed', message: messageOf(reason) });
        return false;
      }
    },
    [currentId],
  );

  const send = useCallback(
    async (
      text: string,
      model: string | undefined,
      attachments: AttachmentRef[] = [],
      prompt?: PromptRun,
      files: FileRef[] = [],
    ) => {
      if (running) return false;
      dispatch({ type: 'sending' });
      return start(() =>
        api.chat.send({
          // Known before the turn's first event, so every event can be matched to it.
          turnId: crypto.randomUUID(),
          ...(currentId ? { conversationId: currentId } : {}),
          text,
          ...(model ? { model } : {}),
          ...(attachments.length ? { attachments } : {}),
          ...(files.length ? { files } : {}),
          ...(prompt ? { prompt } : {}),
        }),
      );
    },
    [api, currentId, running, start],
  );

  const resend = useCallback(
    async (text?: string) => {
      if (running || !currentId) return false;
      dispatch({ type: 'resending' });
      return start(() => api.chat.resend(currentId, text, crypto.randomUUID()));
    },
    [api, currentId, running, start],
  );

  // Stops this turn only: a Stop that arrives after it ended leaves the next one running.
  const turnId = state.turn?.turnId;
  const stop = useCallback(() => {
    if (currentId) void api.chat.stop(currentId, turnId).catch(() => undefined);
  }, [api, currentId, turnId]);

  const dismissFailure = useCallback(() => dispatch({ type: 'dismissFailure' }), []);
  const modelChanged = useCallback(() => dispatch({ type: 'modelChanged' }), []);

  const firstReadId = state.messages[0]?.id;
  // One read per page: asking again while it is on its way (a remounted row, a second scroll)
  // waits for the same read.
  const earlierRead = useRef<{ key: string; done: Promise<void> }>(undefined);
  const loadEarlier = useCallback(() => {
    if (!currentId || firstReadId === undefined) return Promise.resolve();
    const key = `${currentId}:${firstReadId}`;
    if (earlierRead.current?.key === key) return earlierRead.current.done;
    const done = (async () => {
      const page = await api.conversations.earlierMessages(
        currentId,
        firstReadId,
        EARLIER_PAGE_MESSAGES,
      );
      if (!page) throw new Error('This conversation no longer exists.');
      dispatch({
        type: 'earlierLoaded',
        conversationId: currentId,
        messages: page.messages,
        earlier: page.earlierMessages,
      });
    })();
    earlierRead.current = { key, done };
    // A failed read may be tried again.
    done.catch(() => {
      if (earlierRead.current?.done === done) earlierRead.current = undefined;
    });
    return done;
  }, [api, currentId, firstReadId]);

  return { state, send, resend, stop, dismissFailure, modelChanged, loadEarlier };
}

type DeltaPayload = Extract<ChatEvent, { kind: 'delta' }>['payload'];

/** Consecutive deltas of the same turn joined into one. */
function mergeDeltas(deltas: DeltaPayload[]): DeltaPayload[] {
  const merged: DeltaPayload[] = [];
  for (const delta of deltas) {
    const last = merged.at(-1);
    if (last && last.turnId === delta.turnId && last.conversationId === delta.conversationId) {
      const content = (last.content ?? '') + (delta.content ?? '');
      const thinking = (last.thinking ?? '') + (delta.thinking ?? '');
      merged[merged.length - 1] = {
        ...last,
        ...(content ? { content } : {}),
        ...(thinking ? { thinking } : {}),
      };
    } else {
      merged.push(delta);
    }
  }
  return merged;
}
