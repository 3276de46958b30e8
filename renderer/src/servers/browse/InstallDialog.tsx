/**
 * The install form for one way of installing a registry server: its name among the user's
 * servers and a field for each argument, variable and header its entry declares (required ones
 * marked, secrets typed into password fields and kept in the vault). Main builds the config from
 * the entry itself; the form only sends the values.
 */
import { useId, useMemo, useState, type ReactNode } from 'react';
import type {
  InstallField,
  InstallOption,
  RegistryServer,
} from '../../../../preload/schemas/registry';
import { unencryptedReason } from '../../../../preload/schemas/clearText';
import { serverNameSchema, type ServerEntry } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { revealHidden } from '../../lib/revealHidden';
import { messageOf } from '../../lib/hooks';
import { Dialog } from '../../ui/Dialog';
import { InlineError } from '../../ui/InlineError';
import { fieldWords } from './fieldLabels';

export interface InstallDialogProps {
  server: RegistryServer;
  option: InstallOption;
  takenNames: readonly string[];
  onCancel(): void;
  onInstalled(entry: ServerEntry): void;
}

const TARGETS: Record<InstallField['target'], string> = {
  env: 'Environment variable',
  header: 'HTTP header',
  argument: 'Command-line argument',
  url: 'Part of its address',
};

export function InstallDialog(props: InstallDialogProps) {
  const { server, option, takenNames, onCancel, onInstalled } = props;
  const api = useApi();
  const [name, setName] = useState(server.suggestedName);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(option.fields.map((field) => [field.id, initialValue(field)])),
  );
  const [allowUnencrypted, setAllowUnencrypted] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const [installing, setInstalling] = useState(false);
  const [error, setError] = useState<string>();
  const formId = useId();
  const nameId = useId();

  const problems = useMemo(() => {
    const found = new Map<string, string>();
    const nameCheck = serverNameSchema.safeParse(name);
    if (!nameCheck.success) found.set('name', nameCheck.error.issues[0]?.message ?? 'Invalid.');
    else if (takenNames.some((taken) => taken.toLowerCase() === name.toLowerCase()))
      found.set('name', `A server named “${name}” already exists. Choose another name.`);
    for (const field of option.fields) {
      const problem = fieldProblem(field, values[field.id] ?? '');
      if (problem) found.set(field.id, problem);
    }
    if (option.unencryptedHost && !allowUnencrypted)
      found.set('unencrypted', 'Allow the unencrypted connection to install it this way.');
    return found;
  }, [name, option.fields, option.unencryptedHost, allowUnencrypted, takenNames, values]);

  const install = async () => {
    setShowProblems(true);
    if (problems.size > 0) {
      const first = [...problems.keys()][0];
      document.getElementById(first === 'name' ? nameId : `${formId}-${first}`)?.focus();
      return;
    }
    setInstalling(true);
    setError(undefined);
    try {
      onInstalled(
        await api.registry.install({
          name: server.name,
          version: server.version,
          option: option.id,
          serverName: name,
          values,
          ...(option.unencryptedHost && allowUnencrypted ? { allowUnencrypted: true } : {}),
        }),
      );
    } catch (reason) {
      const message = messageOf(reason);
      setError(message.startsWith('Not installed') ? message : `${message} Nothing was installed.`);
      setInstalling(false);
    }
  };

  const problemOf = (key: string) => (showProblems ? problems.get(key) : undefined);
  return (
    <Dialog
      open
      title={`Install “${server.title ?? server.name}”`}
      subtitle={`${option.label}. ${
        option.kind === 'remote'
          ? 'Hearth connects to it once it is installed.'
          : 'Hearth shows you what it runs before it first starts.'
      }`}
      onCancel={onCancel}
      className="wide-dialog"
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button primary" disabled={installing}>
            {installing ? 'Installing…' : 'Install'}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="install-form"
        aria-label="Install settings"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!installing) void install();
        }}
      >
        {option.preview && (
          <div className="field">
            <span>{option.kind === 'remote' ? 'Address' : 'Command'}</span>
            <pre className="code install-preview">{revealHidden(option.preview)}</pre>
          </div>
        )}
        <FieldFrame
          id={nameId}
          label="Name in Hearth"
          required
          hint="How it is listed among your servers, and how its tools are named for the model."
          problem={problemOf('name')}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              maxLength={64}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FieldFrame>
        {option.fields.length === 0 ? (
          <p className="muted">Its entry declares no settings.</p>
        ) : (
          option.fields.map((field) => (
            <InstallFieldControl
              key={field.id}
              id={`${formId}-${field.id}`}
              field={field}
              value={values[field.id] ?? ''}
              problem={problemOf(field.id)}
              onChange={(value) => setValues((current) => ({ ...current, [field.id]: value }))}
            />
          ))
        )}
        {option.unencryptedHost && (
          <UnencryptedChoice
            id={`${formId}-unencrypted`}
            host={option.unencryptedHost}
            checked={allowUnencrypted}
            problem={problemOf('unencrypted')}
            onChange={setAllowUnencrypted}
          />
        )}
        <InlineError message={error} />
      </form>
    </Dialog>
  );
}

