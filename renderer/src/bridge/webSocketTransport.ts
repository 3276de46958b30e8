/**
 * The browser host's side of the bridge: the contract over one WebSocket (wire format in
 * preload/wire.ts, the page's check of what arrives in preload/pageWire.ts). Reconnects with
 * backoff after the host restarts; calls made while the socket is down wait for it, and calls in
 * flight when it drops fail with E_DISCONNECTED rather than hanging forever.
 */
import type { BridgeTransport, Unsubscribe } from '../../../preload/api';
import type { EventChannel, Outcome } from '../../../preload/contract';
import { serverMessageSchema } from '../../../preload/pageWire';

/** The subset of the browser's WebSocket the transport uses, so tests can pass `ws`'s. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface WebSocketTransport extends BridgeTransport {
  status(): ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): Unsubscribe;
  close(): void;
}

const OPEN = 1;
/** Backoff between reconnect attempts: quick at first, then at most every 5 s. */
export const RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000];

export function createWebSocketTransport(
  url: string,
  openSocket: (url: string) => SocketLike,
): WebSocketTransport {
  let socket: SocketLike | undefined;
  let status: ConnectionStatus = 'connecting';
  let attempt = 0;
  let nextId = 1;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<number, (outcome: Outcome<unknown>) => void>();
  const queued: string[] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();

  const setStatus = (next: ConnectionStatus) => {
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const failPending = () => {
    // A call reported as failed must never run later: drop what was waiting to be sent too.
    queued.length = 0;
    for (const [id, resolve] of pending) {
      pending.delete(id);
      resolve({
        ok: false,
        error: {
          code: 'E_DISCONNECTED',
          message: 'The connection to Hearth was lost before it answered.',
        },
      });
    }
  };

  const connect = () => {
    const current = openSocket(url);
    socket = current;
    current.onopen = () => {
      attempt = 0;
      setStatus('open');
      for (const message of queued.splice(0)) current.send(message);
    };
    current.onmessage = (event) => receive(event.data);
    current.onerror = () => undefined; // onclose follows and does the work
    current.onclose = () => {
      if (socket !== current) return;
      failPending();
      if (status === 'closed') return;
      setStatus('reconnecting');
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)];
      reconnectTimer = setTimeout(connect, delay);
    };
  };

  const receive = (data: unknown) => {
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = serverMessageSchema.safeParse(json);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'event') {
      for (const listener of listeners.get(message.channel) ?? []) listener(message.payload);
      return;
    }
    if (message.id === null) return;
    const resolve = pending.get(message.id);
    pending.delete(message.id);
    resolve?.(
      message.ok ? { ok: true, value: message.value } : { ok: false, error: message.error },
    );
  };

  connect();

  return {
    invoke(channel, args) {
      if (status === 'closed') {
        return Promise.resolve({
          ok: false,
          error: { code: 'E_DISCONNECTED', message: 'The bridge is closed.' },
        });
      }
      const id = nextId++;
      const message = JSON.stringify({ type: 'invoke', id, channel, args });
      return new Promise((resolve) => {
        pending.set(id, resolve);
        if (socket?.readyState === OPEN) socket.send(message);
        else queued.push(message);
      });
    },
    subscribe(channel: EventChannel, listener) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    status: () => status,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    close() {
      setStatus('closed');
      clearTimeout(reconnectTimer);
      socket?.close();
      failPending();
    },
  };
}
