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
import { useBranchShown } from './branchShown';
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
  /** A new version of user message `messageId` with `text`, and a reply to it. */
  edit(messageId: number, text: string): Promise<boolean>;
  /** A new version of the reply message `messageId` belongs to, by `model` when given. */
  regenerate(messageId: number, model?: string): Promise<boolean>;
  /**
   * Shows another version of a message with the branch it was last continued on. Nothing is
   * sent: main only moves the branch on screen. Rejects with main's reason.
   */
  showVersion(messageId: number): Promise<void>;
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

  // A turn that made a new version: once it ends, the branch is read again, so the versions of
  // the messages it replaced show.
  const branched = useRef(false);
  const readBranch = useCallback(
    async (conversationId: string) => {
      const conversation = await api.conversations.get(conversationId, {
        lastMessages: FIRST_PAGE_MESSAGES,
      });
      if (conversation) dispatch({ type: 'branchShown', conversation });
    },
    [api],
  );
  useBranchShown((shownId) => {
    if (shownId === currentId && !running) readBranch(shownId).catch(() => undefined);
  });
  useEffect(() => {
    if (running || !branched.current || !currentId) return;
    branched.current = false;
    readBranch(currentId).catch(() => undefined);
  }, [running, currentId, readBranch]);

  const branch = useCallback(
    async (
      fromId: number | undefined,
      call: (
        conversationId: string,
        turnId: string,
      ) => Promise<{
        conversationId: string;
        turnId: string;
      }>,
    ) => {
      if (running || !currentId) return false;
      branched.current = true;
      dispatch({ type: 'branching', fromId });
      return start(() => call(currentId, crypto.randomUUID()));
    },
    [currentId, running, start],
  );

  const messages = state.messages;
  const resend = useCallback(
    (text?: string) => {
      const lastUser = messages.findLastIndex((message) => message.role === 'user');
      // An edit replaces the last message; a retry, only what answered it.
      const fromId = text === undefined ? messages[lastUser + 1]?.id : messages[lastUser]?.id;
      return branch(fromId, (id, turnId) => api.chat.resend(id, text, turnId));
    },
    [api, branch, messages],
  );
  const edit = useCallback(
    (messageId: number, text: string) =>
      branch(messageId, (id, turnId) => api.chat.edit(id, messageId, text, turnId)),
    [api, branch],
  );
  const regenerate = useCallback(
    (messageId: number, model?: string) => {
      // The reply starts after the user message before it.
      const index = messages.findIndex((message) => message.id === messageId);
      const question = messages.slice(0, index + 1).findLastIndex((m) => m.role === 'user');
      const fromId = messages[question + 1]?.id;
      return branch(fromId, (id, turnId) =>
        api.chat.regenerate(id, messageId, { ...(model ? { model } : {}), turnId }),
      );
    },
    [api, branch, messages],
  );
  const showVersion = useCallback(
    async (messageId: number) => {
      if (running || !currentId) return;
      await api.conversations.showVersion(currentId, messageId);
      await readBranch(currentId);
    },
    [api, currentId, readBranch, running],
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

  return {
    state,
    send,
    resend,
    edit,
    regenerate,
    showVersion,
    stop,
    dismissFailure,
    modelChanged,
    loadEarlier,
  };
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
