/**
 * A search of the registry and its pages: the first page on each new search (or a new registry
 * address), more on "Load more", and the entries left out of each (malformed), kept together.
 * Every answer is kept with the request it answers, so one arriving late for an older search is
 * never shown for a newer one.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Api } from '../../../../preload/api';
import type { RegistryPage, RegistrySummary } from '../../../../preload/schemas/registry';
import { messageOf } from '../../lib/hooks';

export interface RegistrySearch {
  servers: RegistrySummary[] | undefined;
  skipped: RegistryPage['skipped'];
  /** The registry sent more than a page holds (it ignores the page size), said in words. */
  overfull: string | undefined;
  hasMore: boolean;
  loading: 'first' | 'more' | undefined;
  error: string | undefined;
  search(text: string): void;
  loadMore(): void;
  retry(): void;
}

interface FirstPage {
  key: string;
  page?: RegistryPage;
  error?: string;
}

interface MorePages {
  key: string;
  servers: RegistrySummary[];
  skipped: RegistryPage['skipped'];
  overfull?: string;
  cursor?: string;
  loading: boolean;
  error?: string;
}

export function useRegistrySearch(api: Api, registryUrl: string | undefined): RegistrySearch {
  const [request, setRequest] = useState({ query: '', attempt: 0 });
  const key = `${registryUrl ?? ''}\n${request.query}\n${request.attempt}`;
  const [first, setFirst] = useState<FirstPage>();
  const [more, setMore] = useState<MorePages>();

  useEffect(() => {
    if (registryUrl === undefined) return;
    let live = true;
    api.registry.search({ search: request.query || undefined }).then(
      (page) => live && setFirst({ key, page }),
      (reason: unknown) => live && setFirst({ key, error: messageOf(reason) }),
    );
    return () => {
      live = false;
    };
  }, [api, key, registryUrl, request.query]);

  const current = first?.key === key ? first : undefined;
  const extra = more?.key === key ? more : undefined;
  const cursor =
    extra && (extra.servers.length > 0 || extra.cursor !== undefined)
      ? extra.cursor
      : current?.page?.nextCursor;

  const loadMore = useCallback(() => {
    if (!cursor) return;
    setMore((previous) => ({
      key,
      servers: previous?.key === key ? previous.servers : [],
      skipped: previous?.key === key ? previous.skipped : [],
      cursor,
      loading: true,
    }));
    api.registry.search({ search: request.query || undefined, cursor }).then(
      (page) =>
        setMore((previous) =>
          previous?.key === key
            ? {
                key,
                servers: [...previous.servers, ...page.servers],
                skipped: [...previous.skipped, ...page.skipped],
                overfull: page.overfull ?? previous.overfull,
                cursor: page.nextCursor,
                loading: false,
              }
            : previous,
        ),
      (reason: unknown) =>
        setMore((previous) =>
          previous?.key === key
            ? { ...previous, loading: false, error: messageOf(reason) }
            : previous,
        ),
    );
  }, [api, cursor, key, request.query]);

  const loadingFirst = registryUrl !== undefined && !current;
  return {
    servers: current?.page ? [...current.page.servers, ...(extra?.servers ?? [])] : undefined,
    skipped: [...(current?.page?.skipped ?? []), ...(extra?.skipped ?? [])],
    overfull: extra?.overfull ?? current?.page?.overfull,
    hasMore: !!current?.page && cursor !== undefined,
    loading: loadingFirst ? 'first' : extra?.loading ? 'more' : undefined,
    error: current?.error ?? extra?.error,
    search: (text) =>
      setRequest((previous) => ({ query: text.trim(), attempt: previous.attempt + 1 })),
    loadMore,
    retry: () => setRequest((previous) => ({ ...previous, attempt: previous.attempt + 1 })),
  };
}
