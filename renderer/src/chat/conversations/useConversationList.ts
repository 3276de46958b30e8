/** The sidebar's data: the conversations (kept current as messages are saved) and search. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api } from '../../../../preload/api';
import { messageOf } from '../../lib/hooks';
import type { ConversationSummary, SearchHit } from '../chatTypes';

/** Wait after the last keystroke before searching, so typing a word is one query. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface ConversationSummaries {
  conversations: ConversationSummary[] | undefined;
  error: string | undefined;
  refresh(): void;
  /** Shows a change at once, before the next read confirms it. */
  replace(summary: ConversationSummary): void;
  remove(id: string): void;
}

/** Re-read on every saved message; reads never overlap (one more follows if asked meanwhile). */
export function useConversationSummaries(api: Api): ConversationSummaries {
  const [conversations, setConversations] = useState<ConversationSummary[]>();
  const [error, setError] = useState<string>();
  const reading = useRef<{ busy: boolean; again: boolean; live: boolean }>({
    busy: false,
    again: false,
    live: true,
  });

  const refresh = useCallback(() => {
    const flags = reading.current;
    const read = () => {
      flags.busy = true;
      api.conversations
        .list()
        .then(
          (list) => {
            if (!flags.live) return;
            setConversations(list);
            setError(undefined);
          },
          (reason: unknown) => flags.live && setError(messageOf(reason)),
        )
        .finally(() => {
          flags.busy = false;
          if (flags.again && flags.live) {
            flags.again = false;
            read();
          }
        });
    };
    if (flags.busy) flags.again = true;
    else read();
  }, [api]);

  useEffect(() => {
    const flags = reading.current;
    flags.live = true;
    refresh();
    const stop = api.chat.onMessage(() => refresh());
    return () => {
      flags.live = false;
      stop();
    };
  }, [api, refresh]);

  const replace = useCallback((summary: ConversationSummary) => {
    setConversations((list) =>
      list?.map((existing) => (existing.id === summary.id ? summary : existing)),
    );
  }, []);
  const remove = useCallback((id: string) => {
    setConversations((list) => list?.filter((existing) => existing.id !== id));
  }, []);

  return { conversations, error, refresh, replace, remove };
}

export interface SearchState {
  hits: SearchHit[] | undefined;
  error: string | undefined;
}

/** Hits for `query` after a pause in typing; undefined while the query is empty or pending. */
export function useSearch(api: Api, query: string): SearchState {
  const [result, setResult] = useState<{ query: string } & SearchState>({
    query: '',
    hits: undefined,
    error: undefined,
  });
  const trimmed = query.trim();
  useEffect(() => {
    if (!trimmed) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      api.conversations.search(trimmed).then(
        (hits) => live && setResult({ query: trimmed, hits, error: undefined }),
        (reason: unknown) =>
          live && setResult({ query: trimmed, hits: undefined, error: messageOf(reason) }),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, trimmed]);
  return result.query === trimmed && trimmed
    ? { hits: result.hits, error: result.error }
    : { hits: undefined, error: undefined };
}
