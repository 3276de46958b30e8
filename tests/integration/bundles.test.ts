import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Api } from '../../preload/api';
import type { WebSocketTransport } from '../../renderer/src/bridge/webSocketTransport';
import { uploadBundle } from '../../renderer/src/servers/bundles/uploadBundle';
import { writeFileSync } from 'node:fs';
import { buildBundle, greeterManifest, tampered } from '../support/bundleBuilder';
import { zippedBundle } from '../support/bundleServiceHarness';
import { connectRenderer } from '../support/rendererBridge';
import { startTestHost, tempDir, type TestHost } from '../support/testHost';

// Bundles end to end over the browser host's bridge, as the page does it: real .mcpb files made by
// the official tool, uploaded in pieces, installed, approved, started as a child process on
// Hearth's own Node, and its tool called with the user's settings.
let host: TestHost | undefined;
let transport: WebSocketTransport | undefined;
afterEach(async () => {
  transport?.close();
  await host?.core.dispose();
  await host?.close();
  host = undefined;
});

function requireHost(): TestHost {
  if (!host) throw new Error('no host');
  return host;
}

async function connect(): Promise<Api> {
  host = await startTestHost();
  const connected = connectRenderer(host);
  transport = connected.transport;
  return connected.api;
}

async function stage(api: Api, path: string): Promise<string> {
  return uploadBundle(api, new Blob([readFileSync(path)]), path.split(/[\\/]/).pop() ?? 'b.mcpb');
}

async function approve(api: Api, name: string) {
  const review = await api.servers.reviewLaunch(name);
  return { review, status: await api.servers.approveLaunch(name, review.fingerprint) };
}

