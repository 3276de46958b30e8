import { describe, expect, it } from 'vitest';
import {
  BridgeError,
  createApi,
  createBridge,
  methodPath,
  type BridgeTransport,
} from '../../../preload/api';
import { eventChannelNames, invokeChannelNames } from '../../../preload/channels';
import type { Outcome } from '../../../preload/contract';

/** A transport that records calls and lets the test fire events. */
function recordingTransport(answer: (channel: string, args: unknown[]) => Outcome<unknown>) {
  const calls: [string, unknown[]][] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const transport: BridgeTransport = {
    invoke: async (channel, args) => {
      calls.push([channel, args]);
      return answer(channel, args);
    },
    subscribe: (channel, listener) => {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  };
  const fire = (channel: string, payload: unknown) =>
    listeners.get(channel)?.forEach((listener) => listener(payload));
  return { transport, calls, fire };
}

/** Every `domain.method` name on an API object. */
function methodNames(api: object): string[] {
  return Object.entries(api).flatMap(([domain, methods]) =>
    Object.keys(methods as object).map((name) => `${domain}.${name}`),
  );
}

describe('the API built from the contract', () => {
  it('has exactly one method per contract channel and nothing else', () => {
    const { transport } = recordingTransport(() => ({ ok: true, value: null }));
    const expected = [...invokeChannelNames, ...eventChannelNames].map((channel) =>
      methodPath(channel).join('.'),
    );
    expect(methodNames(createBridge(transport)).sort()).toEqual(expected.sort());
    expect(methodNames(createApi(createBridge(transport))).sort()).toEqual(expected.sort());
    expect(expected).toContain('settings.onChanged');
    expect(expected).toContain('settings.get');
  });

  it('sends each call on its own channel with its arguments', async () => {
    const { transport, calls } = recordingTransport(() => ({ ok: true, value: { theme: 'dark' } }));
    const api = createApi(createBridge(transport));
    await expect(api.settings.set({ theme: 'dark' })).resolves.toEqual({ theme: 'dark' });
    await api.app.info();
    expect(calls).toEqual([
      ['settings:set', [{ theme: 'dark' }]],
      ['app:info', []],
    ]);
  });

  it('leaves out optional arguments not given, so a JSON transport never sends null for them', async () => {
    const { transport, calls } = recordingTransport(() => ({ ok: true, value: [] }));
    const api = createApi(createBridge(transport));
    await api.servers.export(undefined);
    await api.conversations.list();
    expect(calls.map(([, args]) => JSON.stringify(args))).toEqual(['[]', '[]']);
  });

  it('turns a failed outcome into a BridgeError that keeps the code', async () => {
    const { transport } = recordingTransport(() => ({
      ok: false,
      error: { code: 'E_INVALID_PAYLOAD', message: 'settings:set was refused: bad theme.' },
    }));
    const failure = await createApi(createBridge(transport))
      .settings.set({ theme: 'dark' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BridgeError);
    expect(failure).toMatchObject({
      code: 'E_INVALID_PAYLOAD',
      message: 'settings:set was refused: bad theme.',
    });
  });

  it('delivers events to listeners until they unsubscribe', () => {
    const { transport, fire } = recordingTransport(() => ({ ok: true, value: null }));
    const api = createApi(createBridge(transport));
    const seen: unknown[] = [];
    const stop = api.settings.onChanged((settings) => seen.push(settings));
    fire('settings:changed', { theme: 'light' });
    stop();
    fire('settings:changed', { theme: 'dark' });
    expect(seen).toEqual([{ theme: 'light' }]);
  });

  it('refuses a listener that is not a function', () => {
    const { transport } = recordingTransport(() => ({ ok: true, value: null }));
    const bridge = createBridge(transport);
    expect(() => bridge.settings.onChanged('alert(1)' as never)).toThrow(
      /listener must be a function/,
    );
  });

  it('is frozen, so page code cannot swap a method', () => {
    const { transport } = recordingTransport(() => ({ ok: true, value: null }));
    const bridge = createBridge(transport);
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.isFrozen(bridge.settings)).toBe(true);
  });
});
