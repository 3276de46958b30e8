/**
 * Asks for the administrator password for exactly one command. The password lives only in this
 * component's state until it is sent, and is cleared on send, on cancel and when the dialog goes.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { revealHidden } from '../lib/revealHidden';
import { Dialog } from '../ui/Dialog';
import type { SudoRequest } from './useQuestionQueue';
import { useSending } from './useSending';
import './questions.css';
import { InlineError } from '../ui/InlineError';

export interface SudoDialogProps {
  request: SudoRequest;
  subtitle?: string;
  /** The password, or null to cancel. */
  onAnswer(password: string | null): Promise<void>;
}

export function SudoDialog({ request, subtitle, onAnswer }: SudoDialogProps) {
  const { busy, failure, send } = useSending(onAnswer);
  const [password, setPassword] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const formId = useId();
  const commandId = useId();

  useEffect(() => {
    const field = input.current;
    field?.focus();
    // Nothing of the password stays in the page once the prompt is gone.
    return () => {
      if (field) field.value = '';
    };
  }, []);

  const submit = useCallback(() => {
    if (!password) return;
    const given = password;
    setPassword('');
    void send(given);
  }, [password, send]);

  const cancel = () => {
    setPassword('');
    void send(null);
  };

  return (
    <Dialog
      open
      tone="danger"
      title="Run a command as administrator?"
      subtitle={subtitle}
      className="question-dialog"
      onCancel={cancel}
      actions={
        <>
          <button type="button" className="button" disabled={busy} onClick={cancel}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="button danger"
            disabled={busy || !password}
          >
            Run with sudo
          </button>
        </>
      }
    >
      <p id={commandId} className="question-label">
        Administrator password for:
      </p>
      <pre className="code question-command" tabIndex={0} role="region" aria-labelledby={commandId}>
        {revealHidden(request.command)}
      </pre>
      <p className="question-warning" role="note">
        <strong>The whole line runs as administrator (root)</strong>, also what comes before or
        after <code>sudo</code> in it.
      </p>
      <form
        id={formId}
        className="field"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={`${formId}-password`}>Password</label>
        <input
          ref={input}
          id={`${formId}-password`}
          className="input"
          type="password"
          autoComplete="off"
          maxLength={1_024}
          value={password}
          disabled={busy}
          onChange={(event) => setPassword(event.target.value)}
        />
      </form>
      <p className="field-hint">
        Hearth gives this password only to sudo for this one command; it is not saved.
      </p>
      <p className="field-hint">If you cancel, the model is told the command did not run.</p>
      <InlineError message={failure} />
    </Dialog>
  );
}
