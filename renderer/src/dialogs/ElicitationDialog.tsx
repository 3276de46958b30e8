/**
 * A server asks the user for information (MCP elicitation). In form mode the fields its schema
 * describes, checked before they are sent; in URL mode the address it wants opened, which main
 * opens in the browser only if the user agrees. Decline says no; Cancel (or Escape) dismisses.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ElicitationAnswer } from '../../../preload/schemas/chat';
import { Dialog } from '../ui/Dialog';
import {
  contentOf,
  fieldsOf,
  initialValues,
  validate,
  type Field,
  type FieldValue,
  type FormValues,
} from './elicitationForm';
import type { ElicitationRequest } from './useQuestionQueue';
import { useSending } from './useSending';
import './questions.css';
import { InlineError } from '../ui/InlineError';
import { revealHidden } from '../lib/revealHidden';

export interface ElicitationDialogProps {
  request: ElicitationRequest;
  /** "2 more waiting", when others queue behind this one. */
  subtitle?: string;
  onAnswer(answer: ElicitationAnswer): Promise<void>;
}

/** Up to this many options show as radio buttons; more as a drop-down list. */
const radioLimit = 4;

export function ElicitationDialog({ request, subtitle, onAnswer }: ElicitationDialogProps) {
  const { busy, failure, send } = useSending(onAnswer);
  const formId = useId();
  const isForm = request.mode === 'form';
  const fields = useMemo(
    () => (isForm ? fieldsOf(request.requestedSchema) : []),
    [isForm, request],
  );
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  // Errors show once the user tried to submit, then follow what they type.
  const [tried, setTried] = useState(false);
  const problems = useMemo(() => validate(fields, values), [fields, values]);
  const body = useRef<HTMLDivElement>(null);

  // After the dialog opened, so it wins the initial focus: the first thing to fill in.
  useEffect(() => {
    body.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, []);

  const set = (name: string, value: FieldValue) =>
    setValues((current) => ({ ...current, [name]: value }));

  const submit = () => {
    if (!isForm) {
      void send({ action: 'accept' });
      return;
    }
    setTried(true);
    if (problems.size > 0) {
      // Straight to the first thing to fix.
      const [first] = problems.keys();
      const controls = body.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [];
      [...controls].find((control) => control.dataset.field === first)?.focus();
      return;
    }
    void send({ action: 'accept', content: contentOf(fields, values) });
  };
  const cancel = () => void send({ action: 'cancel' });

  return (
    <Dialog
      open
      title={`${request.server} asks for information`}
      subtitle={subtitle}
      className="question-dialog elicitation-dialog"
      onCancel={cancel}
      actions={
        <>
          <button type="button" className="button" disabled={busy} onClick={cancel}>
            Cancel
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void send({ action: 'decline' })}
          >
            Decline
          </button>
          {isForm ? (
            <button type="submit" form={formId} className="button primary" disabled={busy}>
              Submit
            </button>
          ) : (
            <button type="button" className="button primary" disabled={busy} onClick={submit}>
              Open in browser
            </button>
          )}
        </>
      }
    >
      <div ref={body} className="elicitation-body">
        {request.message && <p className="question-description">{revealHidden(request.message)}</p>}
        {isForm ? (
          <form
            id={formId}
            className="elicitation-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            {fields.length === 0 && <p className="muted">The server asks for no fields.</p>}
            {fields.map((field) => (
              <FieldControl
                key={field.name}
                field={field}
                value={values[field.name]}
                problem={tried ? problems.get(field.name) : undefined}
                disabled={busy}
                onChange={(value) => set(field.name, value)}
              />
            ))}
          </form>
        ) : (
          <UrlNotice server={request.server} url={request.url ?? ''} />
        )}
        <p className="field-hint">
          {isForm
            ? `What you submit goes to ${request.server}. Never type a password here.`
            : 'If you decline or cancel, nothing is opened.'}
        </p>
        <InlineError message={failure} />
      </div>
    </Dialog>
  );
}

/** The host of an address, or undefined when it has none (shown as it came; main refuses it). */
function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}

