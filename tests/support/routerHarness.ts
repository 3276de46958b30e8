/** A router over the real channel table with in-memory services, for tests of the door itself. */
import type { Handlers, Router } from '../../electron/core/bridge/router';
import { createRouter } from '../../electron/core/bridge/router';
import { createLogger } from '../../electron/core/logger';
import { invokeChannelNames } from '../../preload/channels';
import { applySettingsPatch, settingsSchema, type Settings } from '../../preload/contract';

export const APP_ORIGIN = 'app://hearth';

export interface Harness {
  router: Router;
  logLines: string[];
  sender: { url: string };
}

/** Handlers that answer like the real services; pass overrides to make one misbehave. */
export function createHarness(overrides: Partial<Handlers> = {}): Harness {
  let settings: Settings = settingsSchema.parse({});
  // Channels a test does not script fail loudly rather than answer something made up.
  const unscripted = Object.fromEntries(
    invokeChannelNames.map((channel) => [
      channel,
      () => {
        throw new Error(`${channel} is not scripted in this test`);
      },
    ]),
  ) as unknown as Handlers;
  const handlers: Handlers = {
    ...unscripted,
    'app:info': () => ({
      name: 'Hearth',
      version: '0.0.0-test',
      host: 'browser',
      platform: 'linux',
      versions: { node: '22.0.0' },
      dataDir: '/data',
    }),
    'settings:get': () => settings,
    'settings:set': (patch) => (settings = applySettingsPatch(settings, patch)),
    'links:open': () => ({ outcome: 'opened' }),
    'notices:list': () => [],
    'notices:dismiss': () => false,
    ...overrides,
  };
  const logLines: string[] = [];
  const router = createRouter({
    handlers,
    isTrustedSender: (sender) => sender.url.startsWith(`${APP_ORIGIN}/`),
    logger: createLogger({ sinks: [(line) => logLines.push(line)] }),
  });
  return { router, logLines, sender: { url: `${APP_ORIGIN}/index.html` } };
}
