/**
 * Conversations out and in. Export: one conversation or all, as Markdown (to read: the branch on
 * screen, tool calls folded) or JSON (everything, to import again); the desktop asks where with
 * its save dialog, the browser host hands an address the page downloads. Import: Hearth's JSON
 * or ChatGPT's conversations.json; the desktop asks with its open dialog, in the browser host the
 * page uploads the chosen file. Either way the summary says what came in, what was already here,
 * and what was left out and why; a bad file gets main's one sentence, and nothing is written.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ImportResult } from '../../../../preload/schemas/transfer';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { Dialog } from '../../ui/Dialog';
import { InlineError } from '../../ui/InlineError';
import { MenuButton } from '../../ui/MenuButton';
import './transferDialogs.css';

type Format = 'markdown' | 'json';
type ImportSummary = Extract<ImportResult, { outcome: 'imported' }>['summary'];

const FORMATS: { value: Format; label: string; hint: string }[] = [
  {
    value: 'markdown',
    label: 'Markdown',
    hint: 'To read: the version on screen, with tool calls and results folded.',
  },
  {
    value: 'json',
    label: 'JSON',
    hint: 'Everything, to import again: every version, tool calls, attachments.',
  },
];

/**
 * The export and import dialogs' frame: Cancel and the action while choosing; once finished,
 * Close alone, and focused, since the button that started it is gone.
 */
function TransferFrame({
  title,
  open,
  finished,
  busy,
  action,
  busyAction,
  onAction,
  onClose,
  problem,
  children,
}: {
  title: string;
  open: boolean;
  finished: boolean;
  busy: boolean;
  action: string;
  busyAction: string;
  onAction(): void;
  onClose(): void;
  problem: string | undefined;
  children: ReactNode;
}) {
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (finished) closeButton.current?.focus();
  }, [finished]);
  return (
    <Dialog
      title={title}
      open={open}
      onCancel={onClose}
      className="transfer-dialog"
      actions={
        finished ? (
          <button ref={closeButton} type="button" className="button primary" onClick={onClose}>
            Close
          </button>
        ) : (
          <>
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
            <button type="button" className="button primary" disabled={busy} onClick={onAction}>
              {busy ? busyAction : action}
            </button>
          </>
        )
      }
    >
      {children}
      <InlineError message={problem} />
    </Dialog>
  );
}

