import { settingsWith } from '../support/settings';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeError } from '../../preload/api';
import type { WebSocketTransport } from '../../renderer/src/bridge/webSocketTransport';
import { connectRenderer } from '../support/rendererBridge';
import { startTestHost, type TestHost } from '../support/testHost';

// The renderer's own transport against a real browser host.
let host: TestHost | undefined;
let transport: WebSocketTransport | undefined;
afterEach(async () => {
  transport?.close();
  await host?.close();
});

function connectTransport(target: TestHost) {
  const connected = connectRenderer(target);
  transport = connected.transport;
  return connected.api;
}

describe('the renderer’s WebSocket transport', () => {
  it('queues calls made before the socket opens and answers them', async () => {
    host = await startTestHost();
    const api = connectTransport(host);
    const [info, settings] = await Promise.all([api.app.info(), api.settings.get()]);
    expect(info.host).toBe('browser');
    expect(settings).toEqual(settingsWith({ theme: 'system' }));
    expect(transport?.status()).toBe('open');
  });

  it('carries a refusal back as a BridgeError with its code', async () => {
    host = await startTestHost();
    const api = connectTransport(host);
    const error = await api.settings
      .set({ theme: 'sepia' } as never)
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(BridgeError);
    expect((error as BridgeError).code).toBe('E_INVALID_PAYLOAD');
  });

  it('delivers events from main to listeners', async () => {
    host = await startTestHost();
    const api = connectTransport(host);
    const seen: unknown[] = [];
    api.settings.onChanged((settings) => seen.push(settings));
    await api.settings.set({ theme: 'dark' });
    expect(seen).toEqual([settingsWith({ theme: 'dark' })]);
  });

  it('fails calls in flight when the host goes away, then reconnects when it is back', async () => {
    const first = await startTestHost();
    host = first;
    const api = connectTransport(first);
    await api.settings.get();
    const statuses: string[] = [];
    transport?.onStatus((status) => statuses.push(status));
    await first.close();
    await expect(api.app.info()).rejects.toMatchObject({ code: 'E_DISCONNECTED' });
    // The same address and token again, as after a restart with --port.
    host = await startTestHost({ dataDir: first.dataDir, port: first.port, token: first.token });
    await expect(api.settings.get()).resolves.toEqual(settingsWith({ theme: 'system' }));
    expect(statuses).toContain('reconnecting');
    expect(statuses.at(-1)).toBe('open');
  });
});
