/**
 * The transport one connection attempt uses: a child process for a command (stdout lines that
 * are not MCP and stderr go to the server's log), Streamable HTTP or SSE for a remote server, an
 * in-memory pair for Hearth's built-in server.
 */
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerStatus } from '../../../../preload/schemas/servers';
import { isDockerCommand } from '../../sandbox';
import { lineSplitter, type ServerLog } from '../fromServer/serverLog';
import { StdioProcessTransport } from './stdioProcessTransport';
import { homedir } from 'node:os';
import { LauncherDownload, launcherOf, npmCacheOf } from './launcherDownload';
import { approvedLaunch } from '../config/approvedLaunch';
import {
  createHttpTransport,
  planStdioLaunch,
  type HttpKind,
  type LaunchContext,
} from './configTransports';

export type TransportKind = NonNullable<ServerStatus['transport']>;

/** The transports to try, in order: HTTP servers in `auto` mode get Streamable HTTP, then SSE. */
export function transportKinds(transport: ServerConfig['transport']): TransportKind[] {
  if (transport.type === 'stdio') return ['stdio'];
  if (transport.type === 'builtin') return ['in-process'];
  return transport.protocol === 'auto' ? ['streamable-http', 'sse'] : [transport.protocol];
}

export function buildTransport(
  config: ServerConfig,
  kind: TransportKind,
  context: {
    launchContext: LaunchContext;
    log: ServerLog;
    builtinServer?: () => McpServer;
    /** Signs HTTP requests in (OAuth); plain fetch without it. */
    fetch?: FetchLike;
    /** The sandbox's state or what it blocked changed. */
    onSandboxChange?(): void;
    /** An `npx` or `uvx` download moved on or ended. */
    onDownloadChange?(): void;
  },
): { ok: true; value: Transport } | { ok: false; message: string } {
  const { launchContext, log } = context;
  if (config.transport.type === 'http')
    return createHttpTransport(
      config.transport,
      kind as HttpKind,
      launchContext.environment,
      context.fetch,
    );
  if (config.transport.type === 'builtin') {
    if (!context.builtinServer)
      return { ok: false, message: 'The built-in tools are not part of this build.' };
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    // A fresh server per connection: an McpServer connects only once.
    void context.builtinServer().connect(serverSide);
    return { ok: true, value: clientSide };
  }
  const transport = config.transport;
  const sandbox = launchContext.sandbox;
  // Nothing meant for the sandbox runs without it: a host built without the sandbox service
  // refuses such a server rather than starting it unsandboxed. (Docker is never wrapped.)
  if (transport.sandbox?.enabled && !sandbox && !isDockerCommand(transport.command))
    return {
      ok: false,
      message: `“${config.name}” is meant to run in the OS sandbox, which this build of Hearth does not have, so it was not started. Turn its sandbox off on its page to run it without.`,
    };
  const plan = planStdioLaunch(approvedLaunch(transport), launchContext);
  if (!plan.ok) return plan;
  const stderr = lineSplitter((line) => log.add('stderr', 'info', line));
  // The user's own arguments, variables expanded (a shim may have put its own in front).
  const ownArgs = plan.value.args.slice(plan.value.args.length - transport.args.length);
  const launcher = launcherOf({ command: transport.command, args: ownArgs });
  return {
    ok: true,
    value: new StdioProcessTransport(plan.value, {
      onStderr: (text) => stderr.push(text),
      onJunk: (line) =>
        log.add('hearth', 'debug', `Ignored a line on stdout that is not MCP: ${line}`),
      ...(launcher
        ? {
            watchDownload: (spawned) => {
              let told = false;
              const download: LauncherDownload = new LauncherDownload({
                ...launcher,
                // The cache the process really uses: the sandbox may give it one of its own.
                npmCache: npmCacheOf(
                  ownArgs,
                  spawned.env,
                  launchContext.environment.HOME || homedir(),
                  launchContext.platform,
                ),
                onChange: () => {
                  if (download.finished && !told) {
                    told = true;
                    log.add(
                      'hearth',
                      'info',
                      `Downloaded ${download.packageName} with ${launcher.launcher}; the start limit counts from now.`,
                    );
                  }
                  context.onDownloadChange?.();
                },
              });
              return download;
            },
          }
        : {}),
      ...(sandbox && transport.sandbox
        ? {
            wrap: (launch) =>
              sandbox.prepare({
                serverName: config.name,
                transport,
                roots: config.roots,
                launch,
                log: (text) =>
                  log.add('hearth', text.startsWith('blocked:') ? 'warning' : 'info', text),
                onChange: context.onSandboxChange,
              }),
          }
        : {}),
    }),
  };
}
