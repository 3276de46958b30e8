/**
 * sandbox-runtime protects the start-up files, `.gitmodules`, `.vscode`, `.idea` and the like in
 * the working directory of the process that wraps (Hearth's own, `process.cwd()`, whatever the
 * launch's folder: src/sandbox/linux-sandbox-utils.ts, linuxGetCwdMandatoryDenyPaths), and on
 * Linux covers each missing one with an empty read-only stand-in on the host while a sandboxed
 * process runs. Started from a desktop launcher Hearth's working directory is the home folder, so
 * an empty `~/.bash_profile` (which hides `~/.profile` from a login shell) appeared there. While
 * it wraps, Hearth therefore works in a folder of its own, made for this run in the temp folder:
 * the stand-ins land there and nowhere the user keeps anything. Outside a wrap the working
 * directory is the one Hearth was started in (servers without a folder of their own start there).
 */
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'hearth-cwd-';

let folder: string | undefined;
let inside = 0;
let outside: string | undefined;

/** Runs `work` (a wrap) with Hearth's working directory in a folder of its own. */
export async function inOwnWorkingFolder<T>(work: () => Promise<T>): Promise<T> {
  if (inside++ === 0) {
    outside = currentFolder();
    process.chdir(ownWorkingFolder());
  }
  try {
    return await work();
  } finally {
    // Wraps overlap: only the last one out goes back (the library checks the folder held).
    if (--inside === 0 && outside !== undefined) {
      try {
        process.chdir(outside);
      } catch {
        // The folder Hearth started in is gone: staying in its own is as good.
      }
    }
  }
}

/**
 * The folder Hearth was started in, also while a wrap has it working in its own: what a process
 * started without a folder of its own (an unsandboxed server) starts in, whenever it starts.
 */
export function startFolder(): string | undefined {
  return inside > 0 ? outside : currentFolder();
}

/** This run's working folder (0700, in the temp folder); those of runs that died are removed. */
export function ownWorkingFolder(): string {
  if (folder) return folder;
  removeDeadRuns();
  folder = mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-`));
  const made = folder;
  process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  return made;
}

/** Folders of earlier runs whose process is gone (killed): this user's, not links. */
function removeDeadRuns(): void {
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^hearth-cwd-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    const path = join(tmpdir(), name);
    try {
      const stats = lstatSync(path);
      if (stats.isDirectory() && stats.uid === process.getuid?.())
        rmSync(path, { recursive: true, force: true });
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function currentFolder(): string | undefined {
  try {
    return process.cwd();
  } catch {
    return undefined;
  }
}
