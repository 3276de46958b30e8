/**
 * Electron's binary, fetched when missing. The `electron` package no longer downloads it at
 * install; it does on the first `require('electron')`, which electron-vite never makes (it reads
 * `path.txt` and gives up with "Electron uninstall"). This does what the package's own
 * `install.js` does, with the same `@electron/get` call (so ELECTRON_MIRROR, its custom-dir and
 * file-name variables, `electron_config_cache`, `electron_use_remote_checksums`,
 * ELECTRON_GET_USE_PROXY with HTTPS_PROXY, and its download cache all work as Electron
 * documents), and adds what a person starting the app needs: progress from the first byte, and
 * one plain message when the download fails.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { platform as osPlatform } from 'node:os';
import { dirname, join } from 'node:path';
import { execSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** A failed download or unpacking, with the message to show instead of a stack trace. */
export class ElectronDownloadError extends Error {
  name = 'ElectronDownloadError';
}

/** The `electron` package installed for the project at `projectRoot`. */
export function electronPackage(projectRoot) {
  const require = createRequire(join(projectRoot, 'package.json'));
  const dir = dirname(require.resolve('electron/package.json'));
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return { dir, version, require: createRequire(join(dir, 'package.json')) };
}

/** Where the executable sits inside the unpacked release, as electron's install.js writes it. */
export function platformPath(platform) {
  switch (platform) {
    case 'mas':
    case 'darwin':
      return 'Electron.app/Contents/MacOS/Electron';
    case 'freebsd':
    case 'openbsd':
    case 'linux':
      return 'electron';
    case 'win32':
      return 'electron.exe';
    default:
      throw new ElectronDownloadError(`Electron is not made for this system (${platform}).`);
  }
}

/** The installed executable, or undefined when it has to be fetched (install.js's own test). */
export function installedElectron(pkg, env = process.env) {
  const wanted = platformPath(
    env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || osPlatform(),
  );
  try {
    const distVersion = readFileSync(join(pkg.dir, 'dist', 'version'), 'utf8').replace(/^v/, '');
    const written = readFileSync(join(pkg.dir, 'path.txt'), 'utf8');
    if (distVersion.trim() !== pkg.version || written !== wanted) return undefined;
  } catch {
    return undefined;
  }
  const executable = env.ELECTRON_OVERRIDE_DIST_PATH
    ? join(env.ELECTRON_OVERRIDE_DIST_PATH, wanted)
    : join(pkg.dir, 'dist', wanted);
  return existsSync(executable) ? executable : undefined;
}

function targetOf(env) {
  const platform = env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform;
  let arch = env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch;
  // As install.js: an x64 Node on Apple silicon (Rosetta) still wants the arm64 build.
  if (
    platform === 'darwin' &&
    process.platform === 'darwin' &&
    arch === 'x64' &&
    !env.npm_config_arch
  ) {
    try {
      if (execSync('sysctl -in sysctl.proc_translated').toString().trim() === '1') arch = 'arm64';
    } catch {
      // Not under Rosetta.
    }
  }
  return { platform, arch };
}

