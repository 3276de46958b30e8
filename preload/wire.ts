/**
 * The browser host's wire format over its one WebSocket (documented in the README):
 * request  {"type":"invoke","id":1,"channel":"...","args":[...]}
 * reply    {"type":"result","id":1,"ok":true,"value":...}
 *          {"type":"result","id":1,"ok":false,"error":{"message":"...","code":"..."}}
 * event    {"type":"event","channel":"...","payload":...}
 * A message that cannot be read at all is answered with a result whose id is null.
 */
import { z } from 'zod';

export { BRIDGE_PATH, serverMessageSchema, type ServerMessage } from './pageWire';

/** Largest message either side accepts; contract strings are capped far below this. */
export const MAX_WIRE_MESSAGE_BYTES = 1024 * 1024;

export const invokeMessageSchema = z.strictObject({
  type: z.literal('invoke'),
  id: z.int().nonnegative(),
  channel: z.string().max(100),
  args: z.array(z.unknown()).max(16),
});
export type InvokeMessage = z.output<typeof invokeMessageSchema>;
