/**
 * The browser host's wire format over its one WebSocket (documented in the README):
 * request  {"type":"invoke","id":1,"channel":"...","args":[...]}
 * reply    {"type":"result","id":1,"ok":true,"value":...}
 *          {"type":"result","id":1,"ok":false,"error":{"message":"...","code":"..."}}
 * event    {"type":"event","channel":"...","payload":...}
 * A message that cannot be read at all is answered with a result whose id is null.
 */
import { z } from 'zod';
import { errorCodes } from './contract';

/** Largest message either side accepts; contract strings are capped far below this. */
export const MAX_WIRE_MESSAGE_BYTES = 1024 * 1024;

/** The path of the WebSocket on the browser host. */
export const BRIDGE_PATH = '/bridge';

export const invokeMessageSchema = z.strictObject({
  type: z.literal('invoke'),
  id: z.int().nonnegative(),
  channel: z.string().max(100),
  args: z.array(z.unknown()).max(16),
});
export type InvokeMessage = z.output<typeof invokeMessageSchema>;

const errorSchema = z.strictObject({ message: z.string(), code: z.enum(errorCodes) });

export const serverMessageSchema = z.union([
  z.strictObject({
    type: z.literal('result'),
    id: z.int().nonnegative().nullable(),
    ok: z.literal(true),
    value: z.unknown(),
  }),
  z.strictObject({
    type: z.literal('result'),
    id: z.int().nonnegative().nullable(),
    ok: z.literal(false),
    error: errorSchema,
  }),
  z.strictObject({ type: z.literal('event'), channel: z.string(), payload: z.unknown() }),
]);
export type ServerMessage = z.output<typeof serverMessageSchema>;
