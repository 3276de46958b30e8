/**
 * Builds the transport for a server's config: a stdio child process (command found on the
 * login-shell PATH, variables expanded, a minimal environment) or Streamable HTTP / SSE. Every
 * failure here is a sentence for the user, not an exception.
 */
import { minimalEnvironment, networkEnvironment } from '../../security/minimalEnvironment';
import {
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type FetchLike,
  type Transport,
} from '@modelcontextprotocol/client';
import { unencryptedHost, unencryptedReason } from '../../../../preload/schemas/clearText';
import type { HttpTransportConfig } from '../../../../preload/schemas/servers';
import type { ApprovedLaunch } from '../config/approvedLaunch';
import { expandAll } from '../config/expandVariables';
import { planSpawn, resolveCommand } from '../../programs';
import type { StdioLaunch } from './stdioProcessTransport';
import type { ServerSandbox } from '../../sandbox';

export type Planned<T> = { ok: true; value: T } | { ok: false; message: string };

export interface LaunchContext {
  platform: NodeJS.Platform;
  /** Hearth's environment, PATH replaced by the login shell's. */
  environment: NodeJS.ProcessEnv;
  /** The OS sandbox stdio servers with a policy start in; none, and they start as they are. */
  sandbox?: ServerSandbox;
  /**
   * The Node Hearth runs Node bundles on (Electron's binary, with ELECTRON_RUN_AS_NODE, which
   * Hearth itself adds): so the launch review does not judge Hearth's own variable as risky.
   */
  hearthNode?: string;
}

/**
 * Works out exactly what to spawn, or says why it cannot be. Reads only the launch as approved
 * (config/approvedLaunch), so nothing outside what the user approves can change what runs.
 */
export function planStdioLaunch(
  config: ApprovedLaunch,
  context: LaunchContext,
): Planned<StdioLaunch> {
  const { environment, platform } = context;
  const unset = config.env
    .filter((entry) => entry.secret && entry.value === undefined)
    .map((entry) => entry.name);
  if (unset.length > 0) {
    return {
      ok: false,
      message: `Give ${list(unset)} a value in the server’s settings: it is a secret with no value stored.`,
    };
  }
  const expanded = expandAll(
    // Secrets expand too: imported configs write "TOKEN": "${TOKEN}" to take it from the
    // environment. A literal "${" is written "$${".
    [config.command, ...config.args, ...config.env.map((entry) => entry.value ?? '')],
    environment,
  );
  if (expanded.missing.length > 0) {
    return {
      ok: false,
      message: `The configuration uses ${list(expanded.missing.map((name) => `\${${name}}`))}, which ${expanded.missing.length === 1 ? 'is' : 'are'} not set in Hearth’s environment.`,
    };
  }
  const [command = '', ...rest] = expanded.values;
  const args = rest.slice(0, config.args.length);
  const ownEnv = Object.fromEntries(
    config.env.map((entry, index) => [entry.name, rest[config.args.length + index] ?? '']),
  );
  const path = environment.PATH ?? environment.Path ?? '';
  const options = { platform, path, pathExt: environment.PATHEXT, cwd: config.cwd };
  const resolved = resolveCommand(command, options);
  if (!resolved.ok) return resolved;
  const spawnPlan = planSpawn(resolved.file, args, {
    platform,
    // Node on PATH is needed only for an npm `.cmd` shim on Windows: not searched for otherwise.
    get nodePath() {
      const node = resolveCommand('node', options);
      return node.ok ? node.file : 'node';
    },
  });
  if (!spawnPlan.ok) return spawnPlan;
  const env = {
    ...minimalEnvironment(environment),
    ...networkEnvironment(environment),
    PATH: path,
    ...ownEnv,
  };
  return {
    ok: true,
    value: { file: spawnPlan.file, args: spawnPlan.args, env, cwd: config.cwd || undefined },
  };
}

export type HttpKind = 'streamable-http' | 'sse';

/**
 * How a Streamable HTTP stream that drops is resumed: after the server's SSE `retry` when it
 * sent one (the SDK honours it), else with growing delays; `Last-Event-ID` is sent either way.
 */
export const RECONNECTION = {
  initialReconnectionDelay: 1_000,
  maxReconnectionDelay: 30_000,
  reconnectionDelayGrowFactor: 1.5,
  maxRetries: 5,
};

/**
 * The HTTP transport of the given kind, with the config's headers (variables expanded) and,
 * when given, the fetch that signs requests in (OAuth).
 */
export function createHttpTransport(
  config: HttpTransportConfig,
  kind: HttpKind,
  environment: NodeJS.ProcessEnv,
  fetch?: FetchLike,
): Planned<Transport> {
  // Checked before anything is sent: a hand-edited config gets the same refusal as the form.
  const unencrypted = config.allowUnencrypted ? undefined : unencryptedHost(config.url);
  if (unencrypted !== undefined)
    return {
      ok: false,
      message: `Hearth did not connect. ${unencryptedReason(unencrypted)} Use its https:// address, or allow an unencrypted connection for this server in its settings.`,
    };
  const unset = config.headers
    .filter((entry) => entry.secret && entry.value === undefined)
    .map((entry) => entry.name);
  if (unset.length > 0)
    return {
      ok: false,
      message: `Give the header ${list(unset)} a value in the server’s settings.`,
    };
  const expanded = expandAll(
    config.headers.map((header) => header.value ?? ''),
    environment,
  );
  if (expanded.missing.length > 0) {
    return {
      ok: false,
      message: `The headers use ${list(expanded.missing.map((name) => `\${${name}}`))}, not set in Hearth’s environment.`,
    };
  }
  const headers = Object.fromEntries(
    config.headers.map((header, index) => [header.name, expanded.values[index] ?? '']),
  );
  const url = new URL(config.url);
  const requestInit: RequestInit = { headers };
  return {
    ok: true,
    value:
      kind === 'sse'
        ? new SSEClientTransport(url, { requestInit, fetch })
        : new StreamableHTTPClientTransport(url, {
            requestInit,
            fetch,
            reconnectionOptions: RECONNECTION,
          }),
  };
}

function list(names: string[]): string {
  const quoted = names.map((name) => `“${name}”`);
  return quoted.length <= 1
    ? (quoted[0] ?? '')
    : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}
