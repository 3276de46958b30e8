/**
 * Adds, edits or duplicates a server. The whole config is checked with the contract's own schema
 * as the user types, each problem shown by its field, and Save stays off until there are none, so
 * main never has to refuse what the form sends.
 */
import { useId, useMemo, useState } from 'react';
import {
  loggingLevelSchema,
  type ServerConfig,
  type ServerEntry,
} from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { Field } from './Field';
import {
  configFrom,
  draftFrom,
  emptyDraft,
  groupOf,
  validateDraft,
  type FieldGroup,
  type FormMode,
  type ServerDraft,
} from './formModel';
import { TestOutcome, type TrialReport } from './TestOutcome';
import { TrialReviewDialog } from './TrialReviewDialog';
import { ArgumentList } from './ArgumentList';
import { SandboxFields } from '../sandbox/SandboxFields';
import { HttpFields, StdioFields } from './TransportFields';
import { InlineError } from '../../ui/InlineError';
import { StickyActions } from '../../ui/StickyActions';

export interface ServerFormProps {
  mode: FormMode;
  /** The server being edited or copied; none when adding. */
  initial?: ServerConfig;
  /** Names already in use (the edited server's own name left out). */
  takenNames: readonly string[];
  onSaved(entry: ServerEntry): void;
  onCancel(): void;
}

const LOG_LEVELS = loggingLevelSchema.options;

const ALL_GROUPS: FieldGroup[] = [
  'name',
  'command',
  'args',
  'env',
  'cwd',
  'url',
  'headers',
  'timeout',
  'other',
];

type TestState =
  | { step: 'idle' }
  /** A local command waits for the user to see what will run. */
  | { step: 'reviewing' }
  | { step: 'testing' }
  | { step: 'done'; report: TrialReport }
  | { step: 'failed'; message: string };

