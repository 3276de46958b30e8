/** State that mirrors main: settings, notices and the bridge's connection. */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Api } from '../../preload/api';
import type { Notice, Settings, SettingsPatch } from '../../preload/contract';
import { applySettingsPatch } from '../../preload/settingsPatch';
import type { Connection } from './bridge/connect';
import type { ConnectionStatus } from './bridge/webSocketTransport';

export interface SettingsState {
  settings: Settings | undefined;
  error: string | undefined;
  /** Resolves true when main saved the change. */
  update(patch: SettingsPatch): Promise<boolean>;
}

/** The settings in force, kept current by `settings:changed` from any window. */
export function useSettings(api: Api): SettingsState {
  const [settings, setSettings] = useState<Settings>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    const stop = api.settings.onChanged((next) => setSettings(next));
    api.settings.get().then(
      (value) => live && setSettings(value),
      (reason: unknown) => live && setError(messageOf(reason)),
    );
    return () => {
      live = false;
      stop();
    };
  }, [api]);
  const update = useCallback(
    async (patch: SettingsPatch) => {
      // Show the change at once; main's answer (or the value before, on failure) settles it.
      let before: Settings | undefined;
      setSettings((current) => {
        before = current;
        return current && applySettingsPatch(current, patch);
      });
      try {
        setSettings(await api.settings.set(patch));
        setError(undefined);
        return true;
      } catch (reason) {
        setSettings(before);
        setError(messageOf(reason));
        return false;
      }
    },
    [api],
  );
  return { settings, error, update };
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
