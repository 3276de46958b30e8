/**
 * A stand-in Electron release for packaging tests, laid out as Electron's linux zip is (the
 * `electron` executable, `resources/default_app.asar`, `locales/`, `LICENSE`, `version`; see
 * electron's script/zip_manifests/dist_zip.linux.x64.manifest), small enough to build in seconds.
 * Its executable does what a packaged app's does for the two ways Hearth starts it:
 * - with ELECTRON_RUN_AS_NODE set it is plain Node.js (Electron's docs, "ELECTRON_RUN_AS_NODE"),
 *   here the Node that runs the test;
 * - otherwise it writes down that it was started and its arguments, and exits.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storedZip } from '../../support/firstRun/storedZip';

function executable(node: string): string {
  return `#!/bin/sh
if [ -n "$ELECTRON_RUN_AS_NODE" ]; then exec '${node}' "$@"; fi
[ -n "$HEARTH_TEST_LAUNCH_RECORD" ] && printf '%s\\n' "$0" "$@" > "$HEARTH_TEST_LAUNCH_RECORD"
exit 0
`;
}

/** electron-builder's own copy of @electron/asar, the tool that writes `app.asar`. */
export function asarTool(): {
  createPackage(src: string, dest: string): Promise<unknown>;
  listPackage(archive: string, options: { isPack: boolean }): string[];
  extractAll(archive: string, dest: string): void;
} {
  const builderLib = createRequire(import.meta.url).resolve('app-builder-lib/package.json');
  return createRequire(builderLib)('@electron/asar') as ReturnType<typeof asarTool>;
}

/** Electron's sample app as a real (tiny) asar archive, as the release carries it. */
async function defaultAppAsar(): Promise<Buffer> {
  const work = mkdtempSync(join(tmpdir(), 'hearth-default-app-'));
  const source = join(work, 'default_app');
  mkdirSync(source);
  writeFileSync(join(source, 'package.json'), '{"name":"electron","main":"main.js"}');
  writeFileSync(join(source, 'main.js'), '// Electron’s default app\n');
  await asarTool().createPackage(source, join(work, 'default_app.asar'));
  return readFileSync(join(work, 'default_app.asar'));
}

export async function standInReleaseZip(version: string, node = process.execPath): Promise<Buffer> {
  return storedZip([
    { name: 'electron', data: Buffer.from(executable(node)), mode: 0o755 },
    { name: 'version', data: Buffer.from(version) },
    { name: 'LICENSE', data: Buffer.from('A stand-in release for packaging tests.\n') },
    { name: 'LICENSES.chromium.html', data: Buffer.from('<p>Stand-in.</p>\n') },
    { name: 'locales/en-US.pak', data: Buffer.from('stand-in locale') },
    { name: 'resources/default_app.asar', data: await defaultAppAsar() },
  ]);
}
