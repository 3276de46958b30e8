/**
 * Which runtimes Hearth can start servers with, found the way a server's command is found (the
 * login shell's PATH), each asked for its version. A missing or broken runtime is reported, and
 * never stops the check of the others.
 */
import { RUNTIMES, resolveCommand, type Runtime } from '../programs';
import type { LaunchContext } from '../mcp';
import { minimalEnvironment } from '../security/minimalEnvironment';
import { probeVersion } from './versionProbe';

export { VERSION_TIMEOUT_MS } from './versionProbe';

export interface RuntimeReport {
  id: Runtime['id'];
  label: string;
  install: string;
  /** Each of its commands, and where it was found (absent: not found). */
  commands: { name: string; path?: string }[];
  /** What its first command found printed for `--version`. */
  version?: string;
  /** Why the version could not be read, when a command was found ("Broken: …" when it failed). */
  problem?: string;
}

/** How long each probe may take (all run at once, so the whole check takes no longer). */
export interface CheckOptions {
  timeoutMs?: number;
  graceMs?: number;
}

export async function checkRuntimes(
  context: LaunchContext,
  bounds: CheckOptions = {},
): Promise<RuntimeReport[]> {
  const path = context.environment.PATH ?? context.environment.Path ?? '';
  const options = { platform: context.platform, path, pathExt: context.environment.PATHEXT };
  return Promise.all(
    RUNTIMES.map(async (runtime) => {
      const commands = runtime.commands.map((name) => {
        const found = resolveCommand(name, options);
        return found.ok ? { name, path: found.file } : { name };
      });
      const report: RuntimeReport = {
        id: runtime.id,
        label: runtime.label,
        install: runtime.install,
        commands,
      };
      const first = commands.find((command) => command.path !== undefined);
      if (!first?.path) return report;
      const answer = await probeVersion(first.path, {
        ...bounds,
        env: { ...minimalEnvironment(context.environment), PATH: path },
      });
      return 'version' in answer
        ? { ...report, version: answer.version }
        : { ...report, problem: answer.problem };
    }),
  );
}
