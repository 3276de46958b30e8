import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEventHub } from '../../../electron/core/bridge/events';
import { listArchive, unpackArchive } from '../../../electron/core/bundles/bundleArchive';
import { bundleTransport } from '../../../electron/core/bundles/bundleLaunch';
import { readManifest } from '../../../electron/core/bundles/bundleManifest';
import {
  createBundleService,
  type BundleService,
} from '../../../electron/core/bundles/bundleService';
import { createLogger } from '../../../electron/core/logger';
import { createMcpManager, type McpManager } from '../../../electron/core/mcp/manager';
import { createMemoryVault } from '../../../electron/core/secrets/secretVault';
import {
  buildBundle,
  greeterManifest,
  tampered,
  type BuiltBundle,
} from '../../support/bundleBuilder';
import { tempDir } from '../../support/testHost';

// What a bundle must pass before anything is installed: a manifest of a version Hearth reads and
// valid for it, a signature that matches when there is one, the hash a registry promised, and
// an archive that stays inside its folder. Each refusal says why and leaves nothing behind.
let signed: BuiltBundle;
beforeAll(async () => {
  signed = await buildBundle({ sign: true });
}, 60_000);

let manager: McpManager | undefined;
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

function service(environment: NodeJS.ProcessEnv = process.env): {
  bundles: BundleService;
  dataDir: string;
  mcp: McpManager;
} {
  const dataDir = tempDir('bundle-unit');
  const events = createEventHub(createLogger({ sinks: [] }));
  const vault = createMemoryVault();
  const launchContext = () => ({ platform: process.platform, environment });
  manager = createMcpManager({
    dataDir,
    vault,
    events,
    logger: createLogger({ sinks: [] }),
    clientVersion: '0.0.0-test',
    launchContext,
    onProblem: () => undefined,
  });
  const bundles = createBundleService({
    dataDir,
    mcp: manager,
    vault,
    events,
    launchContext,
    environment: { platform: process.platform, home: '/home/someone', nodeExecutable: '/opt/node' },
    onProblem: () => undefined,
  });
  return { bundles, dataDir, mcp: manager };
}

function zipFile(files: Zippable): string {
  const path = join(tempDir('zip'), 'made.mcpb');
  writeFileSync(path, zipSync(files));
  return path;
}

const script = strToU8('console.log("server")');

async function refusal(path: string, options?: { expectedSha256?: string }): Promise<string> {
  const { bundles, dataDir, mcp } = service();
  const id = await bundles.stageFile(path, options);
  const failure = await bundles.install(id, { greeting: 'Hi' }).then(
    () => 'installed',
    (error: Error) => error.message,
  );
  expect(mcp.store.list()).toEqual([]);
  expect(readdirSync(join(dataDir, 'bundles')).filter((name) => name !== '.staging')).toEqual([]);
  return failure;
}

describe('manifest checks', () => {
  it('names each thing wrong with a manifest', async () => {
    await expect(readManifest('{ nope')).rejects.toThrow(/manifest.json is not valid JSON/);
    await expect(readManifest('[]')).rejects.toThrow(/not a JSON object/);
    await expect(readManifest('{"name":"x"}')).rejects.toThrow(/does not say its manifest_version/);
    await expect(
      readManifest(JSON.stringify({ ...greeterManifest(), manifest_version: '0.1' })),
    ).rejects.toThrow(/version 0.1; Hearth reads versions 0.2 to 0.4/);
    await expect(
      readManifest(JSON.stringify({ ...greeterManifest(), author: undefined })),
    ).rejects.toThrow(/\(version 0.3\) is not valid: author is missing/);
    const uvIn03 = greeterManifest();
    (uvIn03.server as { type: string }).type = 'uv';
    await expect(readManifest(JSON.stringify(uvIn03))).rejects.toThrow(/server.type/);
    await expect(
      readManifest(JSON.stringify({ ...uvIn03, manifest_version: '0.4' })),
    ).resolves.toMatchObject({ server: { type: 'uv' }, manifestVersion: '0.4' });
    const unknownSetting = greeterManifest();
    (unknownSetting.server as { mcp_config: { args: string[] } }).mcp_config.args.push(
      '${user_config.missing}',
    );
    await expect(readManifest(JSON.stringify(unknownSetting))).rejects.toThrow(
      /uses the setting “missing” in its command, but declares no such setting/,
    );
  });

  it('reads a 0.2 manifest written with dxt_version', async () => {
    const rest = Object.fromEntries(
      Object.entries(greeterManifest()).filter(([key]) => key !== 'manifest_version'),
    );
    await expect(
      readManifest(JSON.stringify({ ...rest, dxt_version: '0.2' })),
    ).resolves.toMatchObject({
      manifestVersion: '0.2',
      name: 'greeter',
    });
  });

  it('refuses a bundle with a bad manifest, or none, and installs nothing', async () => {
    const bad = { ...greeterManifest(), server: { type: 'node' } };
    expect(await refusal(zipFile({ 'manifest.json': strToU8(JSON.stringify(bad)) }))).toMatch(
      /server.entry_point is missing/,
    );
    expect(await refusal(zipFile({ 'server/index.mjs': script }))).toMatch(
      /no manifest.json at its top level/,
    );
    expect(
      await refusal(zipFile({ 'manifest.json': strToU8(JSON.stringify(greeterManifest())) })),
    ).toMatch(/entry point \(server\/index.mjs\) is not in the bundle/);
    const notZip = join(tempDir('zip'), 'text.mcpb');
    writeFileSync(notZip, 'just text');
    expect(await refusal(notZip)).toMatch(/not an MCP bundle: it is not a zip archive/);
  });
});

