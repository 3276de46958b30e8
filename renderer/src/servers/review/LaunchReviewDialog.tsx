/**
 * Shows exactly what a local server will run (command, each argument, environment, folder) and
 * approves that launch and nothing else: the fingerprint main gave with the review goes back with
 * the approval, so a command changed in the meantime is refused rather than started.
 */
import { useEffect, useState } from 'react';
import type { LaunchReview, ServerStatus } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { Dialog } from '../../ui/Dialog';
import { InlineError } from '../../ui/InlineError';
import { TriangleAlert } from 'lucide-react';
import { revealHidden } from '../../lib/revealHidden';
import { ArgumentFoldersChoice, initiallyChosen } from './ArgumentFoldersChoice';
import { ProtectedRepositories } from './ProtectedRepositories';

export interface LaunchReviewDialogProps {
  name: string;
  onApproved(status: ServerStatus): void;
  onCancel(): void;
}

const SUBTITLES: Record<LaunchReview['reason'], string> = {
  new: 'Hearth has not run this command before. Approve it only if you trust it.',
  changed: 'What this server runs changed since you approved it.',
  approved: 'You approved this command already.',
};

export function LaunchReviewDialog({ name, onApproved, onCancel }: LaunchReviewDialogProps) {
  const api = useApi();
  const [review, setReview] = useState<LaunchReview>();
  const [error, setError] = useState<string>();
  const [approving, setApproving] = useState(false);
  /** Folders its arguments name that the user lets it write. */
  const [writeFolders, setWriteFolders] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    api.servers.reviewLaunch(name).then(
      (value) => {
        if (!live) return;
        setReview(value);
        setWriteFolders(initiallyChosen(value));
      },
      (reason: unknown) => live && setError(messageOf(reason)),
    );
    return () => {
      live = false;
    };
  }, [api, name]);

  const approve = async (fingerprint: string) => {
    setApproving(true);
    setError(undefined);
    // Closes as soon as the server starts with the approval: a first npx or uvx start may
    // download for half a minute, which its page shows, not a dialog that seems stuck.
    let done = false;
    const finish = (status: ServerStatus) => {
      if (done) return;
      done = true;
      stop();
      onApproved(status);
    };
    const stop = api.servers.onStatus((status) => {
      if (status.name === name && status.consent === 'approved' && status.state !== 'stopped')
        finish(status);
    });
    try {
      finish(await api.servers.approveLaunch(name, fingerprint, writeFolders));
    } catch (reason) {
      stop();
      if (done) return;
      setError(messageOf(reason));
      setApproving(false);
    }
  };

  return (
    <Dialog
      open
      title={`Review “${name}”`}
      subtitle={review ? SUBTITLES[review.reason] : undefined}
      onCancel={onCancel}
      className="wide-dialog"
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="button primary"
            disabled={!review || approving}
            onClick={() => review && void approve(review.fingerprint)}
          >
            Approve and start
          </button>
        </>
      }
    >
      <InlineError message={error} />
      {!review ? (
        !error && <p className="muted">Reading what this server runs…</p>
      ) : (
        <ReviewDetails review={review} chosen={writeFolders} onChosen={setWriteFolders} />
      )}
    </Dialog>
  );
}

function ReviewDetails({
  review,
  chosen,
  onChosen,
}: {
  review: LaunchReview;
  chosen: string[];
  onChosen(chosen: string[]): void;
}) {
  const risky = new Map(review.risky.map((variable) => [variable.name, variable.reason]));
  return (
    <div className="launch-review">
      {review.risky.length > 0 && (
        <div className="notice notice-warning" role="group" aria-label="Risky variables">
          <div>
            <p>
              <strong>Look closely:</strong> these variables can change what the command runs.
            </p>
            <ul>
              {review.risky.map((variable) => (
                <li key={variable.name}>
                  <code>{variable.name}</code>: {variable.reason}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <h3>Command</h3>
      <pre className="code">{revealHidden(review.command)}</pre>
      {review.resolvedCommand && review.resolvedCommand !== review.command && (
        <p className="field-hint">
          Runs <code>{review.resolvedCommand}</code>
        </p>
      )}
      <h3>Arguments</h3>
      {review.args.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ol className="review-args" aria-label="Arguments">
          {review.args.map((argument, index) => (
            <li key={index}>
              <code>{revealHidden(argument)}</code>
            </li>
          ))}
        </ol>
      )}
      <h3>Environment</h3>
      {review.env.length === 0 ? (
        <p className="muted">No variables of its own.</p>
      ) : (
        <table className="review-env" aria-label="Environment">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {review.env.map((variable) => {
              const reason = risky.get(variable.name);
              return (
                <tr key={variable.name} className={reason ? 'risky' : undefined}>
                  <th scope="row">
                    <code>{revealHidden(variable.name)}</code>
                    {reason && (
                      <span className="risky-flag">
                        <TriangleAlert size={13} aria-hidden="true" /> risky
                      </span>
                    )}
                  </th>
                  <td>
                    <code>
                      {revealHidden(variable.value ?? '') ||
                        (variable.secret ? '(not set)' : '(empty)')}
                    </code>
                    {/* A risky variable's reason is said once, in the notice above. */}
                    {variable.byHearth && (
                      <p className="env-note muted">
                        Set by Hearth, to run the server on Hearth’s own Node.js.
                      </p>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <h3>Working folder</h3>
      {review.cwd ? (
        <pre className="code">{revealHidden(review.cwd)}</pre>
      ) : (
        <p className="muted">Not set.</p>
      )}
      <SandboxReview name={review.name} sandbox={review.sandbox} />
      <ArgumentFoldersChoice
        folders={review.sandbox?.argumentFolders}
        chosen={chosen}
        onChange={onChosen}
      />
    </div>
  );
}

/** What the OS sandbox lets it reach. Its tools still ask before they run, sandbox or not. */
function SandboxReview({ name, sandbox }: { name: string; sandbox: LaunchReview['sandbox'] }) {
  if (!sandbox)
    return (
      <>
        <h3>Sandbox</h3>
        <p className="muted">
          None: it runs with your full rights (your files, any folder you can write, any host).
        </p>
      </>
    );
  if (sandbox.state === 'docker')
    return (
      <>
        <h3>Sandbox</h3>
        <p className="muted">Docker isolates it; Hearth does not wrap it again.</p>
      </>
    );
  return (
    <section aria-label="Sandbox" className="review-sandbox">
      <h3>Sandbox</h3>
      <p>
        It runs in the OS sandbox. Its tools still ask before they run; the sandbox limits what they
        can reach:
      </p>
      <dl>
        <dt>May not read</dt>
        <dd>{sandbox.hidden.map(revealHidden).join(', ')}</dd>
        <dt>May write only in</dt>
        <dd>
          {sandbox.allWrites
            ? 'Anywhere you can (you allowed all writes).'
            : sandbox.writable.map(revealHidden).join(', ')}{' '}
          and a temp folder of its own.
        </dd>
        <dt>Never writes, even there</dt>
        <dd>
          What other programs run later: git hooks, config and the programs it names, shell start-up
          files, the tasks and settings of editors, IDEs and coding agents, autostart entries, the
          folders on your PATH, your home folder’s settings, and your own npm and uv caches.
        </dd>
        <ProtectedRepositories name={name} />
        <dt>May reach</dt>
        <dd>
          {sandbox.hosts.length === 0 ? 'No host.' : sandbox.hosts.map(revealHidden).join(', ')}
        </dd>
      </dl>
    </section>
  );
}
