/**
 * The least severe log messages a server sends: set with logging/setLevel when the server
 * declares the logging capability; its messages go to the server's log pane.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { LoggingLevel } from '../../../../preload/schemas/servers';
import type { ServerLog } from './serverLog';

export const DEFAULT_LOG_LEVEL: LoggingLevel = 'info';

export async function applyLogLevel(
  client: Client,
  level: LoggingLevel | undefined,
  log: ServerLog,
): Promise<void> {
  if (!client.getServerCapabilities()?.logging) return;
  try {
    await client.setLoggingLevel(level ?? DEFAULT_LOG_LEVEL);
  } catch (error) {
    log.add(
      'hearth',
      'warning',
      `The server did not take the log level “${level ?? DEFAULT_LOG_LEVEL}”: ${(error as Error).message}`,
    );
  }
}
