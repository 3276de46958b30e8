/** The parts of a server's status that its client, process and sandbox tell, in the contract's shape. */
import type { Client } from '@modelcontextprotocol/client';
import type { Transport } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerState, ServerStatus } from '../../../../preload/schemas/servers';
import type { LaunchContext } from '../transport/configTransports';
import { StdioProcessTransport } from '../transport/stdioProcessTransport';

/** The process's pid while it is there, and what is known of an `npx` or `uvx` download while it starts. */
export function processDetails(
  transport: Transport | undefined,
  state: ServerState,
): Pick<ServerStatus, 'pid' | 'download'> {
  if (!(transport instanceof StdioProcessTransport)) return {};
  // Only a process that is still there has a pid worth showing (not one that failed to start).
  const pid =
    state !== 'stopped' && state !== 'error' && !transport.exit ? transport.pid : undefined;
  const download =
    state === 'starting' || state === 'restarting' ? transport.download?.state() : undefined;
  return { ...(pid ? { pid } : {}), ...(download ? { download } : {}) };
}

/** How the OS sandbox ran this server and what it blocked, for a stdio server with a policy. */
export function sandboxDetails(
  config: ServerConfig,
  launchContext: () => LaunchContext,
): Pick<ServerStatus, 'sandbox'> {
  if (config.transport.type !== 'stdio' || !config.transport.sandbox) return {};
  const report = launchContext().sandbox?.report(config.name);
  return report ? { sandbox: report } : {};
}

/** What a ready server told about itself during `initialize`. */

export function readyDetails(
  client: Client,
  transport: Transport | undefined,
  protocolSource: ServerStatus['protocolSource'],
): Pick<ServerStatus, 'serverInfo' | 'protocolVersion' | 'protocolSource' | 'capabilities'> {
  const info = client.getServerVersion();
  const capabilities = client.getServerCapabilities();
  return {
    ...(info
      ? {
          serverInfo: {
            name: info.name,
            version: info.version,
            ...(info.title ? { title: info.title } : {}),
          },
        }
      : {}),
    protocolVersion: client.getNegotiatedProtocolVersion() ?? protocolVersionOf(transport),
    ...(protocolSource ? { protocolSource } : {}),
    ...(capabilities
      ? {
          capabilities: {
            tools: !!capabilities.tools,
            resources: !!capabilities.resources,
            prompts: !!capabilities.prompts,
            logging: !!capabilities.logging,
            completions: !!capabilities.completions,
            resourceSubscribe: !!capabilities.resources?.subscribe,
          },
        }
      : {}),
  };
}

/** The protocol version the transport negotiated, where it keeps one (the HTTP transports). */
function protocolVersionOf(transport: Transport | undefined): string | undefined {
  const version = (transport as { protocolVersion?: unknown } | undefined)?.protocolVersion;
  return typeof version === 'string' ? version : undefined;
}
