/**
 * One browser-host WebSocket: reads invoke messages, hands them to the router, writes results,
 * and forwards events. A message that is not valid JSON or not an invoke message is answered with
 * E_BAD_MESSAGE (echoing its id when one can be read) and the connection stays open.
 */
import type { RawData, WebSocket } from 'ws';
import { invokeMessageSchema, type InvokeMessage, type ServerMessage } from '../../../preload/wire';
import type { Sender } from '../bridge/router';
import { describePayloadIssues } from '../bridge/router';
import type { Core } from '../createCore';
import type { Logger } from '../logger';

export interface SocketContext {
  core: Pick<Core, 'router' | 'events'>;
  sender: Sender;
  logger: Logger;
}

export function handleSocket(ws: WebSocket, context: SocketContext): void {
  const { core, sender, logger } = context;
  const removeSink = core.events.addSink((channel, payload) =>
    send(ws, { type: 'event', channel, payload }, logger),
  );
  ws.on('message', (data: RawData, isBinary: boolean) => {
    const message = readMessage(data, isBinary);
    if (!message.ok) {
      send(
        ws,
        {
          type: 'result',
          id: message.id,
          ok: false,
          error: { code: 'E_BAD_MESSAGE', message: message.reason },
        },
        logger,
      );
      return;
    }
    const { id, channel, args } = message.value;
    void core.router
      .dispatch(channel, args, sender)
      .then((outcome) => send(ws, { type: 'result', id, ...outcome }, logger));
  });
  ws.on('close', removeSink);
  ws.on('error', (error) => logger.warn('A bridge connection failed', error));
}

type ReadResult =
  { ok: true; value: InvokeMessage } | { ok: false; id: number | null; reason: string };

function readMessage(data: RawData, isBinary: boolean): ReadResult {
  if (isBinary)
    return { ok: false, id: null, reason: 'Binary messages are not part of the bridge protocol.' };
  let json: unknown;
  try {
    json = JSON.parse(rawText(data));
  } catch {
    return { ok: false, id: null, reason: 'The message is not valid JSON.' };
  }
  const parsed = invokeMessageSchema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const id = (json as { id?: unknown } | null)?.id;
  return {
    ok: false,
    id: Number.isSafeInteger(id) && (id as number) >= 0 ? (id as number) : null,
    reason: `The message is not an invoke message: ${describePayloadIssues(parsed.error)}.`,
  };
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

/**
 * The largest message sent to a page. Results and events are bounded where they are made (long
 * tool results are cut, content is read in pages); this is the backstop, so one oversized
 * message can never stall a page while it parses it.
 */
export const MAX_OUTBOUND_BYTES = 8 * 1024 * 1024;

function send(ws: WebSocket, message: ServerMessage, logger: Logger): void {
  if (ws.readyState !== ws.OPEN) return;
  const text = JSON.stringify(message);
  if (Buffer.byteLength(text) <= MAX_OUTBOUND_BYTES) {
    ws.send(text);
    return;
  }
  const what = message.type === 'event' ? `a ${message.channel} event` : 'an answer';
  logger.warn(`Did not send ${what} of ${text.length} characters to a page: it is too large.`);
  if (message.type === 'result')
    ws.send(
      JSON.stringify({
        type: 'result',
        id: message.id,
        ok: false,
        error: { code: 'E_FAILED', message: 'The answer was too large to send to this page.' },
      }),
    );
}
