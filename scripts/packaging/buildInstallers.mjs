/**
 * `npm run dist`'s packaging step: electron-builder, given the same arguments its own command
 * line takes (parsed by its own parser, so `--linux`, `-l`, `--linux deb`, `--dir`, `--x64`, `-c.x=y`
 * all mean what they mean to it), with Electron's release supplied from here:
 * - for this computer's platform and architecture, the installed Electron that `npm start` uses,
 *   fetched and checked against the electron package's pinned checksums when it was installed;
 * - for any other, the release zip downloaded through @electron/get and checked against the same
 *   pinned checksums (electron-builder's own download checks only the mirror's SHASUMS256.txt).
 * A failure ends in one plain message and a non-zero exit.
 *   node scripts/packaging/buildInstallers.mjs [electron-builder arguments]
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builderModule, parseBuilderArguments, UsageError } from './builderArguments.mjs';
import { electronReleaseFor } from './electronRelease.mjs';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The options with `electronDist` as a hook. electron-builder swallows an error thrown by that
 * hook and downloads Electron itself (app-builder-lib out/electron/ElectronFramework.js,
 * `unpack`), so a failure is kept here and answered with a path that does not exist, which
 * stops the build; the kept message is what the person sees.
 */
function withVerifiedElectron(options, failures) {
  const electronDist = async ({ platformName, arch }) => {
    try {
      return await electronReleaseFor(projectRoot, { platform: platformName, arch });
    } catch (error) {
      failures.push(error);
      return join(projectRoot, 'dist', `.no-verified-electron-${platformName}-${arch}`);
    }
  };
  const given = options.config;
  const config = typeof given === 'string' ? { extends: given } : { ...(given ?? {}) };
  return { ...options, config: { ...config, electronDist } };
}

const failures = [];
try {
  const options = withVerifiedElectron(
    parseBuilderArguments(projectRoot, process.argv.slice(2)),
    failures,
  );
  await builderModule(projectRoot).build({ publish: 'never', ...options });
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`npm run dist: ${error.message}\n`);
    process.exit(2);
  }
  const reason = failures[0] ?? error;
  process.stderr.write(`\n${reason?.message ?? String(reason)}\n`);
  process.exit(1);
}
