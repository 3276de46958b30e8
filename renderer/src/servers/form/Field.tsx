/** The server form's field frame: label, control, hint and problem. */
import { useId, type ReactNode } from 'react';

/** What a field passes to its control so the label, hint and problem belong to it. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled control with its hint and its problem, tied to it for screen readers. */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children(props: ControlProps): ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {hint && (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

/** The form's most common field: one line of code-like text (a command, an address, an id). */
export function CodeTextField({
  label,
  error,
  hint,
  value,
  onChange,
  onBlur,
  type = 'text',
  placeholder,
}: {
  label: string;
  error?: string;
  hint?: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  type?: 'text' | 'url' | 'password';
  placeholder?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(props) => (
        <input
          {...props}
          className="input mono"
          type={type}
          spellCheck={false}
          autoComplete={type === 'password' ? 'off' : undefined}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </Field>
  );
}
