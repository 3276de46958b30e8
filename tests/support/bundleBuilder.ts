/**
 * Builds real `.mcpb` files for tests with the official packaging tool (`mcpb pack`, and
 * `mcpb sign` with a key and certificate made in a temporary folder) from the npm package: a
 * manifest, and a tiny MCP server bundled with its SDK into one file, as a bundle's author would
 * ship it. Never `mcpb sign --self-signed`: that writes its key and certificate into the
 * package's own `dist/` folder (@anthropic-ai/mcpb dist/cli/cli.js), inside node_modules, where
 * the next `npm run dist` would pack them.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const MCPB_CLI = join(root, 'node_modules', '@anthropic-ai', 'mcpb', 'dist', 'cli', 'cli.js');

/** The subject `mcpb sign --self-signed` gives its certificate (@anthropic-ai/mcpb dist/cli/cli.js). */
const SELF_SIGNED_SUBJECT = '/CN=MCPB Self-Signed Certificate/O=MCPB Extensions/C=US';

let signingFiles: Promise<{ cert: string; key: string }> | undefined;
/**
 * A self-signed key and certificate in a temporary folder, made once per test file with the
 * same `openssl req -x509` call as `mcpb sign --self-signed` (a smaller key: these only sign tests).
 */
export function testSigningFiles(): Promise<{ cert: string; key: string }> {
  signingFiles ??= (async () => {
    const folder = await mkdtemp(join(tmpdir(), 'hearth-signing-'));
    const cert = join(folder, 'cert.pem');
    const key = join(folder, 'key.pem');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '30',
      '-nodes',
      '-subj',
      SELF_SIGNED_SUBJECT,
    ]);
    return { cert, key };
  })();
  return signingFiles;
}

let serverScript: Promise<string> | undefined;
/** The greeter server with the SDK inlined, built once per test file. */
function greeterScript(): Promise<string> {
  serverScript ??= (async () => {
    const result = await build({
      entryPoints: [join(root, 'tests', 'fixtures', 'bundles', 'greeterServer.mjs')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      banner: {
        js: "import { createRequire as hearthCreateRequire } from 'node:module'; const require = hearthCreateRequire(import.meta.url);",
      },
    });
    const [output] = result.outputFiles;
    if (!output) throw new Error('esbuild wrote nothing');
    return output.text;
  })();
  return serverScript;
}

/** The greeter's manifest: a required greeting, a secret token, a folder argument. */
export function greeterManifest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    manifest_version: '0.3',
    name: 'greeter',
    display_name: 'Greeter',
    version: '1.0.0',
    description: 'Greets people, as a test bundle.',
    long_description: 'Greets anyone by name.\n\nThe greeting is yours to choose.',
    author: { name: 'Hearth tests', url: 'https://example.com' },
    license: 'MIT',
    server: {
      type: 'node',
      entry_point: 'server/index.mjs',
      mcp_config: {
        command: 'node',
        args: ['${__dirname}/server/index.mjs', '${user_config.folder}'],
        env: {
          GREETING: '${user_config.greeting}',
          API_TOKEN: '${user_config.api_token}',
          BUNDLE_VERSION: overrides.version === undefined ? '1.0.0' : String(overrides.version),
        },
      },
    },
    tools: [{ name: 'greet', description: 'Greets someone by name.' }],
    prompts: [{ name: 'welcome', description: 'A welcome', text: 'Say welcome' }],
    compatibility: { platforms: ['darwin', 'win32', 'linux'], runtimes: { node: '>=18' } },
    user_config: {
      greeting: {
        type: 'string',
        title: 'Greeting',
        description: 'The word the server greets with.',
        required: true,
      },
      api_token: {
        type: 'string',
        title: 'API token',
        description: 'A secret the server needs.',
        sensitive: true,
        required: false,
      },
      folder: {
        type: 'directory',
        title: 'Working folder',
        description: 'A folder the server may read.',
        default: '${HOME}',
      },
    },
    ...overrides,
  };
}

export interface BuiltBundle {
  path: string;
  folder: string;
}

/** Packs a bundle with `mcpb pack` (and signs it with `mcpb sign` when asked). */
export async function buildBundle(
  options: {
    manifest?: Record<string, unknown>;
    sign?: boolean;
    extraFiles?: Record<string, string>;
    fileName?: string;
  } = {},
): Promise<BuiltBundle> {
  const work = await mkdtemp(join(tmpdir(), 'hearth-bundle-'));
  const source = join(work, 'source');
  mkdirSync(join(source, 'server'), { recursive: true });
  writeFileSync(
    join(source, 'manifest.json'),
    JSON.stringify(options.manifest ?? greeterManifest(), null, 2),
  );
  writeFileSync(join(source, 'server', 'index.mjs'), await greeterScript());
  for (const [name, text] of Object.entries(options.extraFiles ?? {})) {
    mkdirSync(join(source, name, '..'), { recursive: true });
    writeFileSync(join(source, name), text);
  }
  const path = join(work, options.fileName ?? 'greeter.mcpb');
  await run(process.execPath, [MCPB_CLI, 'pack', source, path], { cwd: work });
  if (options.sign) {
    const { cert, key } = await testSigningFiles();
    await run(process.execPath, [MCPB_CLI, 'sign', path, '--cert', cert, '--key', key], {
      cwd: work,
    });
  }
  return { path, folder: work };
}

/** The file's bytes with one byte flipped inside the zip (after signing, for a bad signature). */
export function tampered(path: string, at = 200): Buffer {
  const bytes = Buffer.from(readFileSync(path));
  bytes[at] = (bytes[at] ?? 0) ^ 0xff;
  return bytes;
}
