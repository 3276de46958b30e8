/**
 * A model download as it goes, in the app's own bar: what is downloaded, how much of how much,
 * about how long is left, and Cancel; then whether it is ready, was cancelled or failed.
 */
import '../chat.css';
import '../../ui/progress.css';
import { formatSize, pullStep, timeLeft } from './pullWords';
import type { PullState } from './useModels';

export function DownloadProgress({ pull, onCancel }: { pull: PullState; onCancel(): void }) {
  if (pull.error) {
    return pull.status === 'cancelled' ? (
      <p className="muted" role="status">
        Download of {pull.model} cancelled. Starting it again goes on from what was downloaded.
      </p>
    ) : (
      <p className="inline-error" role="alert">
        Could not download {pull.model}: {pull.error}
      </p>
    );
  }
  if (pull.done) {
    return (
      <p className="pull-done" role="status">
        {pull.model} is ready.
      </p>
    );
  }
  const sized = pull.total !== undefined && pull.total > 0 && pull.completed !== undefined;
  const left =
    pull.at === undefined
      ? undefined
      : timeLeft(
          pull.stepStart && { status: pull.status, ...pull.stepStart },
          { status: pull.status, completed: pull.completed ?? 0, at: pull.at },
          pull.total,
        );
  const words = [
    pullStep(pull.model, pull.status),
    sized ? `${formatSize(pull.completed ?? 0)} of ${formatSize(pull.total ?? 0)}` : undefined,
    left,
  ].filter(Boolean);
  return (
    <div className="pull-progress">
      <div
        className={`progress${pull.percent === undefined ? ' progress-indeterminate' : ''}`}
        role="progressbar"
        aria-label={`Downloading ${pull.model}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pull.percent}
      >
        <div
          className="progress-fill"
          style={pull.percent === undefined ? undefined : { width: `${pull.percent}%` }}
        />
      </div>
      <span className="pull-progress-line">
        <span className="muted" role="status">
          {words.join(' · ')}
        </span>
        <button
          type="button"
          className="button small"
          aria-label={`Cancel downloading ${pull.model}`}
          onClick={onCancel}
        >
          Cancel
        </button>
      </span>
    </div>
  );
}
