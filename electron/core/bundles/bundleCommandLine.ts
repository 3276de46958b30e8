/**
 * What a bundle's server will really run, for the install preview: its command and arguments as
 * Hearth will start them (the platform's override merged in, `${__dirname}` and the folders
 * filled in, each setting shown by its title), and what kind of program the command is. A shell,
 * or an interpreter outside the bundle, is marked: it runs whatever its arguments say, which the
 * bundle's `server.type` and `entry_point` do not describe.
 */
import { basename, posix, sep } from 'node:path';
import type { BundleCommandLine } from '../../../preload/schemas/bundles';
import { bundleTransport, type LaunchEnvironment } from './bundleLaunch';
import type { BundleManifest } from './bundleManifest';

/** What the preview can carry (preload/schemas/bundles.ts); a manifest may say more. */
const MAX_SHOWN_LENGTH = 10_000;
const MAX_SHOWN_ARGUMENTS = 256;

/** Stands for the folder the bundle is unpacked into, which exists only once it is installed. */
export const BUNDLE_FOLDER = '‹bundle folder›';

const SHELLS = new Set([
  'sh',
  'bash',
  'dash',
  'zsh',
  'ksh',
  'mksh',
  'fish',
  'csh',
  'tcsh',
  'ash',
  'busybox',
  'cmd',
  'powershell',
  'pwsh',
]);

const INTERPRETERS = new Set([
  'node',
  'nodejs',
  'deno',
  'bun',
  'python',
  'pythonw',
  'py',
  'perl',
  'ruby',
  'php',
  'lua',
  'java',
  'osascript',
  'wscript',
  'cscript',
  'tclsh',
  'rscript',
  'awk',
  'gawk',
  // A launcher that runs whatever program its arguments name.
  'env',
]);

/** The interpreters a bundle of each type is expected to run on: not marked for it. */
const EXPECTED: Record<BundleManifest['server']['type'], (name: string) => boolean> = {
  node: (name) => name === 'node' || name === 'nodejs',
  python: (name) => /^python(w|\d+(\.\d+)?)?$/.test(name) || name === 'py',
  uv: () => false,
  binary: () => false,
};

/** The command line a bundle's server will run, with the user's settings shown by title. */
export function bundleCommandLine(
  manifest: BundleManifest,
  environment: LaunchEnvironment,
): BundleCommandLine {
  const shownValues = Object.fromEntries(
    Object.entries(manifest.user_config ?? {}).map(([key, option]) => [
      key,
      `‹${option.title || key}›`,
    ]),
  );
  // An absolute stand-in, as the real folder is, so paths inside the bundle are made alike.
  const folder = sep === '/' ? `/${BUNDLE_FOLDER}` : `C:\\${BUNDLE_FOLDER}`;
  const transport = bundleTransport(manifest, folder, shownValues, environment);
  // Hearth escapes a `${` that a substituted value brings (so it stays literal); shown unescaped.
  const shown = (text: string) =>
    text
      .split(folder)
      .join(BUNDLE_FOLDER)
      .replace(/\$\$\{/g, '${')
      .slice(0, MAX_SHOWN_LENGTH);
  const command = shown(transport.command);
  const args = transport.args.slice(0, MAX_SHOWN_ARGUMENTS).map(shown);
  const kind = commandKind(command, manifest, environment);
  return { command, args, kind };
}

function commandKind(
  command: string,
  manifest: BundleManifest,
  environment: LaunchEnvironment,
): BundleCommandLine['kind'] {
  if (manifest.server.type === 'node' && command === environment.nodeExecutable)
    return 'hearth-node';
  if (insideBundle(command)) return 'bundle';
  const name = basename(command.replace(/\\/g, '/'))
    .toLowerCase()
    .replace(/\.(exe|cmd|bat|com)$/, '');
  if (SHELLS.has(name)) return 'shell';
  const interpreter = INTERPRETERS.has(name) || /^(python|pypy|ruby|perl|php)\d/.test(name);
  if (interpreter) return EXPECTED[manifest.server.type](name) ? 'runtime' : 'interpreter';
  return 'program';
}

/** A path under the bundle's folder that stays there (`${__dirname}/../x` does not). */
function insideBundle(command: string): boolean {
  if (!command.startsWith(BUNDLE_FOLDER)) return false;
  const rest = command.slice(BUNDLE_FOLDER.length).replace(/\\/g, '/');
  if (rest !== '' && !rest.startsWith('/')) return false;
  const relative = posix.normalize(`.${rest}`);
  return relative !== '..' && !relative.startsWith('../');
}

/** "Runs with", in words, from what the command really is. */
export function runsWithWords(line: BundleCommandLine, manifest: BundleManifest): string {
  switch (line.kind) {
    case 'hearth-node':
      return 'Hearth’s own Node.js (nothing to install)';
    case 'bundle':
      return `its own program (${line.command.slice(BUNDLE_FOLDER.length).replace(/^[\\/]/, '')})`;
    case 'shell':
      return `a shell (${line.command}), which runs the command text it is given`;
    case 'interpreter':
      return `${line.command}, an interpreter outside the bundle`;
    case 'runtime':
      return manifest.server.type === 'python'
        ? `Python (${line.command})`
        : `${line.command} (Node.js)`;
    case 'program':
      return manifest.server.type === 'uv'
        ? 'uv, which installs its Python packages'
        : `${line.command}, a program outside the bundle`;
  }
}