export function ServerForm({ mode, initial, takenNames, onSaved, onCancel }: ServerFormProps) {
  const api = useApi();
  const [draft, setDraft] = useState<ServerDraft>(() =>
    initial ? draftFrom(initial, mode) : emptyDraft(),
  );
  // A new form shows a field's problems once the user has worked on it; a filled one at once.
  const [touched, setTouched] = useState<ReadonlySet<FieldGroup>>(
    () => new Set(mode === 'add' ? [] : ALL_GROUPS),
  );
  const [test, setTest] = useState<TestState>({ step: 'idle' });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  const issues = useMemo(() => validateDraft(draft, takenNames), [draft, takenNames]);
  const valid = issues.size === 0;
  const previousName = mode === 'edit' ? initial?.name : undefined;

  const edit = (group: FieldGroup, patch: Partial<ServerDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    // A test result speaks for the config it tested, not for one edited since.
    if (test.step === 'done' || test.step === 'failed') setTest({ step: 'idle' });
    if (!touched.has(group)) setTouched(new Set([...touched, group]));
  };
  const touch = (group: FieldGroup) => () => {
    if (!touched.has(group)) setTouched(new Set([...touched, group]));
  };
  const errorFor = (key: string) => (touched.has(groupOf(key)) ? issues.get(key) : undefined);
  const hidden = [...issues].filter(([key]) => !isUnplaced(key) && !touched.has(groupOf(key)));
  const unplaced = [...issues].filter(([key]) => isUnplaced(key));
  const transportLabel = useId();

  // A local command is shown before it runs; a remote server is only connected to.
  const startTest = () =>
    draft.kind === 'stdio' ? setTest({ step: 'reviewing' }) : void runTest();
  const reviewed = test.step === 'reviewing' ? configFrom(draft).transport : undefined;
  const runTest = async () => {
    setTest({ step: 'testing' });
    try {
      setTest({ step: 'done', report: await api.servers.test(configFrom(draft), previousName) });
    } catch (reason) {
      setTest({ step: 'failed', message: messageOf(reason) });
    }
  };
  const save = async () => {
    setSaving(true);
    setSaveError(undefined);
    try {
      onSaved(await api.servers.save(configFrom(draft), previousName));
    } catch (reason) {
      setSaveError(messageOf(reason));
      setSaving(false);
    }
  };

  return (
    <form
      className="server-form"
      aria-label="Server settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && !saving) void save();
      }}
    >
      <Field label="Name" error={errorFor('name')}>
        {(props) => (
          <input
            {...props}
            className="input"
            value={draft.name}
            onChange={(event) => edit('name', { name: event.target.value })}
            onBlur={touch('name')}
          />
        )}
      </Field>
      <div className="field">
        <span id={transportLabel}>Transport</span>
        <div className="segmented" role="radiogroup" aria-labelledby={transportLabel}>
          {(
            [
              ['stdio', 'Local command (stdio)'],
              ['http', 'Remote (HTTP)'],
            ] as const
          ).map(([kind, label]) => (
            <label key={kind} className="segment">
              <input
                type="radio"
                name="transport"
                value={kind}
                checked={draft.kind === kind}
                onChange={() => setDraft((current) => ({ ...current, kind }))}
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </div>
      {draft.kind === 'stdio' ? (
        <StdioFields draft={draft} edit={edit} touch={touch} errorFor={errorFor} />
      ) : (
        <HttpFields draft={draft} edit={edit} touch={touch} errorFor={errorFor} />
      )}
      {draft.kind === 'stdio' && (
        <SandboxFields
          sandbox={draft.sandbox}
          onChange={(sandbox) => edit('other', { sandbox })}
          errorFor={errorFor}
        />
      )}
      <fieldset className="field plain">
        <legend>Folders it may work in</legend>
        <p className="field-hint">
          Sent to the server as its roots: the places it should read and change. Leave empty if it
          does not ask for any.
        </p>
        <ArgumentList
          noun="folder"
          items={draft.roots}
          onChange={(roots) => edit('other', { roots })}
          errorAt={(index) => errorFor(`roots.${index}`)}
        />
      </fieldset>
      <Field
        label="Request timeout (seconds)"
        error={errorFor('requestTimeoutMs')}
        hint="How long one request may take unless the server reports progress."
      >
        {(props) => (
          <input
            {...props}
            className="input narrow"
            type="number"
            min={1}
            max={3600}
            value={draft.timeoutSeconds}
            onChange={(event) => edit('timeout', { timeoutSeconds: event.target.value })}
            onBlur={touch('timeout')}
          />
        )}
      </Field>
      <Field
        label="Server log level"
        hint="The least severe messages the server sends to its log, if it logs."
      >
        {(props) => (
          <select
            {...props}
            className="input narrow"
            value={draft.logLevel}
            onChange={(event) =>
              edit('other', { logLevel: event.target.value as ServerDraft['logLevel'] })
            }
          >
            <option value="">Info (default)</option>
            {LOG_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level[0]?.toUpperCase() + level.slice(1)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {mode === 'duplicate' && hasSecrets(draft) && (
        <p className="field-hint">Secret values are not copied: type them again for the copy.</p>
      )}
      {!valid && hidden.length > 0 && (
        <p className="field-hint" aria-live="polite">
          {hidden.length === 1 ? 'One field needs' : `${hidden.length} fields need`} your attention
          before you can save.
        </p>
      )}
      {unplaced.length > 0 && (
        <ul className="field-error">
          {unplaced.map(([key, message]) => (
            <li key={key}>{message}</li>
          ))}
        </ul>
      )}
      {test.step === 'done' && <TestOutcome report={test.report} />}
      {test.step === 'failed' && (
        <p className="inline-error" role="alert">
          {test.message}
        </p>
      )}
      <InlineError message={saveError} />
      {reviewed?.type === 'stdio' && (
        <TrialReviewDialog
          transport={reviewed}
          onRun={() => void runTest()}
          onCancel={() => setTest({ step: 'idle' })}
        />
      )}
      <StickyActions className="form-actions">
        <button
          type="button"
          className="button"
          disabled={!valid || test.step === 'testing'}
          onClick={startTest}
        >
          {test.step === 'testing' ? 'Testing…' : 'Test connection'}
        </button>
        <span className="spacer" />
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button primary" disabled={!valid || saving}>
          Save
        </button>
      </StickyActions>
    </form>
  );
}

/** Problems the form has no field for (such as tool settings) are listed at the bottom. */
function isUnplaced(key: string): boolean {
  return groupOf(key) === 'other';
}

function hasSecrets(draft: ServerDraft): boolean {
  return (draft.kind === 'stdio' ? draft.env : draft.headers).some((row) => row.secret);
}
