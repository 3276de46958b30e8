/**
 * Before "Test connection" runs a local command, the user sees exactly what will run: the
 * command, each argument, the environment (secret values hidden) and the folder. Nothing runs
 * until they say so.
 */
import type { ServerConfigInput } from '../../../../preload/schemas/servers';
import { Dialog } from '../../ui/Dialog';

type StdioInput = Extract<ServerConfigInput['transport'], { type: 'stdio' }>;

export function TrialReviewDialog({
  transport,
  onRun,
  onCancel,
}: {
  transport: StdioInput;
  onRun(): void;
  onCancel(): void;
}) {
  const env = transport.env ?? [];
  return (
    <Dialog
      open
      title="Run this command to test it?"
      subtitle="Testing starts the server once, lists its tools, and stops it."
      onCancel={onCancel}
      className="wide-dialog"
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button primary" onClick={onRun}>
            Run test
          </button>
        </>
      }
    >
      <div className="launch-review">
        <h3>Command</h3>
        <pre className="code">{transport.command}</pre>
        <h3>Arguments</h3>
        {(transport.args ?? []).length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ol className="review-args" aria-label="Arguments">
            {(transport.args ?? []).map((argument, index) => (
              <li key={index}>
                <code>{argument}</code>
              </li>
            ))}
          </ol>
        )}
        <h3>Environment</h3>
        {env.length === 0 ? (
          <p className="muted">No variables of its own.</p>
        ) : (
          <ul aria-label="Environment">
            {env.map((variable) => (
              <li key={variable.name}>
                <code>
                  {variable.name}={variable.secret ? '••••••••' : (variable.value ?? '')}
                </code>
              </li>
            ))}
          </ul>
        )}
        {transport.cwd && (
          <>
            <h3>Working folder</h3>
            <pre className="code">{transport.cwd}</pre>
          </>
        )}
      </div>
    </Dialog>
  );
}
