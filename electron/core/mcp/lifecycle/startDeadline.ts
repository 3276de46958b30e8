/**
 * The start limit of a server launched through `npx` or `uvx`: it counts from the later of the
 * start and the launcher's last sign of work (its download's progress or end, npm's log while it
 * resolves), so a first start that is still downloading its package, or an npm still loading on a
 * busy machine, is not cut, while a download that stops moving, or a server that does not answer
 * once it is in place, still fails after the limit.
 */
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { LauncherDownload } from '../transport/launcherDownload';

export interface StartDeadline {
  /** Aborts with a request timeout once the limit has passed. */
  signal: AbortSignal;
  /** The download was still going on when the limit passed (it stalled). */
  readonly stalled: boolean;
  dispose(): void;
}

export function startDeadline(
  limitMs: number,
  download: Pick<LauncherDownload, 'lastActivity' | 'lastSignOfWork' | 'finished'>,
  now: () => number = Date.now,
): StartDeadline {
  const controller = new AbortController();
  const startedAt = now();
  let stalled = false;
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    const from = Math.max(startedAt, download.lastSignOfWork ?? 0);
    const left = from + limitMs - now();
    if (left > 0) {
      timer = setTimeout(check, left);
      return;
    }
    stalled = download.lastActivity !== undefined && !download.finished;
    controller.abort(
      new SdkError(SdkErrorCode.RequestTimeout, 'The server did not answer in time.', {
        timeout: limitMs,
      }),
    );
  };
  timer = setTimeout(check, limitMs);
  return {
    signal: controller.signal,
    get stalled() {
      return stalled;
    },
    dispose: () => clearTimeout(timer),
  };
}
