/**
 * The step many chat tests begin with: the fixture server saved through the bridge as "fixture",
 * its command reviewed and approved as the user would, so it is running when the turn starts.
 */
import type { Api } from '../../preload/api';
import { fixtureCommand } from './mcpFixtures';

export async function addApprovedFixture(api: Api, flags: string[]): Promise<void> {
  const command = fixtureCommand(flags);
  await api.servers.save({
    name: 'fixture',
    transport: { type: 'stdio', command: command.command, args: command.args, env: [] },
  });
  await api.servers.approveLaunch(
    'fixture',
    (await api.servers.reviewLaunch('fixture')).fingerprint,
  );
}
