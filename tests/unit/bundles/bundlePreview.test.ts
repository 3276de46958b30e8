import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InstalledBundle } from '../../../preload/schemas/bundles';
import {
  bundlePreview,
  type PreviewContext,
  type PreviewInput,
} from '../../../electron/core/bundles/bundlePreview';
import { identityOf } from '../../../electron/core/bundles/bundleIdentity';
import { readManifest } from '../../../electron/core/bundles/bundleManifest';
import { greeterManifest } from '../../support/bundleBuilder';
import { tempDir } from '../../support/testHost';

const installed: InstalledBundle = {
  id: 'abcdef012345',
  serverName: 'Greeter',
  name: 'greeter',
  displayName: 'Greeter',
  version: '0.9.0',
  folder: '/data/bundles/greeter/abcdef012345/0.9.0',
  installedAt: '2026-01-01T00:00:00.000Z',
  signature: 'unsigned',
  author: 'Hearth tests',
  signedBy: 'not signed',
};

async function input(
  overrides: Record<string, unknown> = {},
  extra: Partial<PreviewInput> = {},
): Promise<PreviewInput> {
  const manifest = await readManifest(JSON.stringify(greeterManifest(overrides)));
  const signature = { status: 'unsigned' as const };
  return {
    id: 'staged-1',
    file: { fileName: 'greeter.mcpb', size: 1234 },
    sha256: 'a'.repeat(64),
    expected: undefined,
    manifest,
    signature,
    installed: undefined,
    others: [],
    identity: identityOf(manifest, signature),
    ...extra,
  };
}

function context(overrides: Partial<PreviewContext> = {}): PreviewContext {
  return {
    environment: { platform: 'linux', home: '/users/someone', nodeExecutable: '/opt/node' },
    launchContext: { platform: 'linux', environment: { PATH: '' } },
    hearthNodeVersion: '22.12.0',
    serverNameOf: () => undefined,
    freeServerName: (wanted) => `${wanted}-2`,
    storedValues: {},
    hasSecret: () => false,
    ...overrides,
  };
}

describe('the install preview, from what it is given', () => {
  it('blocks a bundle made for other platforms, naming them and the one given', async () => {
    const preview = bundlePreview(
      await input({ compatibility: { platforms: ['darwin', 'win32'] } }),
      context({ environment: { platform: 'linux', home: '/h', nodeExecutable: '/opt/node' } }),
    );
    expect(preview.blockers).toEqual(['This bundle runs on macOS, Windows, not on Linux.']);
  });

  it("judges the Node range against the Node version it is given, not the test runner's", async () => {
    const wanting = await input({ compatibility: { runtimes: { node: '>=99' } } });
    const warned = bundlePreview(wanting, context({ hearthNodeVersion: '22.12.0' }));
    expect(warned.warnings).toContain(
      "It asks for Node.js >=99; Hearth's own Node.js is 22.12.0, so it may not run.",
    );
    const met = bundlePreview(wanting, context({ hearthNodeVersion: '99.0.0' }));
    expect(met.warnings.join('\n')).not.toContain('It asks for Node.js');
  });

  it('looks for the runtime on the PATH of the launch context it is given', async () => {
    const python = {
      server: {
        type: 'python',
        entry_point: 'server.py',
        mcp_config: { command: 'hearth-test-python', args: ['${__dirname}/server.py'] },
      },
    };
    const missing = bundlePreview(await input(python), context());
    expect(missing.missingRuntime).toContain('hearth-test-python');
    expect(missing.warnings).toContain(missing.missingRuntime);
    const folder = tempDir('preview-path');
    writeFileSync(join(folder, 'hearth-test-python'), '#!/bin/sh\n', { mode: 0o755 });
    const found = bundlePreview(
      await input(python),
      context({ launchContext: { platform: 'linux', environment: { PATH: folder } } }),
    );
    expect(found.missingRuntime).toBeUndefined();
  });

  it('names servers, keeps settings and secrets through the functions it is given', async () => {
    const preview = bundlePreview(
      await input({}, { installed, update: { confirm: false, changes: [] } }),
      context({
        serverNameOf: (record) => (record === installed ? 'My greeter' : undefined),
        storedValues: { greeting: 'Ahoy' },
        hasSecret: (key) => key === 'api_token',
      }),
    );
    expect(preview.serverName).toBe('My greeter');
    expect(preview.installed).toMatchObject({ serverName: 'My greeter', version: '0.9.0' });
    const settings = Object.fromEntries(preview.userConfig.map((field) => [field.key, field]));
    expect(settings.greeting?.current).toBe('Ahoy');
    expect(settings.api_token?.secretStored).toBe(true);
    expect(settings.folder?.default).toBe('/users/someone');
  });

  it("a new bundle takes the free name it is given, and another maker's is named by its server", async () => {
    const other = { ...installed, author: 'Someone else', serverName: 'Old name' };
    const preview = bundlePreview(
      await input({}, { others: [other] }),
      context({ serverNameOf: (record) => (record === other ? 'Their greeter' : undefined) }),
    );
    expect(preview.serverName).toBe('Greeter-2');
    expect(preview.installed).toBeUndefined();
    expect(preview.warnings.join('\n')).toContain('(server “Their greeter”, by Someone else');
  });
});
