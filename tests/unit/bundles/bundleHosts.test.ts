/**
 * A bundle's sandbox at install reaches the hosts its manifest names. The MCPB manifest has no
 * network field, so these are the http(s) addresses in its `mcp_config` args and env (and their
 * platform overrides); a host the user fills in, and loopback, are not taken.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  bundleHarness,
  zippedBundle,
  type BundleHarness,
} from '../../support/bundleServiceHarness';
import { greeterManifest } from '../../support/bundleBuilder';

let harness: BundleHarness | undefined;
afterEach(async () => {
  await harness?.mcp.dispose();
  harness = undefined;
});

function manifestNaming(): Record<string, unknown> {
  const manifest = greeterManifest();
  const config = (manifest.server as { mcp_config: Record<string, unknown> }).mcp_config;
  config.args = [
    ...(config.args as string[]),
    '--endpoint=https://EU.Example.org:8443/v2',
    '--callback',
    'http://localhost:3000/hook',
  ];
  config.env = {
    ...(config.env as Record<string, string>),
    API_URL: 'https://api.example.com/v1',
    MIRROR: 'see https://api.example.com/v1, or https://${user_config.greeting}/v1.',
    NOT_A_URL: 'ftp://files.example.net',
  };
  config.platform_overrides = {
    linux: { env: { UPLOADS: 'https://uploads.example.net' } },
  };
  return manifest;
}

describe('a bundle’s sandbox at install', () => {
  it('may reach the hosts its manifest’s mcp_config names, and no other', async () => {
    harness = bundleHarness();
    const entry = await harness.bundles.install(
      await harness.bundles.stageFile(zippedBundle(manifestNaming(), { 'server/index.mjs': '' })),
      { greeting: 'Hej', api_token: 'secret' },
    );
    const transport = entry.config.transport;
    if (transport.type !== 'stdio') throw new Error('expected a stdio server');
    expect(transport.sandbox?.enabled).toBe(true);
    expect(transport.sandbox?.allowHosts).toEqual([
      'eu.example.org:8443',
      'api.example.com',
      'uploads.example.net',
    ]);
  });

  it('reaches no host when its manifest names none', async () => {
    harness = bundleHarness();
    const entry = await harness.bundles.install(
      await harness.bundles.stageFile(zippedBundle(greeterManifest(), { 'server/index.mjs': '' })),
      { greeting: 'Hej', api_token: 'secret' },
    );
    expect(
      entry.config.transport.type === 'stdio' && entry.config.transport.sandbox?.allowHosts,
    ).toEqual([]);
  });
});
