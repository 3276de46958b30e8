/**
 * Environment variables or headers as name/value rows, each with a "Secret" switch. A secret main
 * already keeps never comes back: its row shows "••• stored" over an empty password field, and
 * leaving that field empty keeps the stored value. The caller puts them in a labelled fieldset.
 */
import { Switch } from '../../ui/Switch';
import { keepsStoredSecret, nextRowId, type NamedValueRow } from './formModel';
import { X } from 'lucide-react';

export interface NamedValueRowsProps {
  /** `variable` for environment variables, `header` for HTTP headers. */
  kind: 'variable' | 'header';
  rows: NamedValueRow[];
  onChange(rows: NamedValueRow[]): void;
  errorAt(index: number, field: 'name' | 'value'): string | undefined;
}

export function NamedValueRows({ kind, rows, onChange, errorAt }: NamedValueRowsProps) {
  const noun = kind === 'variable' ? 'Variable' : 'Header';
  const update = (id: number, patch: Partial<NamedValueRow>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  return (
    <div className="named-values">
      {rows.length > 0 && (
        <div className="named-values-head" aria-hidden="true">
          <span>Name</span>
          <span>Value</span>
          <span>Secret</span>
          <span />
        </div>
      )}
      {rows.map((row, index) => {
        const position = index + 1;
        const nameError = errorAt(index, 'name');
        const valueError = errorAt(index, 'value');
        const stored = keepsStoredSecret(row);
        return (
          <div key={row.id} className="named-values-row">
            <input
              className="input mono"
              aria-label={`${noun} ${position} name`}
              aria-invalid={nameError ? true : undefined}
              value={row.name}
              spellCheck={false}
              onChange={(event) => update(row.id, { name: event.target.value })}
            />
            <span className="named-values-value">
              <input
                className="input mono"
                type={row.secret ? 'password' : 'text'}
                aria-label={`${noun} ${position} value`}
                aria-invalid={valueError ? true : undefined}
                autoComplete="off"
                spellCheck={false}
                placeholder={stored ? 'Leave empty to keep it' : undefined}
                value={row.value}
                onChange={(event) => update(row.id, { value: event.target.value })}
              />
              {stored && <span className="badge">••• stored</span>}
            </span>
            <Switch
              label={`${noun} ${position} secret`}
              checked={row.secret}
              onChange={(secret) => update(row.id, { secret })}
            />
            <button
              type="button"
              className="button small"
              aria-label={`Remove ${kind} ${position}`}
              title="Remove"
              onClick={() => onChange(rows.filter((other) => other.id !== row.id))}
            >
              <X size={14} aria-hidden="true" />
            </button>
            {(nameError ?? valueError) && (
              <p className="field-error named-values-error">{nameError ?? valueError}</p>
            )}
          </div>
        );
      })}
      <button
        type="button"
        className="button small"
        onClick={() => onChange([...rows, { id: nextRowId(), name: '', value: '', secret: false }])}
      >
        Add {kind}
      </button>
    </div>
  );
}
