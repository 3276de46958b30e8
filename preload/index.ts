/**
 * The preload: exposes the contract's API on `window.hearth` and nothing else. No raw
 * ipcRenderer, no Node: every method is bound to one contract channel (see ./api).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createBridge } from './api';
import type { Outcome } from './contract';

/** The global name the renderer looks for; the browser host has no such global. */
export const BRIDGE_GLOBAL = 'hearth';

const bridge = createBridge({
  async invoke(channel, args) {
    try {
      return (await ipcRenderer.invoke(channel, ...args)) as Outcome<unknown>;
    } catch {
      // Only reached when main has no handler or the window is closing; main itself never throws.
      // Electron's own text ("Error invoking remote method …") is not for the page to show.
      return {
        ok: false,
        error: { code: 'E_DISCONNECTED', message: 'Hearth’s main process did not answer.' },
      };
    }
  },
  subscribe(channel, listener) {
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, forward);
    return () => {
      ipcRenderer.removeListener(channel, forward);
    };
  },
});

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, bridge);
