/**
 * Connects the contract to Electron's IPC: one `ipcMain.handle` per invoke channel, each passing
 * the sending frame's URL to the router, which checks it; and an event sink that sends to every
 * open window.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { invokeChannelNames } from '../../preload/channels';
import type { EventSink } from '../core/bridge/events';
import type { Router } from '../core/bridge/router';

export function registerIpc(ipcMain: Pick<IpcMain, 'handle'>, router: Router): void {
  for (const channel of invokeChannelNames) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, ...args: unknown[]) =>
      // A frame that navigated away or was destroyed has no URL, and is refused as untrusted.
      router.dispatch(channel, args, { url: event.senderFrame?.url ?? '' }),
    );
  }
}

/** Sends each event to every live window. */
export function windowsSink(
  allContents: () => Pick<WebContents, 'isDestroyed' | 'send'>[],
): EventSink {
  return (channel, payload) => {
    for (const contents of allContents()) {
      if (!contents.isDestroyed()) contents.send(channel, payload);
    }
  };
}
