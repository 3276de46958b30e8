/**
 * The step many chat tests begin with: a stdio server saved through the bridge, its command
 * reviewed and approved as the user would, so it is running when the turn starts.
 */
import type { Api } from '../../preload/api';
import type { ServerStatus } from '../../preload/schemas/servers';
import type { FakeOllama } from '../fixtures/fakeOllama';
import { everythingStdio, fixtureCommand, type ServerCommand } from './mcpFixtures';

export async function addApprovedServer(
  api: Api,
  name: string,
  command: ServerCommand,
): Promise<ServerStatus> {
  await api.servers.save({
    name,
    transport: { type: 'stdio', command: command.command, args: command.args, env: [] },
  });
  return api.servers.approveLaunch(name, (await api.servers.reviewLaunch(name)).fingerprint);
}

/** The configurable fixture server as "fixture", with the given flags. */
export async function addApprovedFixture(api: Api, flags: string[]): Promise<void> {
  await addApprovedServer(api, 'fixture', fixtureCommand(flags));
}

/** A Chromium session's setup: Ollama at the fake, llama3.2 chosen, server-everything approved. */
export async function prepareWithEverything(api: Api, ollama: FakeOllama): Promise<void> {
  await api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } });
  await addApprovedServer(api, 'everything', everythingStdio());
}
