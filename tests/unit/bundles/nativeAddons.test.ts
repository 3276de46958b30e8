import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { greeterManifest } from '../../support/bundleBuilder';
import {
  bundleHarness,
  zippedBundle,
  type BundleHarness,
} from '../../support/bundleServiceHarness';
import { tempDir } from '../../support/testHost';

// A Node bundle with native add-ons (.node files) built for plain Node cannot load them on
// Electron's Node (another module ABI). It runs on a Node.js of this computer that meets the
// manifest's compatibility.runtimes.node; without one, the preview says so before the install.
let harness: BundleHarness | undefined;
afterEach(async () => {
  await harness?.mcp.dispose();
  harness = undefined;
});

/** A folder holding a `node` that answers `--version` with `version`. */
function pathWithNode(version: string): { path: string; node: string } {
  const folder = tempDir('fake-node');
  const node = join(folder, 'node');
  writeFileSync(node, `#!/bin/sh\necho ${version}\n`);
  chmodSync(node, 0o755);
  return { path: folder, node };
}

const withAddon = {
  'server/index.mjs': 'x',
  'node_modules/better-sqlite3/build/Release/better_sqlite3.node': new Uint8Array([0x7f, 0x45]),
};

async function preview(
  options: { path: string; electron?: boolean; node?: string },
  files: Record<string, string | Uint8Array> = withAddon,
) {
  harness = bundleHarness({
    environment: { PATH: options.path },
    launch: { ownNodeIsElectron: options.electron ?? true },
  });
  const manifest = greeterManifest(
    options.node ? { compatibility: { runtimes: { node: options.node } } } : {},
  );
  const stagedId = await harness.bundles.stageFile(zippedBundle(manifest, files));
  return { stagedId, preview: await harness.bundles.inspect(stagedId), h: harness };
}

describe.skipIf(process.platform === 'win32')('native add-ons', () => {
  it('run on a Node.js of this computer that meets the manifest, without ELECTRON_RUN_AS_NODE', async () => {
    const { path, node } = pathWithNode('v22.11.0');
    const { stagedId, preview: shown, h } = await preview({ path });
    expect(shown.runsWith).toBe(`${node} (Node.js)`);
    expect(shown.commandLine).toMatchObject({ command: node, kind: 'runtime' });
    expect(shown.warnings.join(' ')).not.toMatch(/native add-on/);
    const entry = await h.bundles.install(stagedId, { greeting: 'Hi' });
    if (entry.config.transport.type !== 'stdio') throw new Error('expected stdio');
    expect(entry.config.transport.command).toBe(node);
    expect(entry.config.transport.env.map((variable) => variable.name)).not.toContain(
      'ELECTRON_RUN_AS_NODE',
    );
  });

  it('say before the install that the bundle may not run when no Node.js fits', async () => {
    const none = await preview({ path: tempDir('empty-path') });
    expect(none.preview.warnings).toContain(
      'It holds a native add-on (node_modules/better-sqlite3/build/Release/better_sqlite3.node), built for plain Node.js, which Hearth’s own Node.js (Electron’s) cannot load, and no Node.js was found on this computer: it may not run. Install Node.js >=18 (https://nodejs.org/en/download) and open the bundle again.',
    );
    expect(none.preview.commandLine.kind).toBe('hearth-node');
    await none.h.mcp.dispose();
    const old = await preview({ path: pathWithNode('v16.20.2').path });
    expect(old.preview.warnings).toContainEqual(
      expect.stringContaining(
        'and the Node.js on this computer is v16.20.2, not >=18: it may not run.',
      ),
    );
    await old.h.mcp.dispose();
    // ^18 is 18.x only, as npm reads it: a Node 22 does not meet it.
    const caret = await preview({ path: pathWithNode('v22.11.0').path, node: '^18' });
    expect(caret.preview.commandLine.kind).toBe('hearth-node');
    expect(caret.preview.warnings).toContainEqual(
      expect.stringContaining('and the Node.js on this computer is v22.11.0, not ^18'),
    );
  });

  it('tell a Node-API add-on, which loads on Electron’s Node too, from one tied to plain Node’s ABI', async () => {
    const { path, node } = pathWithNode('v22.11.0');
    const addon = (symbol: string) => ({
      'server/index.mjs': 'x',
      'build/Release/addon.node': new TextEncoder().encode(`\x7fELF....${symbol}....`),
    });
    const nodeApi = await preview({ path }, addon('napi_register_module_v1'));
    expect(nodeApi.preview.commandLine).toMatchObject({
      command: '/opt/node',
      kind: 'hearth-node',
    });
    expect(nodeApi.preview.warnings.join(' ')).not.toMatch(/native add-on/);
    await nodeApi.h.mcp.dispose();
    const nan = await preview({ path }, addon('node_register_module_v137'));
    expect(nan.preview.commandLine).toMatchObject({ command: node, kind: 'runtime' });
  });

  it('leave a bundle without add-ons, or Hearth on plain Node, on Hearth’s own Node', async () => {
    const { path } = pathWithNode('v22.11.0');
    const plain = await preview({ path }, { 'server/index.mjs': 'x' });
    expect(plain.preview.commandLine).toMatchObject({ command: '/opt/node', kind: 'hearth-node' });
    await plain.h.mcp.dispose();
    const browserHost = await preview({ path, electron: false });
    expect(browserHost.preview.commandLine).toMatchObject({ command: '/opt/node' });
    expect(browserHost.preview.warnings.join(' ')).not.toMatch(/native add-on/);
  });
});
