/**
 * A long text of a live tool result, which main sent as its beginning (see
 * electron/core/chat/toolCall/liveResults.ts). The rest is read on demand, a page at a time, and each page
 * is added as its own block: a 50 MB result never arrives, parses or lays out in one piece.
 */
import { useState } from 'react';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { revealHidden } from '../../lib/revealHidden';
import { collapsedText } from './toolResult';

/** Characters read and shown per page: small enough to lay out within a frame or two. */
export const RESULT_PAGE_CHARS = 100_000;

export function CutResultText({
  callId,
  part,
  total,
  preview,
}: {
  callId: string;
  part: number;
  total: number;
  preview: string;
}) {
  const api = useApi();
  const [pages, setPages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [open, setOpen] = useState(false);
  const read = pages.reduce((sum, page) => sum + page.length, 0);
  const left = total - read;

  const readNext = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const page = await api.tools.resultText(callId, part, read, RESULT_PAGE_CHARS);
      if (!page)
        throw new Error(
          'Hearth no longer holds this result (it was restarted, or it was too old).',
        );
      setPages((all) => [...all, page.text]);
    } catch (reason) {
      setProblem(messageOf(reason));
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <div className="long-text">
        <pre className="code">{revealHidden(collapsedText(preview))}</pre>
        <button
          type="button"
          className="button small"
          onClick={() => {
            setOpen(true);
            if (pages.length === 0) void readNext();
          }}
        >
          Show all ({total.toLocaleString('en')} characters)
        </button>
      </div>
    );
  }
  return (
    <div className="long-text">
      {pages.length === 0 ? (
        <pre className="code">{revealHidden(preview)}</pre>
      ) : (
        pages.map((page, index) => (
          <pre key={index} className="code cut-page">
            {revealHidden(page)}
          </pre>
        ))
      )}
      {problem && (
        <p className="tool-card-message" role="alert">
          The rest of this result could not be read: {problem}
        </p>
      )}
      <div className="cut-actions">
        {left > 0 && pages.length > 0 && (
          <button
            type="button"
            className="button small"
            disabled={busy}
            onClick={() => void readNext()}
          >
            {busy ? 'Reading…' : `Show more (${left.toLocaleString('en')} characters left)`}
          </button>
        )}
        {busy && pages.length === 0 && <span className="muted">Reading…</span>}
        <button type="button" className="button small" onClick={() => setOpen(false)}>
          Show less
        </button>
      </div>
    </div>
  );
}
