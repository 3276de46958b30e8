/**
 * What follows when a running server stops by itself: a restart after a growing delay, or,
 * after too many crashes within a minute, giving up (crashPolicy.ts decides which). This says
 * it in the words of the log and the server's status, and keeps the restart timer and count.
 */
import type { Transport } from '@modelcontextprotocol/client';
import { StdioProcessTransport } from '../transport/stdioProcessTransport';
import { CrashHistory, describeEnd } from './crashPolicy';

/** How the connection ended, read before it is closed. */
export interface CrashFacts {
  /** Follows "The server …": exited with code 1, ended the session (HTTP 404). */
  how: string;
  /** Set when Hearth stopped the server itself (broken framing), with its reason. */
  stoppedBecause?: string;
}

export type CrashPlan =
  | { giveUp: true; message: string }
  | { giveUp: false; delayMs: number; warning: string; error: string };

export function crashFacts(transport: Transport | undefined, ended?: string): CrashFacts {
  const process = transport instanceof StdioProcessTransport ? transport : undefined;
  return {
    how: ended ?? describeEnd(process?.exit),
    ...(process?.stoppedBecause ? { stoppedBecause: process.stoppedBecause } : {}),
  };
}

export class CrashRestarts {
  /** Restarts after crashes so far, shown in the server's status. */
  count = 0;
  private readonly history: CrashHistory;
  private timer?: NodeJS.Timeout;

  constructor(restartBaseMs?: number) {
    this.history = new CrashHistory(restartBaseMs);
  }

  /** A start the user asked for: a fresh count of crashes, and no restart pending. */
  freshStart(): void {
    this.history.reset();
    this.cancel();
  }

  cancel(): void {
    clearTimeout(this.timer);
  }

  /** Records a crash at `now` and says what follows, in words. */
  plan(now: number, crash: CrashFacts): CrashPlan {
    const verdict = this.history.record(now);
    if (verdict.giveUp)
      return {
        giveUp: true,
        message: `The server ${crash.how} and has stopped ${verdict.crashes} times within a minute, so Hearth stopped restarting it. Check its log, then start it again.`,
      };
    const what = crash.stoppedBecause
      ? `Hearth stopped the server: ${crash.stoppedBecause}`
      : `The server ${crash.how} unexpectedly`;
    return {
      giveUp: false,
      delayMs: verdict.delayMs,
      warning: `${what}. Restarting in ${verdict.delayMs / 1000} s.`,
      error: `${what}; restarting.`,
    };
  }

  /** Restarts after `delayMs`, unless the connection moved on meanwhile. */
  restartAfter(delayMs: number, isCurrent: () => boolean, restart: () => void): void {
    this.timer = setTimeout(() => {
      if (!isCurrent()) return;
      this.count++;
      restart();
    }, delayMs);
  }
}
