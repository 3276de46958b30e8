/** The configured servers as main reports them, their status kept live by `servers:status`. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api } from '../../../preload/api';
import type { ServerEntry, ServerStatus } from '../../../preload/schemas/servers';
import { messageOf } from '../lib/hooks';

/** Server names are unique regardless of case, as main keeps them. */
export function sameServer(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export interface ServersState {
  /** Undefined until the first list arrives. */
  entries: ServerEntry[] | undefined;
  error: string | undefined;
  reload(): Promise<void>;
  /** Takes a status main returned from a call, before (or instead of) its event. */
  applyStatus(status: ServerStatus): void;
  /** Records that a server was turned on or off. */
  applyEnabled(name: string, enabled: boolean): void;
}

export function useServers(api: Api): ServersState {
  const [entries, setEntries] = useState<ServerEntry[]>();
  const [error, setError] = useState<string>();
  const known = useRef<ServerEntry[]>(undefined);
  useEffect(() => {
    known.current = entries;
  }, [entries]);
  const applyStatus = useCallback((status: ServerStatus) => {
    setEntries((list) =>
      list?.map((entry) =>
        sameServer(entry.config.name, status.name) ? { ...entry, status } : entry,
      ),
    );
  }, []);
  const applyEnabled = useCallback((name: string, enabled: boolean) => {
    setEntries((list) =>
      list?.map((entry) =>
        sameServer(entry.config.name, name)
          ? { ...entry, config: { ...entry.config, enabled } }
          : entry,
      ),
    );
  }, []);
  const reload = useCallback(async () => {
    try {
      setEntries(await api.servers.list());
      setError(undefined);
    } catch (reason) {
      setError(messageOf(reason));
    }
  }, [api]);
  useEffect(() => {
    let live = true;
    const stop = api.servers.onStatus((status) => {
      // A server this list has not seen (added from a bundle, the registry, another window).
      const list = known.current;
      if (list && !list.some((entry) => sameServer(entry.config.name, status.name))) {
        void api.servers.list().then(
          (fresh) => live && setEntries(fresh),
          () => undefined,
        );
        return;
      }
      applyStatus(status);
    });
    api.servers.list().then(
      (list) => live && setEntries(list),
      (reason: unknown) => live && setError(messageOf(reason)),
    );
    return () => {
      live = false;
      stop();
    };
  }, [api, applyStatus]);
  return { entries, error, reload, applyStatus, applyEnabled };
}
