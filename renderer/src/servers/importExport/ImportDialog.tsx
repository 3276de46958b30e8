/**
 * Imports servers from another app's config: pasted, opened from a file, or one of the files main
 * found. A preview shows what would happen to each server first; a clash replaces the existing
 * server only when the user ticks it, and everything imported stays off until reviewed.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { DetectedConfig, ImportReport } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Dialog } from '../../ui/Dialog';
import { InlineError } from '../../ui/InlineError';

export interface ImportDialogProps {
  /** The servers Hearth has, to tell which imported names clash. */
  existingNames: readonly string[];
  onImported(): void;
  onClose(): void;
}

type Source = { text: string } | { detectedPath: string };
type Item = ImportReport['items'][number];

const FORMATS: Record<NonNullable<ImportReport['format']>, string> = {
  'claude-desktop': 'Claude Desktop',
  vscode: 'VS Code',
  cursor: 'Cursor',
};
const OUTCOMES: Record<Item['outcome'], BadgeTone> = {
  added: 'good',
  renamed: 'info',
  replaced: 'busy',
  skipped: 'bad',
};

export function ImportDialog({ existingNames, onImported, onClose }: ImportDialogProps) {
  const api = useApi();
  const [detected, setDetected] = useState<DetectedConfig[]>();
  const [detectedPath, setDetectedPath] = useState<string>();
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<ImportReport>();
  const [replace, setReplace] = useState<string[]>([]);
  /** Servers the user left out, by their names in the file. */
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const [applied, setApplied] = useState<ImportReport>();
  /** Counts the user's Previews: each one moves focus to the result (a tick's rerun does not). */
  const [previewed, setPreviewed] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const textId = useId();
  const fileId = useId();

  useEffect(() => {
    let live = true;
    api.servers.detectImports().then(
      (found) => live && setDetected(found),
      () => live && setDetected([]),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const source: Source = detectedPath === undefined ? { text } : { detectedPath };
  const changeSource = (change: () => void) => {
    change();
    setPreview(undefined);
    setReplace([]);
    setLeftOut([]);
    setError(undefined);
  };
  const run = async (apply: boolean, replacing: string[]) => {
    setBusy(true);
    setError(undefined);
    try {
      const only = preview?.items
        .filter((item) => item.outcome !== 'skipped' && !leftOut.includes(item.name))
        .map((item) => item.name);
      const report = await api.servers.import(source, {
        apply,
        replace: replacing,
        ...(apply && only ? { only } : {}),
      });
      if (apply) {
        setApplied(report);
        onImported();
      } else {
        // A server that would not start here is left out unless the user takes it anyway.
        if (!preview)
          setLeftOut(report.items.filter((item) => item.problems).map((item) => item.name));
        setPreview(report);
      }
    } catch (reason) {
      setError(messageOf(reason));
    } finally {
      setBusy(false);
    }
  };
  const toggleReplace = (name: string, checked: boolean) => {
    const next = checked ? [...replace, name] : replace.filter((other) => other !== name);
    setReplace(next);
    void run(false, next);
  };
  const clashes = (item: Item) =>
    (item.outcome === 'renamed' || item.outcome === 'replaced') &&
    existingNames.includes(item.name);
  const importable =
    preview?.items.some((item) => item.outcome !== 'skipped' && !leftOut.includes(item.name)) ??
    false;
  const take = (name: string, taken: boolean) =>
    setLeftOut((all) => (taken ? all.filter((other) => other !== name) : [...all, name]));

  if (applied) {
    const count = applied.items.filter((item) => item.outcome !== 'skipped').length;
    return (
      <Dialog
        open
        title="Servers imported"
        onCancel={onClose}
        actions={
          <button type="button" className="button primary" onClick={onClose}>
            Done
          </button>
        }
      >
        <p role="status">
          Imported {count === 1 ? '1 server' : `${count} servers`}. Imported servers are off until
          you review them and turn them on.
        </p>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      title="Import servers"
      subtitle="From Claude Desktop, VS Code or Cursor, or any file in their format."
      onCancel={onClose}
      className="wide-dialog"
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button"
            disabled={busy || (detectedPath === undefined && text.trim() === '')}
            onClick={() => void run(false, replace).then(() => setPreviewed((count) => count + 1))}
          >
            Preview
          </button>
          <button
            type="button"
            className="button primary"
            disabled={busy || !importable}
            onClick={() => void run(true, replace)}
          >
            Import
          </button>
        </>
      }
    >
      {detected?.length === 0 && (
        <p className="muted">No other app’s MCP configuration was found on this computer.</p>
      )}
      {/* A choice only when there is one: pasted text, or a config another app keeps. */}
      {detected?.length !== 0 && (
        <fieldset className="field plain">
          <legend>Where from</legend>
          <label className="choice">
            <input
              type="radio"
              name="import-source"
              checked={detectedPath === undefined}
              onChange={() => changeSource(() => setDetectedPath(undefined))}
            />
            Pasted text or a file
          </label>
          {detected === undefined && <p className="muted">Looking for other apps’ configs…</p>}
          {detected?.map((config) => (
            <label key={config.path} className="choice">
              <input
                type="radio"
                name="import-source"
                checked={detectedPath === config.path}
                onChange={() => changeSource(() => setDetectedPath(config.path))}
              />
              <span>
                {config.app} <span className="muted">({serverCount(config.serverCount)})</span>
                <code className="choice-path">{config.path}</code>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {detectedPath === undefined && (
        <>
          <div className="field">
            <label htmlFor={textId}>Configuration JSON</label>
            <textarea
              id={textId}
              className="input mono"
              rows={8}
              spellCheck={false}
              placeholder='{ "mcpServers": { … } }'
              value={text}
              onChange={(event) => changeSource(() => setText(event.target.value))}
            />
          </div>
          <div className="field">
            <label htmlFor={fileId}>Or open a file</label>
            <input
              id={fileId}
              type="file"
              accept=".json,application/json"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                file.text().then(
                  (content) => changeSource(() => setText(content)),
                  (reason: unknown) =>
                    setError(`Could not read ${file.name}: ${messageOf(reason)}`),
                );
              }}
            />
          </div>
        </>
      )}
      <InlineError message={error} />
      {preview && (
        <ImportPreview
          previewed={previewed}
          report={preview}
          replace={replace}
          leftOut={leftOut}
          clashes={clashes}
          busy={busy}
          onReplace={toggleReplace}
          onTake={take}
        />
      )}
    </Dialog>
  );
}

function serverCount(count: number): string {
  return count === 1 ? '1 server' : `${count} servers`;
}

function ImportPreview(props: {
  /** Bumped by each Preview: focus moves to the heading, which scrolls to the body's top. */
  previewed: number;
  report: ImportReport;
  replace: string[];
  leftOut: string[];
  clashes(item: Item): boolean;
  busy: boolean;
  onReplace(name: string, checked: boolean): void;
  onTake(name: string, taken: boolean): void;
}) {
  const { previewed, report, replace, leftOut, clashes, busy, onReplace, onTake } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => {
    if (previewed === 0) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [previewed]);
  // A note several servers share (VS Code's one sandbox block is the file's) is said once, on top.
  const shared = sharedNotes(report.items);
  return (
    <section className="import-preview" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className="import-preview-title">
        Preview
      </h3>
      {report.format && <p className="muted">Read as a {FORMATS[report.format]} config.</p>}
      {shared.length > 0 && <p className="import-shared-notes">{shared.join(' ')}</p>}
      {report.errors.length > 0 && (
        <ul className="inline-error" role="alert">
          {report.errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <ul className="import-items">
        {report.items.map((item, index) => (
          <li key={`${index}-${item.name}`}>
            {item.outcome === 'skipped' ? (
              <strong>{item.name}</strong>
            ) : (
              <label className="choice import-take">
                <input
                  type="checkbox"
                  disabled={busy}
                  checked={!leftOut.includes(item.name)}
                  onChange={(event) => onTake(item.name, event.target.checked)}
                />
                <strong>{item.name}</strong>
              </label>
            )}{' '}
            <Badge tone={OUTCOMES[item.outcome]}>{item.outcome}</Badge>
            {item.problems && <Badge tone="bad">will not start</Badge>}
            {item.finalName && item.finalName !== item.name && (
              <span className="muted"> as “{item.finalName}”</span>
            )}
            {item.problems && (
              <ul className="import-problems" aria-label={`Problems with ${item.name}`}>
                {item.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
            {item.notes.some((note) => !shared.includes(note)) && (
              <ul className="import-notes">
                {item.notes
                  .filter((note) => !shared.includes(note))
                  .map((note) => (
                    <li key={note}>{note}</li>
                  ))}
              </ul>
            )}
            {clashes(item) && (
              <label className="choice">
                <input
                  type="checkbox"
                  disabled={busy}
                  checked={replace.includes(item.name)}
                  onChange={(event) => onReplace(item.name, event.target.checked)}
                />
                Replace the existing “{item.name}”
              </label>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Notes that more than one server has, in the order first met. */
function sharedNotes(items: readonly Item[]): string[] {
  const notes = items.flatMap((item) => [...new Set(item.notes)]);
  return [...new Set(notes)].filter((note) => notes.indexOf(note) !== notes.lastIndexOf(note));
}
