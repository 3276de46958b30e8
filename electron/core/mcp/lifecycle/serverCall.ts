/**
 * A tool call on a ready server's client: as a task when the tool runs as one, else a plain
 * call. On a local server's pipe it also reads what the call left behind: a refusal of Hearth's
 * sandbox is named, and a reply that broke the pipe's framing stops the server (it restarts).
 */
import { LOG_LEVEL_META_KEY, type Client, type Transport } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerStatus } from '../../../../preload/schemas/servers';
import { callTool, type ToolCallOptions, type ServerCallOutcome } from '../offerings/callTool';
import type { PendingTasks } from '../offerings/tasks/pendingTasks';
import { runAsTask } from '../offerings/tasks/taskCall';
import { runsAsTask } from '../offerings/tasks/toolTask';
import type { ServerOfferings } from '../offerings/serverOfferings';
import { DEFAULT_LOG_LEVEL } from '../fromServer/loggingLevel';
import { StdioProcessTransport } from '../transport/stdioProcessTransport';
import { KEPT_READ_ONLY } from '../../sandbox';

export interface ReadyServer {
  client: Client;
  transport: Transport | undefined;
  transportKind: ServerStatus['transport'];
  config: ServerConfig;
  offered: ServerOfferings;
  tasks: PendingTasks | undefined;
}

export async function callOnServer(
  server: ReadyServer,
  tool: string,
  args: Record<string, unknown>,
  options: ToolCallOptions,
): Promise<ServerCallOutcome> {
  const { client, transport, config } = server;
  const definition = server.offered.tools.find((offered) => offered.name === tool);
  // A 2026 server is told the log level with each call (it has no logging/setLevel).
  if (client.getProtocolEra() === 'modern') {
    const level = config.logLevel ?? DEFAULT_LOG_LEVEL;
    options = { ...options, meta: { [LOG_LEVEL_META_KEY]: level, ...options.meta } };
  }
  const outcome = runsAsTask(definition, client)
    ? await runAsTask(client, tool, args, {
        ...options,
        server: config.name,
        // Only a remote server's tasks outlive Hearth: a local one ends with Hearth.
        pending: server.transportKind === 'stdio' ? undefined : server.tasks,
      })
    : await callTool(client, tool, args, {
        timeoutMs: config.requestTimeoutMs,
        ...options,
      });
  if (!(transport instanceof StdioProcessTransport)) return outcome;
  if (outcome.ok) return sandboxNoted(outcome, transport);
  // A call that timed out while the server had written part of a line and never ended it:
  // whatever it writes next is glued to that part, so the next call would fail too.
  if (outcome.timedOut && transport.partialLineBytes > 0 && !transport.stoppedBecause) {
    await transport.stop(
      `it wrote ${formatBytes(transport.partialLineBytes)} without ending the line, so its messages could no longer be told apart (broken framing)`,
    );
  }
  if (!transport.stoppedBecause) return sandboxNoted(outcome, transport);
  return {
    ...outcome,
    message: `${outcome.message} Hearth stopped the server and is restarting it: ${transport.stoppedBecause}.`,
  };
}

/** A size in the units a person reads: 20 MB, 512 KB, 300 bytes. */
function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * A failed call of a sandboxed server whose error names something the sandbox refused says so,
 * for its card and the model: the refusal is the sandbox's, and the user can allow it.
 */
function sandboxNoted(
  outcome: ServerCallOutcome,
  transport: StdioProcessTransport,
): ServerCallOutcome {
  const wrapped = transport.wrapped;
  if (!wrapped) return outcome;
  if (!outcome.ok) {
    const blocked = wrapped.notice(outcome.message);
    return blocked.length === 0
      ? outcome
      : { ...outcome, message: `${outcome.message} ${sandboxSentence(blocked)}` };
  }
  if (outcome.result.isError !== true) return outcome;
  const text = outcome.result.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('\n');
  const blocked = wrapped.notice(text);
  if (blocked.length === 0) return outcome;
  return {
    ok: true,
    result: {
      ...outcome.result,
      content: [...outcome.result.content, { type: 'text', text: sandboxSentence(blocked) }],
    },
  };
}

function sandboxSentence(blocked: string[]): string {
  // A file kept read-only (a hook, a start-up file) stays so whatever the user allows.
  const allowable = blocked.some((line) => !line.endsWith(KEPT_READ_ONLY));
  return `Hearth's sandbox ${blocked.join('; ')}.${allowable ? " The user can allow it on the server's page." : ''}`;
}
