/**
 * Which runtimes Hearth can start servers with, found the way a server's command is found (the
 * login shell's PATH), each asked for its version. A missing or broken runtime is reported, and
 * never stops the check of the others.
 */
import { execFile } from 'node:child_process';
import { resolveCommand } from '../mcp/launch/resolveCommand';
import type { LaunchContext } from '../mcp/transports';
import { minimalEnvironment } from '../security/minimalEnvironment';
import { RUNTIMES, type Runtime } from './runtimes';

/** A runtime that does not answer `--version` within this long counts as broken. */
export const VERSION_TIMEOUT_MS = 5_000;

export interface RuntimeReport {
  id: Runtime['id'];
  label: string;
  install: string;
  /** Each of its commands, and where it was found (absent: not found). */
  commands: { name: string; path?: string }[];
  /** What its first command found printed for `--version`. */
  version?: string;
  /** Why the version could not be read, when a command was found. */
  problem?: string;
}

export async function checkRuntimes(context: LaunchContext): Promise<RuntimeReport[]> {
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
      const answer = await versionOf(first.path, {
        ...minimalEnvironment(context.environment),
        PATH: path,
      });
      return 'version' in answer
        ? { ...report, version: answer.version }
        : { ...report, problem: answer.problem };
    }),
  );
}

function versionOf(
  file: string,
  env: Record<string, string>,
): Promise<{ version: string } | { problem: string }> {
  return new Promise((resolve) => {
    execFile(
      file,
      ['--version'],
      { env, timeout: VERSION_TIMEOUT_MS, windowsHide: true, maxBuffer: 64 * 1024 },
      (error, stdout, stderr) => {
        const line = `${stdout}\n${stderr}`
          .split('\n')
          .map((text) => text.trim())
          .find(Boolean);
        if (error && !line)
          resolve({ problem: `It did not answer “--version”: ${error.message.split('\n')[0]}` });
        else
          resolve(line ? { version: line.slice(0, 200) } : { problem: 'It printed no version.' });
      },
    );
  });
}