/** "Export…" for one conversation (`conversationId`) or all of them. */
export function ExportDialog({
  conversationId,
  open,
  onClose,
}: {
  conversationId?: string | undefined;
  open: boolean;
  onClose(): void;
}) {
  const api = useApi();
  const [format, setFormat] = useState<Format>('markdown');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const formatName = useId();
  const close = () => {
    setDone(undefined);
    setProblem(undefined);
    onClose();
  };
  const start = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const result = await api.conversations.export({
        format,
        ...(conversationId ? { conversationId } : {}),
      });
      if (result.outcome === 'cancelled') return;
      if (result.outcome === 'download') {
        download(result.url);
        setDone('The export is downloading; your browser keeps it with its downloads.');
      } else {
        setDone(
          `Saved ${result.conversations} conversation${result.conversations === 1 ? '' : 's'}.`,
        );
      }
    } catch (reason) {
      setProblem(messageOf(reason));
    } finally {
      setBusy(false);
    }
  };
  return (
    <TransferFrame
      title={conversationId ? 'Export this conversation' : 'Export all conversations'}
      open={open}
      finished={done !== undefined}
      busy={busy}
      action="Export"
      busyAction="Exporting…"
      onAction={() => void start()}
      onClose={close}
      problem={problem}
    >
      {done ? (
        <p role="status">{done}</p>
      ) : (
        <fieldset className="transfer-formats">
          <legend>Format</legend>
          {FORMATS.map((choice) => (
            <label key={choice.value} className="transfer-format">
              <input
                type="radio"
                name={formatName}
                value={choice.value}
                checked={format === choice.value}
                onChange={() => setFormat(choice.value)}
              />
              <span>
                <strong>{choice.label}</strong>
                <span className="transfer-hint">{choice.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </TransferFrame>
  );
}

/** Starts the browser's download of the host's own address (its cookie carries the token). */
function download(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** "Import conversations…": the file, then the summary of what the import did. */
export function ImportDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose(): void;
  /** Conversations came in: the list shows them. */
  onImported(): void;
}) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<ImportSummary>();
  const [problem, setProblem] = useState<string>();
  const [uploadTo, setUploadTo] = useState<string>();
  const fileField = useRef<HTMLInputElement>(null);
  const close = () => {
    setSummary(undefined);
    setProblem(undefined);
    setUploadTo(undefined);
    onClose();
  };
  const finished = (result: ImportSummary) => {
    setSummary(result);
    if (result.imported > 0) onImported();
  };
  const choose = async () => {
    setProblem(undefined);
    setBusy(true);
    try {
      const result = await api.conversations.import();
      if (result.outcome === 'imported') finished(result.summary);
      else if (result.outcome === 'upload') {
        // The browser host: the page picks the file and sends it to the host's address.
        setUploadTo(result.url);
        fileField.current?.click();
      }
    } catch (reason) {
      setProblem(messageOf(reason));
    } finally {
      setBusy(false);
    }
  };
  const upload = async (file: File | undefined) => {
    if (!file || !uploadTo) return;
    setProblem(undefined);
    setBusy(true);
    try {
      const answer = await fetch(uploadTo, { method: 'POST', body: file });
      const body = (await answer.json()) as { summary?: ImportSummary; error?: string };
      if (answer.ok && body.summary) finished(body.summary);
      else setProblem(body.error ?? 'The file could not be imported; nothing was imported.');
    } catch {
      setProblem('The file did not reach Hearth; nothing was imported. Try again.');
    } finally {
      setBusy(false);
      if (fileField.current) fileField.current.value = '';
    }
  };
  return (
    <TransferFrame
      title={summary ? 'Import finished' : 'Import conversations'}
      open={open}
      finished={summary !== undefined}
      busy={busy}
      action="Choose a file…"
      busyAction="Importing…"
      onAction={() => void choose()}
      onClose={close}
      problem={problem}
    >
      {summary ? (
        <ImportSummaryView summary={summary} />
      ) : (
        <>
          <p>
            Hearth imports its own JSON export, or the <code>conversations.json</code> of a ChatGPT
            data export. Each conversation comes in as a new one; nothing here is changed, and a
            file with a problem imports nothing.
          </p>
          <label className={uploadTo ? 'field' : 'transfer-file-hidden'}>
            <span>File to import</span>
            <input
              ref={fileField}
              type="file"
              accept=".json,application/json"
              tabIndex={uploadTo ? 0 : -1}
              onChange={(event) => void upload(event.target.files?.[0])}
            />
          </label>
        </>
      )}
    </TransferFrame>
  );
}

/** What an import did: imported, already here, and each kind of thing left out with why. */
export function ImportSummaryView({ summary }: { summary: ImportSummary }) {
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return (
    <div className="import-summary" role="status">
      <p>
        <strong>{plural(summary.imported, 'conversation')} imported.</strong>
      </p>
      {summary.alreadyThere > 0 && (
        <p>
          {plural(summary.alreadyThere, 'conversation')} already here, so{' '}
          {summary.alreadyThere === 1 ? 'it was' : 'they were'} not added again.
        </p>
      )}
      {summary.skipped.length > 0 && (
        <>
          <p>Left out:</p>
          <ul>
            {summary.skipped.map((skip) => (
              <li key={skip.reason}>
                {skip.count} × {skip.reason}
                {skip.titles?.length ? (
                  <span className="import-summary-titles">
                    {': '}
                    {skip.titles.map((title) => `“${title}”`).join(', ')}
                    {skip.count > skip.titles.length &&
                      ` and ${skip.count - skip.titles.length} more`}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The conversation list's menu: export every conversation, or import some. */
export function TransferMenu({ onImported }: { onImported(): void }) {
  const [dialog, setDialog] = useState<'export' | 'import'>();
  return (
    <>
      <MenuButton
        label="Export or import…"
        className="transfer-menu"
        items={[
          { label: 'Export all conversations…', onSelect: () => setDialog('export') },
          { label: 'Import conversations…', onSelect: () => setDialog('import') },
        ]}
      />
      <ExportDialog open={dialog === 'export'} onClose={() => setDialog(undefined)} />
      <ImportDialog
        open={dialog === 'import'}
        onClose={() => setDialog(undefined)}
        onImported={onImported}
      />
    </>
  );
}
