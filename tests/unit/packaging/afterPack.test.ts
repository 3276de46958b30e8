import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import afterPack from '../../../scripts/packaging/afterPack.mjs';
import { asarTool } from '../../packaging/support/standInRelease';
import { tempDir } from '../../support/testHost';

// The build refuses to finish when anything it packed is a key or certificate, wherever it sits
// (inside app.asar or beside it) and whatever its name, and when Electron's sample app is left.
const privateKey = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .privateKey.export({ type: 'pkcs1', format: 'pem' })
  .toString();

/** A packed Linux app folder whose app.asar holds `files`, with `beside` next to it. */
async function packedApp(
  files: Record<string, string>,
  beside: Record<string, string> = {},
): Promise<string> {
  const source = tempDir('app-source');
  for (const [name, text] of Object.entries({ 'package.json': '{}', ...files })) {
    mkdirSync(dirname(join(source, name)), { recursive: true });
    writeFileSync(join(source, name), text);
  }
  const appOutDir = tempDir('app-out');
  mkdirSync(join(appOutDir, 'resources'));
  await asarTool().createPackage(source, join(appOutDir, 'resources', 'app.asar'));
  for (const [name, text] of Object.entries(beside)) {
    mkdirSync(dirname(join(appOutDir, name)), { recursive: true });
    writeFileSync(join(appOutDir, name), text);
  }
  return appOutDir;
}

function runAfterPack(appOutDir: string): () => void {
  return () =>
    afterPack({ appOutDir, packager: { getResourcesDir: (out) => join(out, 'resources') } });
}

describe('the afterPack check', () => {
  it('fails the build on a key file inside app.asar, naming it', async () => {
    const app = await packedApp({
      'node_modules/@anthropic-ai/mcpb/dist/self-signed-key.pem': privateKey,
      'node_modules/@anthropic-ai/mcpb/dist/self-signed-cert.pem': '-----BEGIN CERTIFICATE-----\n',
    });
    expect(runAfterPack(app)).toThrow(
      /resources\/app\.asar\/node_modules\/@anthropic-ai\/mcpb\/dist\/self-signed-key\.pem: a key or certificate file/,
    );
    expect(runAfterPack(app)).toThrow(/self-signed-cert\.pem/);
  });

  it('judges by content too: a private key under any name, inside the archive or beside it', async () => {
    const app = await packedApp(
      { 'out/main/settings.json': `{"key": ${JSON.stringify(privateKey)}}`.replace(/\\n/g, '\n') },
      { 'resources/extra/notes.txt': `kept for later\n${privateKey}` },
    );
    expect(runAfterPack(app)).toThrow(/app\.asar\/out\/main\/settings\.json: holds a private key/);
    expect(runAfterPack(app)).toThrow(/resources\/extra\/notes\.txt: holds a private key/);
    expect(runAfterPack(app)).toThrow(/nothing was published/);
  });

  it('fails the build when Electron’s sample app is still packed', async () => {
    const app = await packedApp({}, { 'resources/default_app.asar': '' });
    expect(runAfterPack(app)).toThrow(/default_app\.asar: Electron’s sample app/);
  });

  it('lets code that only names a key’s label pass (a PEM parser), and says what it checked', async () => {
    const app = await packedApp({
      'out/main/main.js': "const label = '-----BEGIN PRIVATE KEY-----';\nexport { label };\n",
      'node_modules/forge/lib/pem.js': "header = '-----BEGIN ' + type + '-----';\n",
    });
    const written: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => written.push(String(chunk)) > 0) as typeof write;
    try {
      expect(runAfterPack(app)).not.toThrow();
    } finally {
      process.stdout.write = write;
    }
    expect(written.join('')).toMatch(/No key or certificate among 4 packed files/);
  });
});
