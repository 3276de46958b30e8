/**
 * The renderer's own WebSocket bridge connected to a test host, with `ws` standing in for the
 * browser's WebSocket (same API) so the page's Origin can be sent.
 */
import WebSocket from 'ws';
import { createApi, createBridge, type Api } from '../../preload/api';
import { bridgeUrl } from '../../renderer/src/bridge/connect';
import {
  createWebSocketTransport,
  type SocketLike,
  type WebSocketTransport,
} from '../../renderer/src/bridge/webSocketTransport';
import type { ServeProcess } from './serveProcess';
import type { TestHost } from './testHost';

export function connectRenderer(host: Pick<TestHost, 'port' | 'token' | 'origin'>): {
  api: Api;
  transport: WebSocketTransport;
} {
  const url = bridgeUrl({
    protocol: 'http:',
    host: `127.0.0.1:${host.port}`,
    search: `?token=${host.token}`,
  });
  const transport = createWebSocketTransport(
    url,
    (address) => new WebSocket(address, { origin: host.origin }) as unknown as SocketLike,
  );
  return { api: createApi(createBridge(transport)), transport };
}

/** The same, to a built host started as `npm run serve` starts it (its address says the port). */
export function connectToServe(host: Pick<ServeProcess, 'url' | 'token' | 'origin'>): {
  api: Api;
  transport: WebSocketTransport;
} {
  return connectRenderer({
    port: Number(new URL(host.url).port),
    token: host.token,
    origin: host.origin,
  });
}
