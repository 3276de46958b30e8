/**
 * A small form for a prompt's arguments or a resource template's variables: one field each,
 * required ones marked, and suggestions from the server (`completion/complete`) as the user
 * types, asked for after a short pause and with the values already filled in as context.
 */
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';

export interface ArgumentField {
  name: string;
  description?: string;
  required: boolean;
}

/** Asks the server for values of `name` starting from `value`; absent when it cannot complete. */
export type Complete = (
  name: string,
  value: string,
  context: Record<string, string>,
) => Promise<string[]>;

export interface ArgumentFormProps {
  /** Names the form for assistive technology, e.g. "Arguments of args-prompt". */
  label: string;
  heading: string;
  description?: string;
  fields: ArgumentField[];
  submitLabel: string;
  complete?: Complete;
  onSubmit(values: Record<string, string>): void;
  onCancel(): void;
}

/** The pause after typing before suggestions are asked for, so each key press is not a request. */
export const COMPLETION_DELAY_MS = 200;

export function ArgumentForm(props: ArgumentFormProps) {
  const { fields, complete } = props;
  const [values, setValues] = useState<Record<string, string>>({});
  const [focused, setFocused] = useState<string>();
  const [suggestions, setSuggestions] = useState<{ field: string; values: string[] }>();
  const [missing, setMissing] = useState<string[]>([]);
  // The suggestion the arrow keys are on; Enter takes it.
  const [active, setActive] = useState(-1);
  const baseId = useId();

  const focusedValue = focused === undefined ? undefined : (values[focused] ?? '');
  useEffect(() => {
    if (!complete || focused === undefined || focusedValue === undefined) return undefined;
    let live = true;
    const context = Object.fromEntries(
      Object.entries(values).filter(([name, value]) => name !== focused && value !== ''),
    );
    const timer = setTimeout(() => {
      complete(focused, focusedValue, context).then(
        (found) => {
          if (!live) return;
          setSuggestions({ field: focused, values: found.slice(0, 20) });
          setActive(-1);
        },
        () => live && setSuggestions(undefined),
      );
    }, COMPLETION_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `values` is read for context only; the focused field's value drives the request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [complete, focused, focusedValue]);

  const set = (name: string, value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  const choose = (name: string, value: string) => {
    set(name, value);
    setSuggestions(undefined);
    setActive(-1);
  };
  /** Arrows move through the field's suggestions, Enter takes one, Escape closes the list. */
  const onFieldKey = (event: KeyboardEvent<HTMLInputElement>, name: string) => {
    const listed = suggestions?.field === name ? suggestions.values : [];
    if (listed.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + listed.length) % listed.length);
    } else if (event.key === 'Enter' && active >= 0 && listed[active] !== undefined) {
      event.preventDefault();
      choose(name, listed[active]);
    } else if (event.key === 'Escape') {
      // Closes the list; a second Escape leaves the form.
      event.preventDefault();
      event.stopPropagation();
      setSuggestions(undefined);
      setActive(-1);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = fields.filter((field) => field.required && !values[field.name]?.trim());
    setMissing(empty.map((field) => field.name));
    if (empty.length === 0) props.onSubmit(values);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      props.onCancel();
    }
  };

  return (
    <form
      className="argument-form"
      aria-label={props.label}
      onSubmit={submit}
      onKeyDown={onKeyDown}
    >
      <p className="argument-form-heading">
        <strong>{props.heading}</strong>
        {props.description && <span className="muted"> {props.description}</span>}
      </p>
      {fields.map((field, index) => {
        const id = `${baseId}-${index}`;
        const shown = suggestions?.field === field.name && focused === field.name;
        return (
          <div className="argument-field" key={field.name}>
            <label htmlFor={id}>
              {field.name}
              {field.required && <span className="required"> (required)</span>}
            </label>
            <input
              id={id}
              className="input"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={shown && suggestions.values.length > 0}
              aria-controls={shown && suggestions.values.length > 0 ? `${id}-list` : undefined}
              aria-activedescendant={shown && active >= 0 ? `${id}-option-${active}` : undefined}
              onKeyDown={(event) => onFieldKey(event, field.name)}
              value={values[field.name] ?? ''}
              aria-required={field.required}
              aria-invalid={missing.includes(field.name)}
              aria-describedby={field.description ? `${id}-hint` : undefined}
              autoFocus={index === 0}
              autoComplete="off"
              onFocus={() => setFocused(field.name)}
              onBlur={() => setFocused((current) => (current === field.name ? undefined : current))}
              onChange={(event) => set(field.name, event.target.value)}
            />
            {field.description && (
              <span id={`${id}-hint`} className="muted argument-hint">
                {field.description}
              </span>
            )}
            {shown && suggestions.values.length > 0 && (
              <ul
                id={`${id}-list`}
                className="suggestions"
                role="listbox"
                aria-label={`Suggestions for ${field.name}`}
              >
                {suggestions.values.map((value, position) => (
                  <li
                    key={value}
                    id={`${id}-option-${position}`}
                    role="option"
                    className={position === active ? 'active' : undefined}
                    aria-selected={position === active}
                    // Before the field's blur, so the choice lands while the list is still there.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      choose(field.name, value);
                    }}
                  >
                    {value}
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
      {missing.length > 0 && (
        <p className="inline-error" role="alert">
          Fill in {missing.join(', ')}.
        </p>
      )}
      <div className="argument-form-actions">
        <button type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" className="button primary">
          {props.submitLabel}
        </button>
      </div>
    </form>
  );
}
