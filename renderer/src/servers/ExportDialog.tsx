/**
 * The servers as Claude-Desktop-style JSON, to copy or save. Main writes secrets as ${VAR}
 * placeholders, so what is shown here is safe to share.
 */
import { useEffect, useId, useState } from 'react';
import { useApi } from '../apiContext';
import { messageOf } from '../hooks';
import { Dialog } from '../ui/Dialog';
import { InlineError } from '../ui/InlineError';

export const EXPORT_FILE_NAME = 'hearth-servers.json';

export function ExportDialog({ onClose }: { onClose(): void }) {
  const api = useApi();
  const [json, setJson] = useState<string>();
  const [error, setError] = useState<string>();
  const [copied, setCopied] = useState<string>();
  const textId = useId();
  useEffect(() => {
    let live = true;
    api.servers.export().then(
      (value) => live && setJson(value),
      (reason: unknown) => live && setError(messageOf(reason)),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const copy = async () => {
    if (json === undefined) return;
    try {
      await navigator.clipboard.writeText(json);
      setCopied('Copied.');
    } catch (reason) {
      setCopied(`Could not copy: ${messageOf(reason)}`);
    }
  };

  return (
    <Dialog
      open
      title="Export servers"
      subtitle="Secret values are left out as ${VAR} placeholders."
      onCancel={onClose}
      className="wide-dialog"
      actions={
        <>
          <span className="muted" role="status">
            {copied}
          </span>
          <button
            type="button"
            className="button"
            disabled={json === undefined}
            onClick={() => void copy()}
          >
            Copy
          </button>
          {json !== undefined && (
            <a
              className="button"
              href="#"
              download={EXPORT_FILE_NAME}
              onClick={(event) => {
                // The Blob is made at the click, so no URL outlives the download it is for.
                const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
                event.currentTarget.href = url;
                setTimeout(() => URL.revokeObjectURL(url), 60_000);
              }}
            >
              Save as file
            </a>
          )}
          <button type="button" className="button primary" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <InlineError message={error} />
      <div className="field">
        <label htmlFor={textId}>Exported JSON</label>
        <textarea
          id={textId}
          className="input mono"
          rows={14}
          readOnly
          value={json ?? ''}
          placeholder={json === undefined && !error ? 'Preparing…' : undefined}
        />
      </div>
    </Dialog>
  );
}
