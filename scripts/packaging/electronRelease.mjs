/**
 * Which Electron release a build packs, for one platform and architecture: never one that was
 * not checked against the checksums pinned in the installed electron package.
 */
import { dirname } from 'node:path';
import {
  electronPackage,
  ensureElectron,
  downloadElectronZip,
  hostTarget,
} from '../electronBinary.mjs';

/** The unpacked release: the folder holding the executable, or the one holding Electron.app. */
export function unpackedReleaseOf(executable) {
  const bundle = executable.indexOf('Electron.app');
  return bundle === -1 ? dirname(executable) : executable.slice(0, bundle - 1);
}

/**
 * For the host's platform and architecture: the installed release's folder (fetched now if it is
 * missing, as `npm start` would). For another: the release zip, downloaded and verified.
 */
export async function electronReleaseFor(
  projectRoot,
  target,
  { env = process.env, log = process.stderr } = {},
) {
  const host = hostTarget(env);
  if (target.platform === host.platform && target.arch === host.arch)
    return unpackedReleaseOf(await ensureElectron(projectRoot, { env, log }));
  return downloadElectronZip(electronPackage(projectRoot), target, { env, log });
}
