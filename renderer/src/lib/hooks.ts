/** State that mirrors main: settings, notices and the bridge's connection. */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Api } from '../../../preload/api';
import type { Notice, Settings, SettingsPatch } from '../../../preload/contract';
import type { Connection } from '../bridge/connect';
import type { ConnectionStatus } from '../bridge/webSocketTransport';
import { settingsStoreFor } from './settingsStore';

export interface SettingsState {
  settings: Settings | undefined;
  error: string | undefined;
  /** Resolves true when main saved the change. */
  update(patch: SettingsPatch): Promise<boolean>;
}

/**
 * The settings in force, kept current by `settings:changed` from any window; every component of
 * a page shares one copy (settingsStore.ts).
 */
export function useSettings(api: Api): SettingsState {
  const store = settingsStoreFor(api);
  const { settings, failure } = useSyncExternalStore(store.subscribe, store.snapshot);
  return { settings, error: failure && messageOf(failure.reason), update: store.update };
}

/** Notices from main: those raised before the page loaded, then each new one. */
export function useNotices(api: Api): { notices: Notice[]; dismiss(id: number): void } {
  const [notices, setNotices] = useState<Notice[]>([]);
  useEffect(() => {
    let live = true;
    const stop = api.notices.onAdded((notice) =>
      setNotices((all) => [...all.filter((n) => n.id !== notice.id), notice]),
    );
    api.notices.list().then(
      (list) => live && setNotices((all) => mergeById(list, all)),
      () => undefined,
    );
    return () => {
      live = false;
      stop();
    };
  }, [api]);
  const dismiss = useCallback(
    (id: number) => {
      setNotices((all) => all.filter((notice) => notice.id !== id));
      void api.notices.dismiss(id).catch(() => undefined);
    },
    [api],
  );
  return { notices, dismiss };
}

/** True in the desktop app, where the system's pickers can name the host's files and folders. */
export function useDesktopHost(api: Api): boolean {
  const [desktop, setDesktop] = useState(false);
  useEffect(() => {
    let live = true;
    api.app.info().then(
      (info) => live && setDesktop(info.host === 'electron'),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return desktop;
}

export function useConnectionStatus(connection: Connection): ConnectionStatus {
  return useSyncExternalStore(connection.onStatus, connection.status);
}

function mergeById(first: Notice[], second: Notice[]): Notice[] {
  const byId = new Map([...first, ...second].map((notice) => [notice.id, notice]));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function messageOf(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
