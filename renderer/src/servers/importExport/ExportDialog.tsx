/**
 * The servers as Claude-Desktop-style JSON or as a VS Code mcp.json (with their sandbox settings
 * in VS Code's shape), to copy or save. Main writes secrets as ${VAR} placeholders, so what is
 * shown here is safe to share.
 */
import { useEffect, useId, useState } from 'react';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { Dialog } from '../../ui/Dialog';
import { InlineError } from '../../ui/InlineError';

export const EXPORT_FILE_NAME = 'hearth-servers.json';
/** VS Code reads a workspace's servers from .vscode/mcp.json. */
export const VSCODE_FILE_NAME = 'mcp.json';

type ExportFormat = 'claude' | 'vscode';

const FORMATS: { value: ExportFormat; label: string; hint: string }[] = [
  {
    value: 'claude',
    label: 'Claude Desktop (mcpServers)',
    hint: 'Also read by Cursor and Hearth. Sandbox settings have no place in it.',
  },
  {
    value: 'vscode',
    label: 'VS Code (mcp.json)',
    hint: 'With each sandboxed server’s sandbox settings, in VS Code’s shape.',
  },
];

export function ExportDialog({ onClose }: { onClose(): void }) {
  const api = useApi();
  const [json, setJson] = useState<string>();
  const [error, setError] = useState<string>();
  const [copied, setCopied] = useState<string>();
  const [format, setFormat] = useState<ExportFormat>('claude');
  const textId = useId();
  const formatName = useId();
  useEffect(() => {
    let live = true;
    (format === 'vscode' ? api.servers.exportVsCode() : api.servers.export()).then(
      (value) => {
        if (!live) return;
        setJson(value);
        setError(undefined);
      },
      (reason: unknown) => live && setError(messageOf(reason)),
    );
    return () => {
      live = false;
    };
  }, [api, format]);

  const choose = (value: ExportFormat) => {
    setFormat(value);
    setJson(undefined);
    setCopied(undefined);
  };

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
              download={format === 'vscode' ? VSCODE_FILE_NAME : EXPORT_FILE_NAME}
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
      <fieldset className="field plain export-format">
        <legend>Format</legend>
        {FORMATS.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name={formatName}
              value={option.value}
              checked={format === option.value}
              onChange={() => choose(option.value)}
            />
            <span>
              {option.label} <span className="muted">— {option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
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
