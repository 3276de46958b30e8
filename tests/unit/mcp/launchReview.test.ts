import { describe, expect, it } from 'vitest';
import type { StdioTransportConfig } from '../../../preload/schemas/servers';
import { openConsentStore } from '../../../electron/core/mcp/config/consent';
import { launchReview } from '../../../electron/core/mcp/config/launchReview';
import { createMemoryVault } from '../../../electron/core/secrets/secretVault';
import { useTempFolder } from './tempFolder';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServerSandbox, defaultSandboxPolicy } from '../../../electron/core/sandbox';

const folder = useTempFolder();

// Hearth's own Node for these tests: the Node running them, an absolute path that exists.
const ownNode = process.execPath;

function review(transport: StdioTransportConfig, hearthNode: string | null = ownNode) {
  const consent = openConsentStore({
    dataDir: folder(),
    vault: createMemoryVault(),
    onProblem: () => undefined,
  });
  return launchReview('Greeter', transport, consent, {
    platform: process.platform,
    environment: { PATH: process.env.PATH ?? '' },
    ...(hearthNode ? { hearthNode } : {}),
  });
}

/** A Node bundle's server as bundleTransport makes it: Hearth's Node, its variable first. */
function nodeBundle(env: StdioTransportConfig['env'] = []): StdioTransportConfig {
  return {
    type: 'stdio',
    command: ownNode,
    args: ['/data/bundles/greeter/server/index.js'],
    env: [{ name: 'ELECTRON_RUN_AS_NODE', value: '1', secret: false }, ...env],
    cwd: '/data/bundles/greeter',
  };
}

describe('the launch review judges only what the server’s config supplies', () => {
  it('does not call the variable Hearth adds to run a Node bundle risky, and says Hearth set it', () => {
    const shown = review(nodeBundle([{ name: 'GREETING', value: 'Hallo', secret: false }]));
    expect(shown.risky).toEqual([]);
    expect(shown.env).toEqual([
      { name: 'ELECTRON_RUN_AS_NODE', value: '1', secret: false, byHearth: true },
      { name: 'GREETING', value: 'Hallo', secret: false },
    ]);
  });

  it('still judges what the bundle or the user adds next to it', () => {
    const shown = review(
      nodeBundle([{ name: 'NODE_OPTIONS', value: '--require /tmp/hook.js', secret: false }]),
    );
    expect(shown.risky.map((variable) => variable.name)).toEqual(['NODE_OPTIONS']);
  });

  it('judges ELECTRON_RUN_AS_NODE as risky when it is not Hearth’s own pair', () => {
    // Another program turned into Node by it (an Electron app of someone else's).
    const other = review({ ...nodeBundle(), command: '/bin/sh' });
    expect(other.risky.map((variable) => variable.name)).toEqual(['ELECTRON_RUN_AS_NODE']);
    expect(other.env[0]?.byHearth).toBeUndefined();
    // A value other than Hearth's.
    const changed = review({
      ...nodeBundle(),
      env: [{ name: 'ELECTRON_RUN_AS_NODE', value: 'yes', secret: false }],
    });
    expect(changed.risky.map((variable) => variable.name)).toEqual(['ELECTRON_RUN_AS_NODE']);
    // A context that does not say which Node is Hearth's judges everything.
    expect(review(nodeBundle(), null).risky).toHaveLength(1);
  });
});

describe('the launch review offers the folders a sandboxed server’s arguments name', () => {
  it('lists them, so the approval can let it write there', () => {
    const project = join(folder(), 'project');
    mkdirSync(project);
    const consent = openConsentStore({
      dataDir: folder(),
      vault: createMemoryVault(),
      onProblem: () => undefined,
    });
    const sandbox = createServerSandbox({
      dataDir: join(folder(), 'data'),
      home: folder(),
      platform: process.platform,
    });
    const shown = launchReview(
      'Files',
      {
        type: 'stdio',
        command: ownNode,
        args: ['/srv/server-filesystem/index.js', project],
        env: [],
        sandbox: defaultSandboxPolicy(),
      },
      consent,
      { platform: process.platform, environment: { PATH: '', HOME: folder() }, sandbox },
    );
    expect(shown.sandbox?.argumentFolders).toEqual([{ path: project, broad: false }]);
    // Without the sandbox there is nothing to offer: it may write anywhere already.
    expect(review({ ...nodeBundle(), args: [project] }).sandbox).toBeUndefined();
  });
});
