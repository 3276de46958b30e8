/**
 * A watchdog for force-quits. Servers lead their own process groups, so nothing ends them when
 * Hearth is killed outright (`kill -9`, a crash, the OS ending it): they and everything they
 * started would keep running with no one to stop them. This small helper process holds the other
 * end of a pipe and the list of live server groups; when the pipe closes (Hearth is gone, however
 * it went) it kills those groups and exits. It runs in its own session, so a terminal's Ctrl-C
 * meant for Hearth does not take it first. POSIX only: Windows ends trees with `taskkill /T`.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** The helper's whole program: `+PID` / `-PID` lines in, groups killed when stdin ends. */
const REAPER_PROGRAM = `
const groups = new Set();
let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  const lines = buffered.split('\\n');
  buffered = lines.pop();
  for (const line of lines) {
    const pid = Number(line.slice(1));
    if (!Number.isInteger(pid) || pid <= 1) continue;
    if (line[0] === '+') groups.add(pid); else groups.delete(pid);
  }
});
const reap = () => {
  for (const pid of groups) { try { process.kill(-pid, 'SIGKILL'); } catch {} }
  process.exit(0);
};
process.stdin.on('end', reap);
process.stdin.on('error', reap);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, reap);
`;

export interface OrphanReaper {
  watch(pid: number): void;
  forget(pid: number): void;
  /** The helper's pid, once it runs. */
  readonly pid: number | undefined;
}

let helper: ChildProcess | undefined;

function start(): ChildProcess | undefined {
  if (process.platform === 'win32') return undefined;
  if (helper && helper.exitCode === null && helper.signalCode === null) return helper;
  try {
    helper = spawn(process.execPath, ['-e', REAPER_PROGRAM], {
      // In the desktop app execPath is Electron, which this makes a plain Node.js runtime.
      env: { ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
      windowsHide: true,
    });
  } catch {
    return undefined;
  }
  helper.on('error', () => (helper = undefined));
  helper.stdin?.on('error', () => undefined);
  // Neither the helper nor its pipe may keep Hearth running.
  helper.unref();
  (helper.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return helper;
}

function send(line: string): void {
  const stdin = start()?.stdin;
  if (stdin?.writable) stdin.write(`${line}\n`);
}

/** The one helper for this process, started at the first server. */
export const orphanReaper: OrphanReaper = {
  watch: (pid) => send(`+${pid}`),
  forget: (pid) => {
    if (helper) send(`-${pid}`);
  },
  get pid() {
    return helper?.pid;
  },
};
