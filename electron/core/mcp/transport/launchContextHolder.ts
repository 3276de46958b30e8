/**
 * The environment servers, runtimes checks and the shell start from (mcp's LaunchContext). It
 * begins as Hearth's own; at start the login shell's PATH is read once and put in, so a server
 * finds the commands the user's terminal finds.
 */
import type { Logger } from '../../logger';
import { readLoginShellPath } from '../../programs';
import type { LaunchContext } from './configTransports';

export interface LaunchContextHolder {
  current(): LaunchContext;
  /**
   * Reads the login shell's PATH while `alongside` goes on (the host's first page coming up) and
   * takes it in once both are done; a shell that could not be read is logged.
   */
  readLoginShell(alongside?: Promise<unknown>): Promise<void>;
}

export function createLaunchContextHolder(
  base: LaunchContext,
  logger: Logger,
): LaunchContextHolder {
  let context: LaunchContext = base;
  return {
    current: () => context,
    async readLoginShell(alongside) {
      const [path] = await Promise.all([
        readLoginShellPath({
          platform: base.platform,
          shell: base.environment.SHELL,
          currentPath: base.environment.PATH ?? '',
        }),
        alongside,
      ]);
      if (path.problem) logger.warn(path.problem);
      context = { ...base, environment: { ...base.environment, PATH: path.path } };
    },
  };
}
