/**
 * When a server that was running stops by itself: restart it after 1 s, 2 s, 4 s, … up to 30 s,
 * and give up after too many crashes within a minute, since something is then wrong for good.
 */
export const RESTART_BASE_MS = 1_000;
export const RESTART_MAX_MS = 30_000;
export const CRASH_LIMIT = 5;
export const CRASH_WINDOW_MS = 60_000;

export type CrashVerdict = { giveUp: true; crashes: number } | { giveUp: false; delayMs: number };

export class CrashHistory {
  private crashes: number[] = [];

  constructor(private readonly restartBaseMs = RESTART_BASE_MS) {}

  /** A start the user asked for begins a fresh count. */
  reset(): void {
    this.crashes = [];
  }

  record(now: number): CrashVerdict {
    this.crashes = [...this.crashes.filter((at) => now - at < CRASH_WINDOW_MS), now];
    if (this.crashes.length >= CRASH_LIMIT) return { giveUp: true, crashes: this.crashes.length };
    const delayMs = Math.min(this.restartBaseMs * 2 ** (this.crashes.length - 1), RESTART_MAX_MS);
    return { giveUp: false, delayMs };
  }
}

/** How the connection ended, in words that follow "The server …". */
export function describeEnd(
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined,
): string {
  if (!exit) return 'closed the connection';
  return exit.signal ? `was killed (${exit.signal})` : `exited with code ${exit.code}`;
}
