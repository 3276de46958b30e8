/**
 * electron-builder's afterPack hook: the build fails if anything it packed is a signing key or
 * certificate (scripts/packaging/keyMaterial.mjs), or if Electron's sample app is still there.
 * An exclude in electron-builder.yml keeps such files out; this makes sure, whatever brought them.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findKeyMaterial } from './keyMaterial.mjs';

export default function afterPack({ appOutDir, packager }) {
  const { findings: problems, scanned } = findKeyMaterial(appOutDir);
  if (existsSync(join(packager.getResourcesDir(appOutDir), 'default_app.asar')))
    problems.push('resources/default_app.asar: Electron’s sample app');
  if (problems.length > 0) {
    throw new Error(
      `The build packed files that must never ship, so it stopped (nothing was published):\n${problems
        .map((problem) => `  ${problem}`)
        .join(
          '\n',
        )}\nRemove them (a key or certificate made by a tool inside node_modules is a common cause: delete it and sign with files outside the project), then build again.`,
    );
  }
  process.stdout.write(`  • No key or certificate among ${scanned} packed files\n`);
}
