/**
 * Picks the bridge for the host the page runs in: the preload's `window.hearth` in the desktop
 * app, the WebSocket to the browser host otherwise. Either way the app gets the same typed Api.
 */
import {
  createApi,
  createBridge,
  type Api,
  type Bridge,
  type Unsubscribe,
} from '../../../preload/api';
import { BRIDGE_PATH } from '../../../preload/pageWire';
import {
  createWebSocketTransport,
  type ConnectionStatus,
  type SocketLike,
} from './webSocketTransport';

export interface Connection {
  api: Api;
  /** The desktop bridge is always connected; the WebSocket one reports its state. */
  status(): ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): Unsubscribe;
}

declare global {
  interface Window {
    hearth?: Bridge;
  }
}

export function connect(win: Window = window): Connection {
  if (win.hearth) {
    return { api: createApi(win.hearth), status: () => 'open', onStatus: () => () => undefined };
  }
  const transport = createWebSocketTransport(bridgeUrl(win.location), openBrowserSocket);
  return {
    api: createApi(createBridge(transport)),
    status: transport.status,
    onStatus: transport.onStatus,
  };
}

/** The WebSocket address on the page's own host; the token rides along when the page has one. */
export function bridgeUrl(location: Pick<Location, 'protocol' | 'host' | 'search'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const token = new URLSearchParams(location.search).get('token');
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${scheme}//${location.host}${BRIDGE_PATH}${query}`;
}

function openBrowserSocket(url: string): SocketLike {
  // The DOM's handler types are narrower than SocketLike's; the transport reads only `data`.
  return new WebSocket(url) as unknown as SocketLike;
}
