/**
 * electron-builder's command line, read by its own parser (electron-builder out/builder.js:
 * `configureBuildCommand` and `normalizeOptions`, as its cli.js does), so every spelling it
 * accepts (`--linux`, `-l`, `--linux deb`, `--dir`, `--x64`, `-c.key=value`...) means here what
 * it means to it.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';

export class UsageError extends Error {}

export function builderModule(projectRoot) {
  return createRequire(join(projectRoot, 'package.json'))('electron-builder/out/builder');
}

/** The build options electron-builder makes of these arguments. Throws UsageError. */
export function parseBuilderArguments(projectRoot, argv) {
  const builder = builderModule(projectRoot);
  let failure;
  const args = builder
    .configureBuildCommand(builder.createYargs())
    .strict()
    .exitProcess(false)
    .fail((message, error) => {
      failure = message || error?.message;
    })
    .parse(argv);
  if (failure) throw new UsageError(failure);
  return builder.normalizeOptions(args);
}

/**
 * Each platform and architecture those options build, as Electron names them (`linux`, `x64`).
 * A platform named without an architecture builds the ones its targets configure, the host's
 * unless electron-builder.yml lists others (app-builder-lib out/targets/targetFactory.js).
 */
export function targetsOf(projectRoot, options, hostArch = process.arch) {
  const { Arch } = createRequire(join(projectRoot, 'package.json'))('electron-builder');
  const targets = [];
  for (const [platform, archs] of options.targets) {
    if (archs.size === 0) targets.push({ platform: platform.nodeName, arch: hostArch });
    for (const arch of archs.keys())
      targets.push({ platform: platform.nodeName, arch: Arch[arch] });
  }
  return targets;
}