describe('MCP bundles', () => {
  it('refuses a manifest with a field larger than Hearth takes in a sentence, through the bridge', async () => {
    const api = await connect();
    const path = zippedBundle(greeterManifest({ description: 'x'.repeat(20_000) }), {
      'server/index.mjs': 'x',
    });
    const failure = await api.bundles.inspect(await stage(api, path)).then(
      () => 'accepted',
      (error: Error) => error.message,
    );
    expect(failure).toBe(
      "The bundle's manifest.json is too large: its “description” is 20,000 characters long; Hearth takes at most 10,000.",
    );
  }, 60_000);

  it('installs a signed bundle, runs it on Hearth’s own Node with the user’s settings, and calls its tool', async () => {
    const api = await connect();
    const bundle = await buildBundle({ sign: true });
    const stagedId = await stage(api, bundle.path);
    const preview = await api.bundles.inspect(stagedId);
    expect(preview).toMatchObject({
      name: 'greeter',
      displayName: 'Greeter',
      version: '1.0.0',
      manifestVersion: '0.3',
      serverType: 'node',
      author: { name: 'Hearth tests' },
      tools: [{ name: 'greet' }],
      prompts: [{ name: 'welcome' }],
      signature: { status: 'self-signed', publisher: 'MCPB Self-Signed Certificate' },
      serverName: 'Greeter',
      blockers: [],
    });
    expect(preview.userConfig.map((field) => [field.key, field.required, field.sensitive])).toEqual(
      [
        ['greeting', true, false],
        ['api_token', false, true],
        ['folder', false, false],
      ],
    );
    // A required setting left out is refused, and nothing is installed.
    await expect(api.bundles.install(stagedId, {})).rejects.toThrow(/“Greeting” is required/);
    expect(await api.servers.list()).toHaveLength(1);

    const folder = tempDir('bundle-folder');
    const entry = await api.bundles.install(stagedId, {
      greeting: 'Ahoy',
      api_token: 'tok-secret-123',
      folder,
    });
    expect(entry.config.name).toBe('Greeter');
    expect(entry.status.consent).toBe('required');
    // The secret went to the vault: neither the server list nor the bundle settings hold it.
    const dataDir = requireHost().dataDir;
    for (const file of ['servers.json', 'bundle-settings.json', 'bundles.json'])
      expect(readFileSync(join(dataDir, file), 'utf8')).not.toContain('tok-secret-123');
    if (entry.config.transport.type !== 'stdio') throw new Error('expected stdio');
    expect(entry.config.transport.command).toBe(process.execPath);
    // A folder of its own: the name, the installed bundle's id, the version and the file's hash.
    expect(entry.config.transport.cwd).toMatch(
      /[\\/]bundles[\\/]greeter-[0-9a-f]{12}[\\/]1\.0\.0-[0-9a-f]{12}$/,
    );

    // From a bundle: in the OS sandbox by default, and the approval shows it.
    expect(entry.config.transport.sandbox?.enabled).toBe(true);

    const { review, status } = await approve(api, 'Greeter');
    expect(review.sandbox?.state).toBe('on');
    // ELECTRON_RUN_AS_NODE is Hearth's own, not the bundle's: no "risky" warning for it.
    expect(review.risky).toEqual([]);
    expect(review.env.find((variable) => variable.name === 'ELECTRON_RUN_AS_NODE')).toMatchObject({
      byHearth: true,
    });
    expect(review.env.find((variable) => variable.name === 'API_TOKEN')).toMatchObject({
      secret: true,
      value: '••••••••',
    });
    expect(status.state).toBe('ready');
    // The bundle's code lives in Hearth's data folder, which the sandbox hides: its own folder
    // stays readable to it, and it runs.
    expect(status.sandbox?.state).toBe('on');
    const outcome = await requireHost().core.mcp.callTool('Greeter', 'greet', { name: 'Ada' });
    expect(JSON.stringify(outcome)).toContain(
      `Ahoy, Ada! token=set(14) folder=${folder} version=1.0.0`,
    );
    expect(await api.bundles.list()).toMatchObject([
      { name: 'greeter', version: '1.0.0', serverName: 'Greeter', signature: 'self-signed' },
    ]);
  }, 60_000);

  it('updates to a newer version keeping the user’s values, then uninstalls files, server and secrets', async () => {
    const api = await connect();
    const first = await buildBundle();
    await api.bundles.install(await stage(api, first.path), {
      greeting: 'Hej',
      api_token: 'kept-secret',
    });
    await approve(api, 'Greeter');
    const second = await buildBundle({ manifest: greeterManifest({ version: '1.1.0' }) });
    const stagedId = await stage(api, second.path);
    const preview = await api.bundles.inspect(stagedId);
    // Both unsigned: the same author's name makes it an update only with the user's word.
    expect(preview.installed).toMatchObject({
      version: '1.0.0',
      serverName: 'Greeter',
      confirm: true,
    });
    const greeting = preview.userConfig.find((field) => field.key === 'greeting');
    expect(greeting?.current).toBe('Hej');
    const token = preview.userConfig.find((field) => field.key === 'api_token');
    expect(token).toMatchObject({ secretStored: true });
    expect(JSON.stringify(preview)).not.toContain('kept-secret');

    const updated = await api.bundles.install(stagedId, {}, { asUpdate: true });
    expect(updated.config.name).toBe('Greeter');
    // New files mean a new launch: the user approves the new version before it runs.
    expect(updated.status.consent).toBe('changed');
    await approve(api, 'Greeter');
    const outcome = await requireHost().core.mcp.callTool('Greeter', 'greet', { name: 'Bo' });
    expect(JSON.stringify(outcome)).toContain('Hej, Bo! token=set(11)');
    expect(JSON.stringify(outcome)).toContain('version=1.1.0');
    const bundleRoot = dirname((await api.bundles.list())[0]?.folder ?? '');
    expect(readdirSync(bundleRoot)).toEqual([expect.stringMatching(/^1\.1\.0-[0-9a-f]{12}$/)]);

    expect(await api.bundles.uninstall('Greeter')).toBe(true);
    expect(existsSync(bundleRoot)).toBe(false);
    expect((await api.servers.list()).map((server) => server.config.name)).toEqual(['hearth']);
    expect(await api.bundles.list()).toEqual([]);
  }, 60_000);

  it('keeps the installed version whole when an update is refused', async () => {
    const api = await connect();
    await api.bundles.install(await stage(api, (await buildBundle()).path), { greeting: 'Hi' });
    await approve(api, 'Greeter');
    const newer = await buildBundle({
      manifest: greeterManifest({ version: '2.0.0' }),
      sign: true,
    });
    const changed = join(tempDir('changed'), 'changed.mcpb');
    writeFileSync(changed, tampered(newer.path));
    const stagedId = await stage(api, changed);
    await expect(api.bundles.install(stagedId, {})).rejects.toThrow(/signature is not valid/);
    const elsewhere = process.platform === 'win32' ? 'linux' : 'win32';
    const other = await buildBundle({
      manifest: greeterManifest({ version: '2.0.0', compatibility: { platforms: [elsewhere] } }),
    });
    const blocked = await stage(api, other.path);
    expect((await api.bundles.inspect(blocked)).blockers[0]).toMatch(
      /^This bundle runs on (Windows|Linux), not on /,
    );
    await expect(api.bundles.install(blocked, {})).rejects.toThrow(/This bundle runs on/);
    const [kept] = await api.bundles.list();
    expect(readdirSync(dirname(kept?.folder ?? ''))).toEqual([basename(kept?.folder ?? '')]);
    expect(await api.bundles.list()).toMatchObject([{ version: '1.0.0' }]);
    const outcome = await requireHost().core.mcp.callTool('Greeter', 'greet', { name: 'Cy' });
    expect(JSON.stringify(outcome)).toContain('Hi, Cy!');
  }, 60_000);

  it('deleting a bundle’s server in Servers removes its files and settings too', async () => {
    const api = await connect();
    await api.bundles.install(await stage(api, (await buildBundle()).path), {
      greeting: 'Yo',
      api_token: 'gone-soon',
    });
    const [record] = await api.bundles.list();
    expect(await api.servers.delete('Greeter')).toBe(true);
    expect(existsSync(dirname(record?.folder ?? ''))).toBe(false);
    expect(await api.bundles.list()).toEqual([]);
    expect(readFileSync(join(requireHost().dataDir, 'bundle-settings.json'), 'utf8')).not.toContain(
      'Yo',
    );
  }, 60_000);

  it('follows a bundle’s server renamed by the user, for its update and its removal', async () => {
    const api = await connect();
    const installed = await api.bundles.install(await stage(api, (await buildBundle()).path), {
      greeting: 'Hey',
    });
    await api.servers.save({ ...installed.config, name: 'My greeter' }, 'Greeter');
    const newer = await stage(
      api,
      (await buildBundle({ manifest: greeterManifest({ version: '1.2.0' }) })).path,
    );
    expect((await api.bundles.inspect(newer)).serverName).toBe('My greeter');
    await api.bundles.install(newer, {}, { asUpdate: true });
    expect((await api.servers.list()).map((server) => server.config.name)).toEqual([
      'hearth',
      'My greeter',
    ]);
    const [record] = await api.bundles.list();
    expect(await api.servers.delete('My greeter')).toBe(true);
    expect(existsSync(dirname(record?.folder ?? ''))).toBe(false);
  }, 60_000);
});
