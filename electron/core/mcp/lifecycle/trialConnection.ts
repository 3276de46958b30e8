/**
 * "Test connection" on the server form: starts the config being edited once, apart from the
 * configured servers, and reports its status, tools and log before stopping it again.
 */
import {
  serverConfigSchema,
  type ServerConfigInput,
  type ServerConfig,
  type ServerStatus,
} from '../../../../preload/schemas/servers';
import { withStoredSecrets } from '../config/configChanges';
import { ServerConnection, type ConnectionContext } from './connection';
import { clip } from '../offerings/collectOfferings';
import { createServerLog, type ServerLog } from '../fromServer/serverLog';

export interface TrialReport {
  status: ServerStatus;
  tools: { name: string; description: string }[];
  log: ReturnType<ServerLog['entries']>;
}

export type TrialContext = Pick<
  ConnectionContext,
  'launchContext' | 'clientVersion' | 'timing' | 'builtinServer'
>;

export async function trialConnection(
  input: ServerConfigInput,
  stored: ServerConfig | undefined,
  context: TrialContext,
): Promise<TrialReport> {
  const config = withStoredSecrets(serverConfigSchema.parse(input), stored);
  const log = createServerLog();
  const connection = new ServerConnection({
    ...context,
    config: () => config,
    // Pressing "Test connection" on a form that shows the command is the user's consent.
    consent: () => 'approved',
    log,
    onStatus: () => undefined,
    onCatalogChanged: () => undefined,
  });
  const status = await connection.start();
  const tools = connection.offerings().tools.map((tool) => ({
    name: clip(tool.name, 1_000),
    description: clip(tool.description ?? '', 2_000),
  }));
  await connection.stop();
  return { status, tools, log: log.entries() };
}
