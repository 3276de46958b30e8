/**
 * Node refuses to spawn `.cmd`/`.bat` files without a shell, and Hearth never spawns through a
 * shell (it would let arguments be reinterpreted). npm's `.cmd` shims only start a Node script,
 * so Hearth starts that script with node itself; other batch files are refused with advice.
 */
import { existsSync, readFileSync } from 'node:fs';
import { win32 } from 'node:path';
import { shimTarget } from './cmdShim';

export { shimTarget, type ShimTarget } from './cmdShim';

/** What `planSpawn` needs; `nodePath` is Node as found on PATH, used when the shim has none. */
export interface PlanSpawnOptions {
  platform: NodeJS.Platform;
  readFile?: (file: string) => string;
  nodePath: string;
  exists?: (file: string) => boolean;
}

/** A file and arguments safe to spawn without a shell, or a message written for the user. */
export type SpawnPlan = { ok: true; file: string; args: string[] } | { ok: false; message: string };

/** Turns a resolved command into something `spawn` runs directly, never through cmd.exe. */
export function planSpawn(
  resolvedFile: string,
  args: string[],
  options: PlanSpawnOptions,
): SpawnPlan {
  if (options.platform !== 'win32') return { ok: true, file: resolvedFile, args };
  const extension = win32.extname(resolvedFile).toLowerCase();
  if (extension === '.exe' || extension === '.com') return { ok: true, file: resolvedFile, args };
  if (extension !== '.cmd' && extension !== '.bat') {
    return {
      ok: false,
      message: `Hearth cannot start “${resolvedFile}”: Windows starts programs (.exe) directly, not ${extension || 'extensionless'} files. For a Node script, use node as the command and the script's path as its first argument (node path\\to\\script.js).`,
    };
  }
  const readFile = options.readFile ?? ((file: string) => readFileSync(file, 'utf8'));
  const exists = options.exists ?? existsSync;
  let text: string;
  try {
    text = readFile(resolvedFile);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `Hearth could not read “${resolvedFile}”: ${reason}.` };
  }
  const target = shimTarget(text, resolvedFile);
  if (target === undefined) return { ok: false, message: batchFileMessage(resolvedFile) };
  if (!exists(target.script)) {
    return {
      ok: false,
      message: `The npm command “${resolvedFile}” starts ${target.script}, which is missing. Reinstall the package that provides it.`,
    };
  }
  const node =
    target.nodeIfPresent !== undefined && exists(target.nodeIfPresent)
      ? target.nodeIfPresent
      : options.nodePath;
  return { ok: true, file: node, args: [...target.nodeArgs, target.script, ...args] };
}

/** Why a batch file is refused and what to use instead. */
export function batchFileMessage(file: string): string {
  return `Hearth does not run batch files such as “${file}”: they need a command shell, which could reinterpret the server's arguments. Use the program's .exe instead, or for a Node script use node as the command with the script's path (node path\\to\\script.js).`;
}