/** A remote at plain http:// on another computer installs only when the user allows that. */
function UnencryptedChoice({
  id,
  host,
  checked,
  problem,
  onChange,
}: {
  id: string;
  host: string;
  checked: boolean;
  problem: string | undefined;
  onChange(checked: boolean): void;
}) {
  return (
    <div className="field">
      <p className="notice notice-warning" id={`${id}-reason`}>
        {unencryptedReason(host)}
      </p>
      <label className="choice">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[`${id}-reason`, problem ? `${id}-problem` : '']
            .filter(Boolean)
            .join(' ')}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>Allow an unencrypted connection to {host}</span>
      </label>
      {problem && (
        <span className="field-error" id={`${id}-problem`}>
          {problem}
        </span>
      )}
    </div>
  );
}

function initialValue(field: InstallField): string {
  if (field.format === 'boolean') return field.default === 'true' ? 'true' : 'false';
  return field.default ?? '';
}

/** The same checks main makes, so the form says what is wrong before anything is sent. */
function fieldProblem(field: InstallField, raw: string): string | undefined {
  const value = field.secret ? raw : raw.trim();
  if (value === '') return field.required ? 'Required.' : undefined;
  if (field.choices && !field.choices.includes(value))
    return `Choose one of ${field.choices.join(', ')}.`;
  if (field.format === 'number' && !Number.isFinite(Number(value))) return 'Use a number.';
  return undefined;
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

function FieldFrame({
  id,
  label,
  name,
  required,
  hint,
  problem,
  children,
}: {
  id: string;
  label: string;
  /** The raw name (a variable, header or argument), shown after the words as code. */
  name?: string;
  required: boolean;
  hint?: string;
  problem?: string;
  children(control: ControlProps): ReactNode;
}) {
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span className="required-mark"> (required)</span>}
        {name && name !== label && (
          <>
            {' '}
            <code className="field-name">{name}</code>
          </>
        )}
      </label>
      {children({
        id,
        'aria-invalid': problem ? true : undefined,
        'aria-describedby': described || undefined,
        'aria-required': required ? true : undefined,
      })}
      {hint && (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {problem && (
        <span className="field-error" id={`${id}-problem`}>
          {problem}
        </span>
      )}
    </div>
  );
}

function InstallFieldControl({
  id,
  field,
  value,
  problem,
  onChange,
}: {
  id: string;
  field: InstallField;
  value: string;
  problem: string | undefined;
  onChange(value: string): void;
}) {
  const words = fieldWords(field);
  const hint = [
    TARGETS[field.target],
    field.secret ? 'secret: kept with your other secrets, never shown again' : '',
    words.rest ? revealHidden(words.rest) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  if (field.format === 'boolean') {
    return (
      <div className="field">
        <label className="choice">
          <input
            id={id}
            type="checkbox"
            checked={value === 'true'}
            aria-describedby={`${id}-hint`}
            onChange={(event) => onChange(event.target.checked ? 'true' : 'false')}
          />
          <span>
            {revealHidden(words.label)} <code className="field-name">{field.label}</code>
          </span>
        </label>
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      </div>
    );
  }
  return (
    <FieldFrame
      id={id}
      label={revealHidden(words.label)}
      name={field.label}
      required={field.required}
      hint={hint}
      problem={problem}
    >
      {(control) =>
        field.choices ? (
          <select
            {...control}
            className="input"
            value={value}
            onChange={(event) => onChange(event.target.value)}
          >
            {!field.required && <option value="">None</option>}
            {field.required && value === '' && <option value="">Choose…</option>}
            {field.choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...control}
            className={field.secret || field.format === 'filepath' ? 'input mono' : 'input'}
            type={field.secret ? 'password' : field.format === 'number' ? 'number' : 'text'}
            autoComplete="off"
            spellCheck={false}
            maxLength={32_768}
            placeholder={
              field.placeholder ??
              (field.format === 'filepath' ? '/path/on/this/computer' : undefined)
            }
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </FieldFrame>
  );
}