describe('the preview', () => {
  it('warns when a secret setting goes on the command line, where the keychain cannot keep it', async () => {
    const manifest = greeterManifest();
    (manifest.server as { mcp_config: { args: string[] } }).mcp_config.args.push(
      '--token=${user_config.api_token}',
    );
    const { bundles } = service();
    const path = zipFile({
      'manifest.json': strToU8(JSON.stringify(manifest)),
      'server/index.mjs': script,
    });
    const preview = await bundles.inspect(await bundles.stageFile(path));
    expect(preview.warnings).toContain(
      "It passes “API token” on its command line, where other programs on this computer can read it, and Hearth has to keep it with the server's settings rather than in the keychain.",
    );
    expect(preview.signature.status).toBe('unsigned');
    expect(preview.warnings).toContain('The bundle is not signed: nothing says who made it.');
  });
});

describe('a uv bundle', () => {
  it('says uv is missing, and how to get it, when it is not on the PATH servers get', async () => {
    const manifest = {
      manifest_version: '0.4',
      name: 'py-tools',
      version: '0.1.0',
      description: 'Python tools',
      author: { name: 'Someone' },
      server: {
        type: 'uv',
        entry_point: 'src/server.py',
        mcp_config: { command: 'uv', args: ['run', '${__dirname}/src/server.py'] },
      },
    };
    const { bundles } = service({ PATH: tempDir('empty-path') });
    const preview = await bundles.inspect(
      await bundles.stageFile(
        zipFile({
          'manifest.json': strToU8(JSON.stringify(manifest)),
          'pyproject.toml': strToU8('[project]\nname = "py-tools"\n'),
          'src/server.py': strToU8('print("hi")\n'),
        }),
      ),
    );
    expect(preview).toMatchObject({ serverType: 'uv', manifestVersion: '0.4', blockers: [] });
    expect(preview.missingRuntime).toMatch(/“uv” comes with uv: install it \(https:/);
  });
});

describe('signatures and hashes', () => {
  it('reads a bundle signed by mcpb sign as self-signed, and refuses it once a byte changed', async () => {
    const { bundles } = service();
    const preview = await bundles.inspect(await bundles.stageFile(signed.path));
    expect(preview.signature).toMatchObject({
      status: 'self-signed',
      publisher: 'MCPB Self-Signed Certificate',
    });
    const changed = join(tempDir('zip'), 'changed.mcpb');
    writeFileSync(changed, tampered(signed.path));
    expect(await refusal(changed)).toMatch(
      /signature is not valid: its contents changed after it was signed/,
    );
  });

  it('refuses a damaged signature block', async () => {
    const bytes = readFileSync(signed.path);
    const damaged = Buffer.from(bytes);
    // A byte inside the PKCS#7 block (it ends 12 bytes before the end, with MCPB_SIG_END).
    const at = damaged.length - 40;
    damaged[at] = (damaged[at] ?? 0) ^ 0xff;
    const path = join(tempDir('zip'), 'damaged.mcpb');
    writeFileSync(path, damaged);
    expect(await refusal(path)).toMatch(/signature is not valid/);
  });

  it('refuses a file whose SHA-256 is not the one a registry gave, and takes the right one', async () => {
    const wrong = 'a'.repeat(64);
    expect(await refusal(signed.path, { expectedSha256: wrong })).toMatch(
      /not the one the registry describes: its SHA-256 is [0-9a-f]{64}, the registry says a{64}/,
    );
    const { bundles } = service();
    const right = createHash('sha256').update(readFileSync(signed.path)).digest('hex');
    const preview = await bundles.inspect(
      await bundles.stageFile(signed.path, { expectedSha256: right.toUpperCase() }),
    );
    expect(preview.sha256Matches).toBe(true);
  });
});

describe('archive safety', () => {
  it('refuses entries that climb out of the folder, absolute paths and links, before writing anything', async () => {
    const manifest = strToU8(JSON.stringify(greeterManifest()));
    for (const name of ['../evil.txt', 'server/../../evil.txt', '/etc/evil', 'C:/evil.txt']) {
      expect(
        await refusal(
          zipFile({ 'manifest.json': manifest, 'server/index.mjs': script, [name]: script }),
        ),
      ).toMatch(/names a file outside its own folder/);
    }
    const link = zipFile({
      'manifest.json': manifest,
      'server/index.mjs': script,
      'server/link': [strToU8('/etc/passwd'), { os: 3, attrs: 0o120777 << 16 }],
    });
    expect(await refusal(link)).toMatch(/symbolic link \(server\/link\)/);
  });

  it('refuses a zip bomb by its stated sizes before inflating anything', () => {
    const zip = zipSync({ 'big.bin': new Uint8Array(1024), 'other.bin': new Uint8Array(10) });
    const view = new DataView(zip.buffer);
    const entry = Buffer.from(zip).indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    // The file list says big.bin inflates to 2 GB from about a kilobyte: more than deflate can.
    view.setUint32(entry + 24, 0x7fffffff, true);
    expect(() => listArchive(zip)).toThrow(
      /big.bin claims to unpack to 2048 MB from \d+ bytes, more than compression can make/,
    );
  });

  it('unpacks only inside the folder and keeps executable bits', async () => {
    const zip = zipSync({
      'run.sh': [strToU8('#!/bin/sh\necho hi\n'), { os: 3, attrs: 0o100755 << 16 }],
      'data/readme.txt': strToU8('hello'),
    });
    const folder = join(tempDir('unpack'), 'bundle');
    await unpackArchive(zip, listArchive(zip), folder);
    expect(readFileSync(join(folder, 'data', 'readme.txt'), 'utf8')).toBe('hello');
    if (process.platform !== 'win32')
      expect(statSync(join(folder, 'run.sh')).mode & 0o111).toBe(0o111);
    expect(statSync(join(folder, 'data', 'readme.txt')).mode & 0o111).toBe(0);
  });
});

describe('the command line a bundle gets', () => {
  it('runs node bundles on Hearth’s Node, expands several values as several arguments and keeps values literal', () => {
    const manifest = {
      manifestVersion: '0.3',
      name: 'x',
      version: '1',
      description: '',
      author: { name: 'a' },
      server: {
        type: 'node' as const,
        entry_point: 'index.js',
        mcp_config: {
          command: 'node',
          args: ['${__dirname}/index.js', '${user_config.dirs}', '--home=${HOME}${/}x'],
          env: { TOKEN: '${user_config.token}', UNSET: '${user_config.optional}' },
        },
      },
      user_config: {
        dirs: { type: 'directory' as const, title: 'Dirs', description: '', multiple: true },
        token: { type: 'string' as const, title: 'T', description: '', sensitive: true },
        optional: { type: 'string' as const, title: 'O', description: '' },
      },
    };
    const transport = bundleTransport(
      manifest,
      '/data/bundles/x/1',
      { dirs: ['/a', '/b ${PATH}'], token: 'secret' },
      { platform: 'linux', home: '/home/u', nodeExecutable: '/opt/hearth/hearth' },
    );
    expect(transport).toEqual({
      type: 'stdio',
      command: '/opt/hearth/hearth',
      args: ['/data/bundles/x/1/index.js', '/a', '/b $${PATH}', '--home=/home/u/x'],
      env: [
        { name: 'ELECTRON_RUN_AS_NODE', value: '1', secret: false },
        { name: 'TOKEN', value: 'secret', secret: true },
      ],
      cwd: '/data/bundles/x/1',
    });
  });

  it('runs uv bundles with uv run in the bundle’s folder', () => {
    const transport = bundleTransport(
      {
        manifestVersion: '0.4',
        name: 'py',
        version: '1',
        description: '',
        author: { name: 'a' },
        server: { type: 'uv', entry_point: 'src/server.py', mcp_config: { command: 'python' } },
      },
      '/data/bundles/py/1',
      {},
      { platform: 'linux', home: '/home/u', nodeExecutable: '/opt/node' },
    );
    expect(transport.command).toBe('uv');
    expect(transport.args).toEqual(['run', '--directory', '/data/bundles/py/1', 'src/server.py']);
  });
});