function UrlNotice({ server, url }: { server: string; url: string }) {
  const labelId = useId();
  const host = hostOf(url);
  const start = host ? url.indexOf(host) : -1;
  const shown: ReactNode =
    host && start >= 0 ? (
      <>
        {url.slice(0, start)}
        <strong className="elicitation-host">{host}</strong>
        {url.slice(start + host.length)}
      </>
    ) : (
      url
    );
  return (
    <div className="elicitation-url">
      <p id={labelId} className="question-label">
        {server} wants you to visit:
      </p>
      <p className="code elicitation-address" role="region" aria-labelledby={labelId} tabIndex={0}>
        {shown}
      </p>
      <p>Hearth will open this address in your browser. Check where it goes before you continue.</p>
    </div>
  );
}

interface FieldControlProps {
  field: Field;
  value: FieldValue | undefined;
  problem: string | undefined;
  disabled: boolean;
  onChange(value: FieldValue): void;
}

const inputTypes: Partial<Record<Field['kind'], string>> = {
  text: 'text',
  email: 'email',
  url: 'url',
  date: 'date',
  datetime: 'datetime-local',
  number: 'number',
  integer: 'number',
};

function FieldControl({ field, value, problem, disabled, onChange }: FieldControlProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy =
    [field.description ? descriptionId : '', problem ? errorId : ''].filter(Boolean).join(' ') ||
    undefined;
  const common = {
    'aria-describedby': describedBy,
    'aria-invalid': problem ? true : undefined,
    'data-field': field.name,
    disabled,
  };
  const label = (
    <>
      {revealHidden(field.label)}
      {field.required && (
        <span className="elicitation-required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
  const notes = (
    <>
      {field.description && (
        <small id={descriptionId} className="field-hint">
          {revealHidden(field.description)}
        </small>
      )}
      {problem && (
        <small id={errorId} className="inline-error">
          {problem}
        </small>
      )}
    </>
  );

  if (field.kind === 'note') {
    return (
      <div className="field elicitation-note" role="note">
        <span className="question-label">{revealHidden(field.label)}</span>
        <small className="muted">
          {field.name === field.label ? '' : `(${field.name}) `}The server asks for{' '}
          {field.unsupported}, which Hearth cannot ask for; it will be left out.
        </small>
        {notes}
      </div>
    );
  }

  if (field.kind === 'boolean') {
    return (
      <div className="field elicitation-check">
        <label htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            {...common}
          />{' '}
          {label}
        </label>
        {notes}
      </div>
    );
  }

  const options = field.options ?? [];
  if (field.kind === 'multiselect' || (field.kind === 'select' && options.length <= radioLimit)) {
    const multiple = field.kind === 'multiselect';
    const chosen = multiple ? (Array.isArray(value) ? value : []) : value;
    const choices =
      !multiple && !field.required ? [{ value: '', label: 'None' }, ...options] : options;
    return (
      <fieldset
        className="field elicitation-group"
        role={multiple ? 'group' : 'radiogroup'}
        aria-describedby={describedBy}
        aria-invalid={problem ? true : undefined}
        aria-required={!multiple && field.required ? true : undefined}
      >
        <legend>{label}</legend>
        {choices.map((option, index) => (
          <label key={option.value} className="elicitation-choice">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={id}
              value={option.value}
              checked={
                multiple
                  ? (chosen as string[]).includes(option.value)
                  : (chosen ?? '') === option.value
              }
              onChange={(event) => {
                if (!multiple) return onChange(option.value);
                const list = chosen as string[];
                onChange(
                  event.target.checked
                    ? options
                        .map((known) => known.value)
                        .filter((known) => known === option.value || list.includes(known))
                    : list.filter((known) => known !== option.value),
                );
              }}
              disabled={disabled}
              data-field={index === 0 ? field.name : undefined}
            />{' '}
            {option.label}
          </label>
        ))}
        {notes}
      </fieldset>
    );
  }

  const control =
    field.kind === 'select' ? (
      <select
        id={id}
        className="input"
        value={typeof value === 'string' ? value : ''}
        required={field.required}
        onChange={(event) => onChange(event.target.value)}
        {...common}
      >
        <option value="">{field.required ? 'Choose…' : 'None'}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    ) : (
      <input
        id={id}
        className="input"
        type={inputTypes[field.kind] ?? 'text'}
        value={typeof value === 'string' ? value : ''}
        required={field.required}
        min={field.minimum}
        max={field.maximum}
        step={field.kind === 'integer' ? 1 : field.kind === 'number' ? 'any' : undefined}
        minLength={field.minLength}
        maxLength={field.maxLength}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        {...common}
      />
    );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control}
      {notes}
    </div>
  );
}
