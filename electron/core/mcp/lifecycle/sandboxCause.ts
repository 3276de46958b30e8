/**
 * A start that failed after the sandbox refused something says so first: the server's own words
 * often blame something else (npm's "Invalid response body while trying to fetch", a Python
 * traceback about the network), and the user's fix is on the server's page, not in its output.
 */
import type { Transport } from '@modelcontextprotocol/client';
import { StdioProcessTransport } from '../transport/stdioProcessTransport';
import type { ConnectFailure } from './serverErrors';

export function namingTheSandbox(failure: ConnectFailure, transport: Transport): ConnectFailure {
  if (!(transport instanceof StdioProcessTransport)) return failure;
  const blocked = transport.wrapped?.blocked?.() ?? [];
  if (blocked.length === 0) return failure;
  return {
    ...failure,
    message: `Hearth's sandbox stopped it: ${blocked.join('; ')}. Allow what it needs on this page, or change its sandbox in Edit. ${failure.message}`,
  };
}
