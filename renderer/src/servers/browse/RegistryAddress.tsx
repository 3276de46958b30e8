/**
 * Which registry Browse reads, and a way to change it: any registry that implements the MCP
 * registry API (a company's own, a marketplace), or back to the official one.
 */
import { useId, useState } from 'react';
import { OFFICIAL_REGISTRY_URL } from '../../../../preload/schemas/registry';
import { InlineError } from '../../ui/InlineError';

export function RegistryAddress({
  url,
  error,
  onChange,
}: {
  url: string | undefined;
  error: string | undefined;
  onChange(url: string): Promise<boolean>;
}) {
  const [editing, setEditing] = useState<string>();
  const inputId = useId();
  if (url === undefined) return null;
  const valid =
    editing !== undefined && URL.canParse(editing.trim()) && /^https?:\/\//.test(editing.trim());
  const save = async (next: string) => {
    if (await onChange(next)) setEditing(undefined);
  };
  if (editing === undefined) {
    return (
      <p className="browse-registry muted">
        From <code>{url}</code>
        {url === OFFICIAL_REGISTRY_URL && ', the official MCP registry (a preview)'}.{' '}
        <button type="button" className="link-button" onClick={() => setEditing(url)}>
          Use another registry
        </button>
      </p>
    );
  }
  return (
    <form
      className="browse-registry-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void save(editing.trim());
      }}
    >
      <label htmlFor={inputId}>Registry address</label>
      <div className="input-with-button">
        <input
          id={inputId}
          className="input mono"
          type="url"
          value={editing}
          aria-invalid={valid ? undefined : true}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => setEditing(event.target.value)}
        />
        <button type="submit" className="button primary" disabled={!valid}>
          Use
        </button>
        <button type="button" className="button" onClick={() => setEditing(undefined)}>
          Cancel
        </button>
      </div>
      <span className="field-hint" id={`${inputId}-hint`}>
        Any registry that serves the MCP registry API (v0.1).{' '}
        {url !== OFFICIAL_REGISTRY_URL && (
          <button
            type="button"
            className="link-button"
            onClick={() => void save(OFFICIAL_REGISTRY_URL)}
          >
            Back to the official registry
          </button>
        )}
      </span>
      <InlineError message={error} />
    </form>
  );
}
