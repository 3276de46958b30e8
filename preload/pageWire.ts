/**
 * The page's side of the browser host's wire (format in ./wire): where the WebSocket is, and the
 * shape every message from the host must have before the page acts on it. Written with zod/mini
 * and free of the contract, so the page's first script carries neither zod's full build nor the
 * contract's schemas; the host still parses every payload against the contract.
 */
import * as z from 'zod/mini';
import { errorCodes } from './outcome';

/** The path of the WebSocket on the browser host. */
export const BRIDGE_PATH = '/bridge';

const messageId = z.nullable(z.int().check(z.nonnegative()));
const errorSchema = z.strictObject({ message: z.string(), code: z.enum(errorCodes) });

export const serverMessageSchema = z.union([
  z.strictObject({
    type: z.literal('result'),
    id: messageId,
    ok: z.literal(true),
    value: z.unknown(),
  }),
  z.strictObject({
    type: z.literal('result'),
    id: messageId,
    ok: z.literal(false),
    error: errorSchema,
  }),
  z.strictObject({ type: z.literal('event'), channel: z.string(), payload: z.unknown() }),
]);
export type ServerMessage = z.output<typeof serverMessageSchema>;
