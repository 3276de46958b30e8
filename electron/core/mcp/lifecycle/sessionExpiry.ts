/**
 * Streamable HTTP sessions end on the server's side too (a restart, a timeout): the server then
 * answers HTTP 404 to the session's id, and the client must start a new session. A server
 * without sessions that answers 404 (to the optional GET stream, say) is not such a case.
 */
import {
  SdkHttpError,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';

export function isSessionGone(error: unknown, transport: Transport | undefined): boolean {
  return (
    error instanceof SdkHttpError &&
    error.status === 404 &&
    transport instanceof StreamableHTTPClientTransport &&
    transport.sessionId !== undefined
  );
}
