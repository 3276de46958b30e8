/**
 * The building blocks every settings section shares: a titled card, a switch row, and text and
 * number fields that check their value against the contract and save it after a pause.
 */
import { useId, type ReactNode } from 'react';
import type { z } from 'zod';
import type { SettingsPatch } from '../../../preload/contract';
import { Switch } from '../ui/Switch';
import { useDraft, type Check, type Update } from './useDraft';

/** A titled card, labelled by its own heading so each section is a named region. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card settings-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A number field whose limits come from the contract's own schema, so they cannot drift. */
export function NumberSetting(props: {
  label: string;
  hint: string;
  saved: number | null;
  schema: z.ZodNumber;
  save: Update;
  toPatch(value: number): SettingsPatch;
  /** What an empty field saves, where empty means "the default"; else empty is an error. */
  emptyPatch?: SettingsPatch;
  step?: number;
}) {
  const { schema, toPatch } = props;
  const kind = schema.isInt ? 'a whole number' : 'a number';
  const range = `Use ${kind} from ${format(schema.minValue)} to ${format(schema.maxValue)}.`;
  return (
    <TextSetting
      label={props.label}
      hint={props.hint}
      type="number"
      inputProps={{
        min: schema.minValue ?? undefined,
        max: schema.maxValue ?? undefined,
        step: props.step ?? 1,
      }}
      saved={props.saved === null ? '' : String(props.saved)}
      save={props.save}
      check={(text) => {
        const trimmed = text.trim();
        if (!trimmed && props.emptyPatch) return { patch: props.emptyPatch };
        const value = Number(trimmed);
        return trimmed && schema.safeParse(value).success
          ? { patch: toPatch(value) }
          : { error: range };
      }}
    />
  );
}

function format(value: number | null): string {
  return (value ?? 0).toLocaleString('en-US');
}

/** A text (or number) field saved after a pause; an invalid value shows its error instead. */
export function TextSetting(props: {
  label: string;
  hint?: string;
  saved: string;
  check(text: string): Check;
  save: Update;
  type?: 'text' | 'number';
  multiline?: boolean;
  placeholder?: string;
  /** A button that empties the field (the default) and saves at once. */
  resetLabel?: string;
  inputProps?: { min?: number; max?: number; step?: number };
}) {
  const draft = useDraft(props.saved, props.check, props.save);
  const id = useId();
  const common = {
    id,
    className: 'input',
    value: draft.text,
    placeholder: props.placeholder,
    'aria-invalid': draft.error ? true : undefined,
    'aria-describedby': draft.error ? `${id}-error ${id}-hint` : `${id}-hint`,
    onBlur: () => void draft.flush(),
  };
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.multiline ? (
        <textarea {...common} rows={6} onChange={(event) => draft.change(event.target.value)} />
      ) : (
        <input
          {...common}
          {...props.inputProps}
          type={props.type ?? 'text'}
          onChange={(event) =>
            // A number field reports text it cannot read as empty; say it is not a number.
            draft.change(event.target.validity.badInput ? 'not a number' : event.target.value)
          }
        />
      )}
      {draft.error && (
        <span id={`${id}-error`} className="field-error">
          {draft.error}
        </span>
      )}
      {props.hint && (
        <span id={`${id}-hint`} className="field-hint">
          {props.hint}
        </span>
      )}
      {props.resetLabel && (
        <div>
          <button
            type="button"
            className="button small"
            disabled={draft.text === ''}
            onClick={() => draft.replace('')}
          >
            {props.resetLabel}
          </button>
        </div>
      )}
    </div>
  );
}

/** An on/off setting saved at once; the switch is named by the row's label. */
export function SwitchSetting(props: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <div className="settings-switch">
      <div>
        <span className="settings-switch-label">{props.label}</span>
        {props.hint && <span className="field-hint">{props.hint}</span>}
      </div>
      <Switch label={props.label} checked={props.checked} onChange={props.onChange} />
    </div>
  );
}
