/**
 * Which bundle file a command line asks Hearth to open: `hearth --install FILE` (or
 * `--install=FILE`), or a bare `.mcpb` path, as the system passes one when the user opens the
 * file (the file association). Relative paths are taken from the folder the command ran in.
 */
import { resolve } from 'node:path';

export const INSTALL_SWITCH = '--install';
const BUNDLE_FILE = /\.(mcpb|dxt)$/i;

/** The bundle file named on `argv`, as an absolute path; undefined when none is. */
export function bundleFileFromArguments(argv: readonly string[], cwd: string): string | undefined {
  // argv[0] is the executable (and argv[1] the app's folder when run unpackaged); both are skipped
  // by looking only at what follows a switch or ends in .mcpb.
  for (let index = 1; index < argv.length; index++) {
    const argument = argv[index] ?? '';
    if (argument === INSTALL_SWITCH) {
      const file = argv[index + 1];
      return file ? resolve(cwd, file) : undefined;
    }
    if (argument.startsWith(`${INSTALL_SWITCH}=`))
      return resolve(cwd, argument.slice(INSTALL_SWITCH.length + 1));
  }
  const bare = argv
    .slice(1)
    .find((argument) => !argument.startsWith('-') && BUNDLE_FILE.test(argument));
  return bare ? resolve(cwd, bare) : undefined;
}
