/**
 * Progress a server sent before a call's result reaches the call before the result does. The
 * SDK hands a notification to its handler a microtask late but settles a response at once, so
 * progress read in the same chunk as its result found the call gone: lost, and reported as "a
 * progress notification for an unknown token" in the server's log, blaming the server
 * (modelcontextprotocol/typescript-sdk#2580, open). A busy machine reads in bigger chunks, so it
 * happened most where progress matters most. Responses here wait one microtask, behind the
 * notifications read before them; nothing else changes order.
 */
import {
  isJSONRPCErrorResponse,
  isJSONRPCResultResponse,
  type Transport,
} from '@modelcontextprotocol/client';

/** Wraps the handler the client set on `transport` at connect: call after `client.connect`. */
export function progressBeforeResults(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message))
      queueMicrotask(() => deliver(message, extra));
    else deliver(message, extra);
  };
}
