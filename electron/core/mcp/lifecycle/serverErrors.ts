/**
 * What went wrong with a server, in words a user can act on: which command was missing, that
 * the server exited during start-up and what it printed, that it did not answer in time.
 */
import {
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  type Transport,
} from '@modelcontextprotocol/client';
import type { ServerConfig } from '../../../../preload/schemas/servers';
import { StdioProcessTransport } from '../transport/stdioProcessTransport';

export interface ConnectFailure {
  message: string;
  /** True when Streamable HTTP was refused in a way that suggests an older, SSE-only server. */
  tryNextKind: boolean;
}

export function describeConnectError(
  error: unknown,
  context: {
    kind: string;
    config: ServerConfig;
    transport: Transport;
    stderr: string[];
    timeoutMs: number;
    /** The launcher (npx, uvx) downloaded the package during this start. */
    download?: { package: string; stalled: boolean };
  },
): ConnectFailure {
  const printed =
    context.stderr.length > 0 ? ` Its last output: ${context.stderr.join(' | ')}` : '';
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  // Checked first: after a timeout Hearth ends the process itself, which is not the server's fault.
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    const seconds = context.timeoutMs / 1000;
    const download = context.download;
    if (download?.stalled)
      return fail(
        `The download of ${download.package} stopped making progress: nothing arrived for ${seconds} s. Check the network (and the sandbox's hosts), then start it again.${printed}`,
      );
    return fail(
      download
        ? `The server did not answer within ${seconds} s of its download (${download.package}) finishing.${printed}`
        : `The server did not answer within ${seconds} s of starting.${printed}`,
    );
  }
  if (context.transport instanceof StdioProcessTransport) {
    const command =
      context.config.transport.type === 'stdio' ? context.config.transport.command : '';
    if (code === 'ENOENT')
      return fail(`Hearth could not run “${command}”: no such program or folder.`);
    if (code === 'EACCES')
      return fail(`Hearth is not allowed to run “${command}” (permission denied).`);
    const exit = context.transport.exit;
    if (exit) {
      const how = exit.signal ? `was killed (${exit.signal})` : `exited with code ${exit.code}`;
      return fail(`The server ${how} during start-up.${printed}`);
    }
  }
  if (error instanceof SdkHttpError || /HTTP (\d{3})/.test(String((error as Error)?.message))) {
    const status =
      error instanceof SdkHttpError
        ? error.status
        : Number(/HTTP (\d{3})/.exec(String((error as Error).message))?.[1]);
    if (status === 401 || status === 403) {
      return fail(
        status === 401
          ? 'The server asks for authorization (HTTP 401). If it offers sign-in, save it and choose Sign in; otherwise add the header it needs, such as an API key.'
          : `The server refused access (HTTP ${status}). Check the header it needs, such as an API key, or sign in again.`,
      );
    }
    const older = status === 404 || status === 405 || status === 400;
    return {
      message: `The server answered HTTP ${status ?? 'an error'} at ${context.config.transport.type === 'http' ? context.config.transport.url : ''}.`,
      tryNextKind: older && context.kind === 'streamable-http',
    };
  }
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  if (error instanceof TypeError && cause) {
    const url = context.config.transport.type === 'http' ? context.config.transport.url : '';
    const reason =
      cause.code === 'ECONNREFUSED'
        ? 'nothing is listening there'
        : cause.code === 'ENOTFOUND'
          ? 'the host name is unknown'
          : (cause.message ?? cause.code ?? 'network error');
    return fail(`Hearth could not reach ${url}: ${reason}.`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    message: `The server could not be started: ${message}${printed}`,
    tryNextKind: context.kind === 'streamable-http',
  };
}

function fail(message: string): ConnectFailure {
  return { message, tryNextKind: false };
}

/** Why a tool call failed; `cancelled` when the user (or the chat) stopped it. */
export function describeCallError(
  error: unknown,
  tool: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): { message: string; cancelled?: boolean; timedOut?: boolean } {
  if (signal?.aborted) return { message: `The call to “${tool}” was cancelled.`, cancelled: true };
  if (error instanceof SdkError) {
    const total = (error.data as { maxTotalTimeout?: unknown } | undefined)?.maxTotalTimeout;
    if (error.code === SdkErrorCode.RequestTimeout && typeof total === 'number') {
      // Progress kept coming, so the idle timeout never fired: the hard cap on any call did.
      return {
        message: `“${tool}” kept reporting progress for ${formatDuration(total)} without finishing, so Hearth stopped it (no call may run longer).`,
      };
    }
    if (error.code === SdkErrorCode.RequestTimeout) {
      return {
        message: `“${tool}” took longer than ${Math.round(timeoutMs / 1000)} s without reporting progress, so Hearth stopped waiting.`,
        timedOut: true,
      };
    }
    if (error.code === SdkErrorCode.ConnectionClosed)
      return { message: `The server stopped while running “${tool}”.` };
  }
  if (error instanceof ProtocolError) {
    return {
      message: `The server refused the call to “${tool}”: ${error.message.replace(/^MCP error -?\d+: /, '')}`,
    };
  }
  return {
    message: `The call to “${tool}” failed: ${error instanceof Error ? error.message : String(error)}`,
  };
}

function formatDuration(ms: number): string {
  return ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`;
}
