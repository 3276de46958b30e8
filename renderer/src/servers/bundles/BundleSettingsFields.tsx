/**
 * The form for a bundle's `user_config`: one labelled field per setting, required ones marked,
 * secrets as password fields (a stored secret kept when left empty), numbers with their bounds,
 * folders with the system's picker where the host has one, several values one per line.
 */
import type { BundleUserConfigField } from '../../../../preload/schemas/bundles';
import { useApi } from '../../lib/apiContext';
import { useDesktopHost } from '../../lib/hooks';
import { Field } from '../form/Field';

export type SettingValue = string | boolean;
export type SettingValues = Record<string, SettingValue>;

/** What the form starts with: the kept value on an update, else the default, else empty. */
export function initialValues(fields: BundleUserConfigField[]): SettingValues {
  return Object.fromEntries(
    fields.map((field) => {
      const start = field.current ?? field.default;
      if (field.type === 'boolean') return [field.key, start === true || start === 'true'];
      if (Array.isArray(start)) return [field.key, start.join('\n')];
      return [field.key, start === undefined ? '' : String(start)];
    }),
  );
}

/** The form's values as the install takes them; an empty secret that is stored is left out (kept). */
export function valuesToSend(
  fields: BundleUserConfigField[],
  values: SettingValues,
): Record<string, string | number | boolean | string[]> {
  const result: Record<string, string | number | boolean | string[]> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (field.type === 'boolean') {
      result[field.key] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value : '';
    if (text.trim() === '') continue;
    if (field.type === 'number') result[field.key] = Number(text);
    else if (field.multiple)
      result[field.key] = text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    else result[field.key] = text;
  }
  return result;
}

/** Which required settings are still empty, by title. */
export function missingRequired(fields: BundleUserConfigField[], values: SettingValues): string[] {
  return fields
    .filter((field) => field.required && field.type !== 'boolean' && !field.secretStored)
    .filter((field) => String(values[field.key] ?? '').trim() === '')
    .map((field) => field.title);
}

export function BundleSettingsFields({
  fields,
  values,
  onChange,
  showMissing,
}: {
  fields: BundleUserConfigField[];
  values: SettingValues;
  onChange(key: string, value: SettingValue): void;
  showMissing: boolean;
}) {
  if (fields.length === 0) return <p className="muted">This bundle has no settings.</p>;
  return (
    <div className="bundle-settings">
      {fields.map((field) => (
        <SettingField
          key={field.key}
          field={field}
          value={values[field.key] ?? ''}
          onChange={(value) => onChange(field.key, value)}
          missing={
            showMissing &&
            field.required &&
            field.type !== 'boolean' &&
            !field.secretStored &&
            String(values[field.key] ?? '').trim() === ''
          }
        />
      ))}
    </div>
  );
}

function SettingField({
  field,
  value,
  onChange,
  missing,
}: {
  field: BundleUserConfigField;
  value: SettingValue;
  onChange(value: SettingValue): void;
  missing: boolean;
}) {
  const api = useApi();
  const label = `${field.title}${field.required ? ' (required)' : ''}`;
  const bounds =
    field.type === 'number' && (field.min !== undefined || field.max !== undefined)
      ? ` Between ${field.min ?? '…'} and ${field.max ?? '…'}.`
      : '';
  const kept = field.secretStored ? ' A value is stored: leave this empty to keep it.' : '';
  const several = field.multiple ? ' One per line.' : '';
  const hint = `${field.description}${bounds}${several}${kept}`.trim();
  const error = missing ? `Give “${field.title}” a value.` : undefined;

  if (field.type === 'boolean') {
    return (
      <div className="field bundle-checkbox">
        <label>
          <input
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
          />{' '}
          {field.title}
        </label>
        {hint && <span className="field-hint">{hint}</span>}
      </div>
    );
  }
  const chooseFolder = () =>
    void api.desktop.chooseFolder(field.title).then((answer) => {
      if (!answer.path) return;
      const text = typeof value === 'string' ? value : '';
      onChange(field.multiple && text.trim() ? `${text.trimEnd()}\n${answer.path}` : answer.path);
    });
  return (
    <Field label={label} hint={hint || undefined} error={error}>
      {(props) => (
        <div className={field.type === 'directory' ? 'input-with-button' : undefined}>
          {field.multiple ? (
            <textarea
              {...props}
              className="input mono"
              rows={3}
              spellCheck={false}
              required={field.required}
              value={typeof value === 'string' ? value : ''}
              onChange={(event) => onChange(event.target.value)}
            />
          ) : (
            <input
              {...props}
              className={field.type === 'string' ? 'input' : 'input mono'}
              type={field.sensitive ? 'password' : field.type === 'number' ? 'number' : 'text'}
              autoComplete={field.sensitive ? 'off' : undefined}
              spellCheck={false}
              required={field.required && !field.secretStored}
              min={field.min}
              max={field.max}
              placeholder={field.secretStored ? '•••••••• (stored)' : undefined}
              value={typeof value === 'string' ? value : ''}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
          {field.type === 'directory' && (
            <FolderButton title={field.title} onChoose={chooseFolder} />
          )}
        </div>
      )}
    </Field>
  );
}

/** The system's folder picker, in the desktop app only (a page cannot name the host's folders). */
function FolderButton({ title, onChoose }: { title: string; onChoose(): void }) {
  const supported = useDesktopHost(useApi());
  if (!supported) return null;
  return (
    <button type="button" className="button" onClick={onChoose} aria-label={`Choose ${title}…`}>
      Choose…
    </button>
  );
}
