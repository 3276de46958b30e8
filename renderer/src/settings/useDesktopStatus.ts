/** What the desktop offers (a tray, a working global shortcut), kept current by main's events. */
import { useEffect, useState } from 'react';
import type { Api } from '../../../preload/api';
import type { DesktopStatus } from '../../../preload/contract';

/** Until main answers, and in the browser host: nothing is promised. */
const NOTHING: DesktopStatus = { tray: false, shortcut: 'none', quickChatCommand: '' };

export function useDesktopStatus(api: Api): DesktopStatus {
  const [status, setStatus] = useState<DesktopStatus>(NOTHING);
  useEffect(() => {
    let live = true;
    const stop = api.desktop.onStatusChanged((next) => setStatus(next));
    api.desktop.status().then(
      (next) => live && setStatus(next),
      () => undefined,
    );
    return () => {
      live = false;
      stop();
    };
  }, [api]);
  return status;
}
