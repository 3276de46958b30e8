/**
 * Extra headers for an Ollama behind a proxy. Names are listed; values go to main and never come
 * back, so a saved row keeps its value unless a new one is typed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api } from '../../../preload/api';
import { headerSchema } from '../../../preload/schemas/servers';
import { messageOf } from '../lib/hooks';

interface HeaderRow {
  key: number;
  name: string;
  value: string;
  /** Saved before: its value stays in main and is kept unless a new one is typed. */
  stored: boolean;
}

/** Extra headers for an Ollama behind a proxy; values go to main and never come back. */
export function ProxyHeaders({ api, onSaved }: { api: Api; onSaved(): Promise<void> }) {
  const [rows, setRows] = useState<HeaderRow[]>([]);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [message, setMessage] = useState<string>();
  const nextKey = useRef(0);
  const toRows = useCallback(
    (names: string[]) =>
      names.map((name) => ({ key: nextKey.current++, name, value: '', stored: true })),
    [],
  );
  useEffect(() => {
    let live = true;
    api.ollama.headers().then(
      (names) => live && setRows(toRows(names)),
      (reason: unknown) => live && setMessage(`Could not load the headers: ${messageOf(reason)}`),
    );
    return () => void (live = false);
  }, [api, toRows]);

  const edit = (next: HeaderRow[]) => {
    setRows(next);
    setDirty(true);
    setMessage(undefined);
  };
  const save = async () => {
    const found = headerErrors(rows);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const names = await api.ollama.setHeaders(
        rows.map(({ name, value }) => (value ? { name: name.trim(), value } : { name })),
      );
      setRows(toRows(names));
      setDirty(false);
      setMessage('Headers saved. Hearth does not show their values again.');
      await onSaved();
    } catch (reason) {
      setMessage(`Could not save the headers: ${messageOf(reason)}`);
    }
  };

  return (
    <fieldset className="settings-headers">
      <legend>Extra headers for a proxy</legend>
      <p className="field-hint">
        Sent with every request to Ollama, such as an Authorization header.
      </p>
      {rows.map((row, index) => {
        const number = index + 1;
        const change = (patch: Partial<HeaderRow>) =>
          edit(rows.map((other) => (other.key === row.key ? { ...other, ...patch } : other)));
        return (
          <div key={row.key} className="settings-header-row">
            <input
              className="input"
              aria-label={`Name of header ${number}`}
              value={row.name}
              readOnly={row.stored}
              onChange={(event) => change({ name: event.target.value })}
            />
            <input
              className="input"
              type="password"
              autoComplete="off"
              aria-label={`Value of header ${number}`}
              placeholder={row.stored ? 'Saved; type to replace' : 'Value'}
              value={row.value}
              onChange={(event) => change({ value: event.target.value })}
            />
            <button
              type="button"
              className="button small"
              onClick={() => edit(rows.filter((other) => other.key !== row.key))}
            >
              Remove header {number}
            </button>
            {errors[row.key] && <span className="field-error">{errors[row.key]}</span>}
          </div>
        );
      })}
      <div className="settings-inline">
        <button
          type="button"
          className="button"
          onClick={() =>
            edit([...rows, { key: nextKey.current++, name: '', value: '', stored: false }])
          }
        >
          Add header
        </button>
        <button type="button" className="button" disabled={!dirty} onClick={() => void save()}>
          Save headers
        </button>
      </div>
      {message && <p role="status">{message}</p>}
    </fieldset>
  );
}

function headerErrors(rows: HeaderRow[]): Record<number, string> {
  const errors: Record<number, string> = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.name.trim();
    const parsed = headerSchema.shape.name.safeParse(name);
    if (!name) errors[row.key] = 'Give the header a name.';
    else if (!parsed.success) errors[row.key] = 'Not a valid HTTP header name.';
    else if (seen.has(name.toLowerCase())) errors[row.key] = 'This header is listed twice.';
    else if (!row.stored && !row.value) errors[row.key] = 'Give the header a value.';
    seen.add(name.toLowerCase());
  }
  return errors;
}
