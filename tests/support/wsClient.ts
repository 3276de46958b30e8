/** A bare WebSocket client speaking the browser host's wire format, with any Origin a test needs. */
import WebSocket from 'ws';

export interface WireClient {
  socket: WebSocket;
  /** Sends raw text and resolves with the next result message. */
  sendRaw(text: string): Promise<Record<string, unknown>>;
  invoke(channel: string, args: unknown[]): Promise<Record<string, unknown>>;
  events: Record<string, unknown>[];
  close(): void;
}

/** Resolves once open, or rejects with the HTTP status the server refused the upgrade with. */
export function openWire(url: string, origin: string | undefined): Promise<WireClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, origin ? { origin } : {});
    const results: ((message: Record<string, unknown>) => void)[] = [];
    const events: Record<string, unknown>[] = [];
    let nextId = 1;
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      if (message.type === 'event') events.push(message);
      else results.shift()?.(message);
    });
    socket.on('unexpected-response', (_request, response) =>
      reject(new Error(`HTTP ${response.statusCode}`)),
    );
    socket.on('error', reject);
    socket.on('open', () => {
      const sendRaw = (text: string) =>
        new Promise<Record<string, unknown>>((done) => {
          results.push(done);
          socket.send(text);
        });
      resolve({
        socket,
        sendRaw,
        invoke: (channel, args) =>
          sendRaw(JSON.stringify({ type: 'invoke', id: nextId++, channel, args })),
        events,
        close: () => socket.close(),
      });
    });
  });
}
