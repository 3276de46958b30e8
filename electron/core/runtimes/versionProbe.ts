/**
 * Asks one program for `--version`, bounded as a whole: the program leads its own process group
 * (a wrapper's children go with it), and when the bound passes the answer comes at once while the
 * group is asked to stop and, after a short grace, killed. A program that exits non-zero is
 * broken, whatever it printed (`docker --version` printing "Cannot connect" is not a version).
 */
import { spawn } from 'node:child_process';
import { terminateTree } from '../mcp';

/** A probe's whole run, from start to answer. */
export const VERSION_TIMEOUT_MS = 5_000;

/** How long a probe that outlived its bound gets to exit on SIGTERM before its group is killed. */
export const PROBE_GRACE_MS = 500;

/** `--version` prints a line; more than this is not a version. */
const MAX_OUTPUT_BYTES = 64 * 1024;

export type ProbeAnswer = { version: string } | { problem: string };

export interface ProbeOptions {
  env: Record<string, string>;
  timeoutMs?: number;
  graceMs?: number;
}

export function probeVersion(file: string, options: ProbeOptions): Promise<ProbeAnswer> {
  const timeoutMs = options.timeoutMs ?? VERSION_TIMEOUT_MS;
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(file, ['--version'], {
        env: options.env,
        // Its own process group on POSIX, so the whole tree can be stopped together.
        detached: process.platform !== 'win32',
        windowsHide: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      resolve({ problem: `It could not be started: ${firstLine(messageOf(error))}` });
      return;
    }
    const output: Buffer[] = [];
    let outputBytes = 0;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let settled = false;
    const finish = (answer: ProbeAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const collect = (chunk: Buffer): void => {
      if (outputBytes >= MAX_OUTPUT_BYTES) return;
      output.push(chunk);
      outputBytes += chunk.length;
    };
    const timer = setTimeout(() => {
      // Answer now; the stop (SIGTERM, then SIGKILL to the group) goes on without us.
      void terminateTree(child, options.graceMs ?? PROBE_GRACE_MS);
      finish(
        exit
          ? judge(exit, output)
          : {
              problem: `Broken: it did not answer “--version” within ${seconds(timeoutMs)}, so it was stopped.`,
            },
      );
    }, timeoutMs);
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => {
      finish({ problem: `It could not be started: ${firstLine(error.message)}` });
    });
    child.on('exit', (code, signal) => {
      exit = { code, signal };
    });
    child.on('close', (code, signal) => {
      finish(judge(exit ?? { code, signal }, output));
    });
  });
}

function judge(
  exit: { code: number | null; signal: NodeJS.Signals | null },
  output: Buffer[],
): ProbeAnswer {
  const line = Buffer.concat(output)
    .toString('utf8')
    .split('\n')
    .map((text) => text.trim())
    .find(Boolean)
    ?.slice(0, 200);
  if (exit.code === 0) return line ? { version: line } : { problem: 'It printed no version.' };
  const how =
    exit.code !== null
      ? `exited with code ${exit.code}`
      : `was stopped by ${exit.signal ?? 'a signal'}`;
  return { problem: `Broken: “--version” ${how}${line ? ` (${line})` : ''}.` };
}

function seconds(ms: number): string {
  const value = ms / 1000;
  return `${value} second${value === 1 ? '' : 's'}`;
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
