/** What a server's connection is given by the manager (or a trial): its config, hooks and limits. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ServerConfig, ServerStatus } from '../../../../preload/schemas/servers';
import type { ServerRequests } from '../fromServer/serverRequests';
import type { EraVerdicts } from './eraVerdicts';
import type { PendingTasks } from '../offerings/tasks/pendingTasks';
import type { ServerAuth } from '../oauth/serverAuth';
import type { ServerLog } from '../fromServer/serverLog';
import type { LaunchContext } from '../transport/configTransports';

/** A server that has not finished `initialize` by then is reported as not answering. */
export const CONNECT_TIMEOUT_MS = 30_000;

export interface ConnectionContext {
  /** The latest config, secret values filled in. */
  config(): ServerConfig;
  consent(): ServerStatus['consent'];
  launchContext(): LaunchContext;
  log: ServerLog;
  clientVersion: string;
  onStatus(status: ServerStatus): void;
  /** Tools, resources or prompts changed (or the server came or went). */
  onCatalogChanged(): void;
  now?: () => number;
  /** Shorter limits for tests; the named constants otherwise. */
  timing?: ConnectionTiming;
  /** Makes Hearth's built-in tool server, for configs of type `builtin`. */
  builtinServer?: () => McpServer;
  /** What Hearth answers when the server asks (fromServer/serverRequests.ts). */
  serverRequests?: ServerRequests;
  /** A resource the server was asked to watch changed (`notifications/resources/updated`). */
  onResourceUpdated?(uri: string): void;
  /** OAuth for a remote server: signs its requests in, and signs in when asked. */
  auth?: ServerAuth;
  /** Each server's protocol era, remembered between starts; probed every time without it. */
  eras?: EraVerdicts;
  /** Tasks still running on servers, so they are picked up again after a restart. */
  tasks?: PendingTasks;
  /** The server is ready again: pick up the tasks it still runs. */
  onReady?(): void;
}

/** How the protocol version of a ready server was found, for its detail view. */
export type ProtocolSource = NonNullable<ServerStatus['protocolSource']>;

export interface ConnectionTiming {
  connectTimeoutMs?: number;
  restartBaseMs?: number;
  pingIntervalMs?: number;
  pingTimeoutMs?: number;
}
