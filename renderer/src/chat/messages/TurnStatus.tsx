/**
 * Where the turn stands (thinking, writing, running tools), a notice main attached (a model
 * without tools, the loop limit), and a failure with the action that fixes it: start Ollama and
 * check again, or pull the missing model.
 */
import { useState } from 'react';
import type { Failure, Turn } from '../conversationState';
import { DownloadProgress } from '../models/DownloadProgress';
import type { PullState } from '../models/useModels';

const PHASE_TEXT: Record<Turn['phase'], string> = {
  sending: 'Thinking…',
  thinking: 'Thinking…',
  streaming: 'Writing…',
  'running-tools': 'Running tools…',
};

export interface TurnStatusProps {
  turn: Turn | undefined;
  /** A tool call of the turn waits on the user: said instead of "Running tools…". */
  waitingFor?: 'approval' | 'password' | undefined;
  notice: string | undefined;
  failure: Failure | undefined;
  /** The model the failed turn used, for "Pull <model>". */
  model: string | undefined;
  pulls: Readonly<Record<string, PullState>>;
  /** Asks Ollama again; resolves true when it answers. */
  onCheckAgain(): Promise<boolean>;
  onOpenSettings(): void;
  onPull(model: string): void;
  onCancelPull(model: string): void;
  /** Sends the last message again (for a reply that was cut off or came back empty). */
  onRetry(): void;
  /** Opens a page through main's link check (ollama.com's sign-in). */
  onOpenLink(url: string): void;
  onDismiss(): void;
}

/** Main's problems for a reply that ended without finishing: Retry is the remedy. */
const RETRY_PROBLEMS = new Set(['reply-cut', 'reply-empty']);

export function TurnStatus(props: TurnStatusProps) {
  const { turn, notice, failure, waitingFor } = props;
  const phase = !turn
    ? undefined
    : waitingFor === 'approval'
      ? 'Waiting for your approval'
      : waitingFor === 'password'
        ? 'Waiting for your password'
        : PHASE_TEXT[turn.phase];
  return (
    <div className="turn-status">
      {turn && (
        <p className="turn-phase" role="status">
          <span className="turn-spinner" aria-hidden="true" />
          {phase}
        </p>
      )}
      {notice && (
        <p className="chat-notice" role="note">
          {notice}
        </p>
      )}
      {failure && <FailureAlert {...props} failure={failure} />}
    </div>
  );
}

function FailureAlert({
  failure,
  model,
  pulls,
  onCheckAgain,
  onOpenSettings,
  onPull,
  onCancelPull,
  onRetry,
  onOpenLink,
  onDismiss,
}: TurnStatusProps & { failure: Failure }) {
  const [stillDown, setStillDown] = useState(false);
  const pull = model ? pulls[model] : undefined;
  const checkAgain = async () => {
    if (await onCheckAgain()) onDismiss();
    else setStillDown(true);
  };
  return (
    <div className="notice notice-error chat-failure" role="alert">
      <div className="chat-failure-body">
        <p>{failure.message}</p>
        {stillDown && <p className="muted">Ollama still does not answer.</p>}
        {pull && <DownloadProgress pull={pull} onCancel={() => onCancelPull(pull.model)} />}
        <div className="chat-failure-actions">
          {(failure.problem === 'not-running' || failure.problem === 'not-ollama') && (
            <>
              <button type="button" className="button" onClick={() => void checkAgain()}>
                Check again
              </button>
              <button type="button" className="button" onClick={onOpenSettings}>
                Open Settings
              </button>
            </>
          )}
          {failure.problem === 'cloud-signin' && failure.link && (
            <button
              type="button"
              className="button primary"
              onClick={() => onOpenLink(failure.link ?? '')}
            >
              Sign in to Ollama
            </button>
          )}
          {failure.problem !== undefined && RETRY_PROBLEMS.has(failure.problem) && (
            <button type="button" className="button primary" onClick={onRetry}>
              Retry
            </button>
          )}
          {failure.problem === 'model-not-found' && model && (
            <button
              type="button"
              className="button primary"
              disabled={pull !== undefined && !pull.done}
              onClick={() => onPull(model)}
            >
              Pull {model}
            </button>
          )}
        </div>
      </div>
      <button type="button" className="ghost" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
