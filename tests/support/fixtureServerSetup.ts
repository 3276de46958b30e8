/**
 * The step many chat tests begin with: a stdio server saved through the bridge, its command
 * reviewed and approved as the user would, so it is running when the turn starts.
 */
import type { Api } from '../../preload/api';
import { fixtureCommand, type ServerCommand } from './mcpFixtures';

export async function addApprovedServer(
  api: Api,
  name: string,
  command: ServerCommand,
): Promise<void> {
  await api.servers.save({
    name,
    transport: { type: 'stdio', command: command.command, args: command.args, env: [] },
  });
  await api.servers.approveLaunch(name, (await api.servers.reviewLaunch(name)).fingerprint);
}

/** The configurable fixture server as "fixture", with the given flags. */
export function addApprovedFixture(api: Api, flags: string[]): Promise<void> {
  return addApprovedServer(api, 'fixture', fixtureCommand(flags));
}
