import { beforeEach, describe, expect, it, vi } from 'vitest';
import { methodPath } from '../../../preload/api';
import { eventChannelNames, invokeChannelNames } from '../../../preload/channels';

// Electron's binary cannot run in plain Node, so the two objects the preload touches are
// replaced by fakes that behave as Electron documents them.
const electron = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  return {
    exposed: new Map<string, unknown>(),
    listeners,
    invoke: vi.fn<(channel: string, ...args: unknown[]) => Promise<unknown>>(),
  };
});

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (name: string, value: unknown) => electron.exposed.set(name, value),
  },
  ipcRenderer: {
    invoke: electron.invoke,
    on: (channel: string, listener: (...args: unknown[]) => void) => {
      const set = electron.listeners.get(channel) ?? new Set();
      electron.listeners.set(channel, set);
      set.add(listener);
    },
    removeListener: (channel: string, listener: (...args: unknown[]) => void) => {
      electron.listeners.get(channel)?.delete(listener);
    },
  },
}));

type Exposed = Record<string, Record<string, (...args: unknown[]) => unknown>>;

async function loadPreload(): Promise<Exposed> {
  electron.exposed.clear();
  vi.resetModules();
  await import('../../../preload/index');
  expect([...electron.exposed.keys()]).toEqual(['hearth']);
  return electron.exposed.get('hearth') as Exposed;
}

describe('the preload', () => {
  beforeEach(() => {
    electron.invoke.mockReset();
    electron.listeners.clear();
  });

  it('exposes one object whose methods are exactly the contract’s channels', async () => {
    const hearth = await loadPreload();
    const exposed = Object.entries(hearth).flatMap(([domain, methods]) =>
      Object.keys(methods).map((name) => `${domain}.${name}`),
    );
    const expected = [...invokeChannelNames, ...eventChannelNames].map((channel) =>
      methodPath(channel).join('.'),
    );
    expect(exposed.sort()).toEqual(expected.sort());
    // No generic door: no invoke/on/removeListener method, nothing named after IPC.
    expect(exposed.filter((name) => /^ipc|\.(invoke|on|removeListener)$/i.test(name))).toEqual([]);
  });

  it('forwards a call to ipcRenderer.invoke on that channel only', async () => {
    electron.invoke.mockResolvedValue({ ok: true, value: { theme: 'dark' } });
    const hearth = await loadPreload();
    await expect(hearth.settings?.set?.({ theme: 'dark' })).resolves.toEqual({
      ok: true,
      value: { theme: 'dark' },
    });
    expect(electron.invoke).toHaveBeenCalledWith('settings:set', { theme: 'dark' });
  });

  it('reports a missing handler as a disconnected call instead of throwing', async () => {
    electron.invoke.mockRejectedValue(new Error("No handler registered for 'app:info'"));
    const hearth = await loadPreload();
    await expect(hearth.app?.info?.()).resolves.toEqual({
      ok: false,
      error: { code: 'E_DISCONNECTED', message: 'Hearth’s main process did not answer.' },
    });
  });

  it('gives listeners the payload but never the IPC event object', async () => {
    const hearth = await loadPreload();
    const seen: unknown[][] = [];
    const stop = hearth.settings?.onChanged?.((...args: unknown[]) =>
      seen.push(args),
    ) as () => void;
    const ipcEvent = { sender: { send: () => undefined }, ports: [] };
    for (const listener of electron.listeners.get('settings:changed') ?? [])
      listener(ipcEvent, { theme: 'dark' });
    expect(seen).toEqual([[{ theme: 'dark' }]]);
    stop();
    expect(electron.listeners.get('settings:changed')?.size).toBe(0);
  });
});