function megabytes(bytes) {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Progress on one rewritten line in a terminal, every tenth elsewhere (CI logs, pipes). */
export function progressPrinter(label, stream = process.stderr) {
  let lastTenth = -1;
  return ({ transferred, total, percent }) => {
    const amount = total
      ? `${Math.floor(percent * 100)}% of ${megabytes(total)}`
      : megabytes(transferred);
    if (stream.isTTY) {
      stream.write(`\r${label}: ${amount}   `);
      if (percent >= 1) stream.write('\n');
      return;
    }
    const tenth = Math.floor(percent * 10);
    if (tenth === lastTenth) return;
    lastTenth = tenth;
    stream.write(`${label}: ${amount}\n`);
  };
}

/** What went wrong, in words, from whatever @electron/get or the unpacking threw. */
export function describeFailure(error) {
  const status = error?.response?.status;
  if (typeof status === 'number') {
    const url = error.response.url ? ` for ${error.response.url}` : '';
    return status === 404
      ? `the download address answered 404 (not found)${url}`
      : `the download address answered HTTP ${status}${url}`;
  }
  const cause = error?.cause;
  const code = cause?.code ?? error?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `the download site could not be found (${code}), so this computer may be offline`;
  if (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === 'ETIMEDOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  )
    return `the download site could not be reached (${code})`;
  if (code === 'ENOSPC') return 'the disk is full';
  const message = String(error?.message ?? error);
  if (/checksum|sha256|SHASUMS/i.test(message))
    return `the download did not match its checksum (${message.split('\n')[0]})`;
  if (message === 'fetch failed' && cause?.message)
    return `the download site could not be reached (${cause.message})`;
  return message.split('\n')[0];
}

/** The message for a failed fetch: what failed, and what to do about it. */
export function failureMessage(version, target, reason) {
  return [
    `Hearth could not download Electron ${version} for ${target.platform}-${target.arch}, which the desktop app runs in: ${reason}.`,
    'To fix it: check the network connection (and HTTPS_PROXY with ELECTRON_GET_USE_PROXY=1 behind a proxy),',
    'or set ELECTRON_MIRROR to an Electron mirror this computer can reach',
    '(ELECTRON_MIRROR=https://mirror.example/electron/ npm start), then run the same command again.',
    'Without a desktop, `npm run serve` runs Hearth in a browser instead.',
  ].join('\n');
}

/** The host's build as electron's install.js picks it (npm_config_arch and the like apply). */
export function hostTarget(env = process.env) {
  return targetOf(env);
}

/** Where the release is fetched from, as @electron/get builds its address (mirror or GitHub). */
function downloadSource(env) {
  return (
    env.npm_config_electron_mirror ||
    env.NPM_CONFIG_ELECTRON_MIRROR ||
    env.ELECTRON_MIRROR ||
    'https://github.com/electron/electron/releases/download/'
  );
}

/** Whether the checksums come from the mirror (Electron's documented opt-out) or the package. */
function usesRemoteChecksums(env) {
  return Boolean(env.electron_use_remote_checksums || env.npm_config_electron_use_remote_checksums);
}

/** sumchecker's ChecksumMismatchError, which @electron/get lets through. */
export function isChecksumMismatch(error) {
  return (
    error?.name === 'ChecksumMismatchError' ||
    error?.constructor?.name === 'ChecksumMismatchError' ||
    /did not match expected checksum/i.test(String(error?.message ?? ''))
  );
}

/**
 * The message for a release whose bytes are not Electron's: the file was wrong, not the
 * network, so it says which file, from where, checked against what, and that nothing was kept.
 */
export function checksumMessage(version, target, { fileName, source, remoteChecksums }) {
  const against = remoteChecksums
    ? "the checksum the mirror's own SHASUMS256.txt lists (electron_use_remote_checksums is set)"
    : 'the checksum pinned in the electron package (node_modules/electron/checksums.json)';
  return [
    `Hearth downloaded Electron ${version} for ${target.platform}-${target.arch}, but the file it received (${fileName} from ${source}) is not the file Electron released: its SHA-256 does not match ${against}.`,
    'The file was refused and nothing was kept or unpacked.',
    'To fix it: the mirror (ELECTRON_MIRROR), or a proxy between you and it, serves a different file under that name.',
    "Point ELECTRON_MIRROR at a mirror that copies Electron's releases unchanged, or unset it to use Electron's own release site, then run the same command again.",
  ].join('\n');
}

/**
 * Electron's release zip for `target`, from Electron's cache or downloaded now, verified against
 * the SHA-256 pinned in the installed electron package (as its install.js does) unless the
 * documented opt-out (`electron_use_remote_checksums`) asks for the mirror's SHASUMS256.txt.
 * Throws ElectronDownloadError with a plain message.
 */
export async function downloadElectronZip(
  pkg,
  target,
  { env = process.env, log = process.stderr } = {},
) {
  const remoteChecksums = usesRemoteChecksums(env);
  try {
    const { downloadArtifact } = await import(
      pathToFileURL(pkg.require.resolve('@electron/get')).href
    );
    return await downloadArtifact({
      version: pkg.version,
      artifactName: 'electron',
      force: env.force_no_cache === 'true',
      cacheRoot: env.electron_config_cache,
      checksums: remoteChecksums ? undefined : pkg.require('./checksums.json'),
      platform: target.platform,
      arch: target.arch,
      downloadOptions: {
        quiet: true,
        getProgressCallback: progressPrinter(`Downloading Electron ${pkg.version}`, log),
      },
    });
  } catch (error) {
    if (isChecksumMismatch(error)) {
      throw new ElectronDownloadError(
        checksumMessage(pkg.version, target, {
          fileName: `electron-v${pkg.version}-${target.platform}-${target.arch}.zip`,
          source: downloadSource(env),
          remoteChecksums,
        }),
      );
    }
    throw new ElectronDownloadError(failureMessage(pkg.version, target, describeFailure(error)));
  }
}

/**
 * The path of Electron's executable for the project at `projectRoot`: the installed one, or one
 * downloaded and unpacked now. Throws ElectronDownloadError with a plain message on failure.
 */
export async function ensureElectron(
  projectRoot,
  { env = process.env, log = process.stderr } = {},
) {
  const pkg = electronPackage(projectRoot);
  const installed = installedElectron(pkg, env);
  if (installed) return installed;

  const target = targetOf(env);
  const executableInDist = platformPath(target.platform);
  log.write(
    `Electron ${pkg.version} is not on this computer yet: downloading it once for ${target.platform}-${target.arch} (about 110 MB, kept in Electron's cache).\n`,
  );
  const zipPath = await downloadElectronZip(pkg, target, { env, log });

  try {
    const { extract } = await import(
      pathToFileURL(pkg.require.resolve('@electron-internal/extract-zip')).href
    );
    await extract(zipPath, { dir: join(pkg.dir, 'dist') });
    // As install.js: type definitions in the archive replace the package's own.
    const distRoot = env.ELECTRON_OVERRIDE_DIST_PATH || join(pkg.dir, 'dist');
    if (existsSync(join(distRoot, 'electron.d.ts')))
      renameSync(join(distRoot, 'electron.d.ts'), join(pkg.dir, 'electron.d.ts'));
    await writeFile(join(pkg.dir, 'path.txt'), executableInDist);
  } catch (error) {
    throw new ElectronDownloadError(
      `Hearth downloaded Electron ${pkg.version} but could not unpack it into ${join(pkg.dir, 'dist')}: ${describeFailure(error)}. Free some disk space or check that folder's permissions, then run the same command again.`,
    );
  }
  const executable = installedElectron(pkg, env);
  if (!executable) {
    throw new ElectronDownloadError(
      `Electron ${pkg.version} was unpacked, but its executable (${executableInDist}) is not in the archive; the mirror may serve a different build. Delete ${join(pkg.dir, 'dist')} and run the same command again.`,
    );
  }
  log.write(`Electron ${pkg.version} is ready.\n`);
  return executable;
}
