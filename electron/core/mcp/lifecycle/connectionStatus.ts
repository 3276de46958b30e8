/** What a ready server told about itself during `initialize`, in the contract's status shape. */
import type { Client } from '@modelcontextprotocol/client';
import type { Transport } from '@modelcontextprotocol/client';
import type { ServerStatus } from '../../../../preload/schemas/servers';

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
