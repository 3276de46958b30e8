/**
 * The summary that stands for older turns, where those turns end in the conversation: what it
 * says (one click away), who wrote it, and ways to change its words or undo it, after which
 * requests send those turns again as before.
 */
import { useId, useState } from 'react';
import './summaryCard.css';
import type { ContextSummary } from '../../../../preload/schemas/context';

export interface SummaryCardProps {
  summary: ContextSummary;
  /** Resolve with a sentence when it did not work. */
  onEdit(content: string): Promise<string | undefined>;
  onUndo(): Promise<string | undefined>;
}

export function SummaryCard({ summary, onEdit, onUndo }: SummaryCardProps) {
  const titleId = useId();
  const textId = useId();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const covered = summary.coveredMessages;

  const save = async () => {
    if (editing === undefined) return;
    const failed = await onEdit(editing);
    setProblem(failed);
    if (!failed) setEditing(undefined);
  };

  return (
    <article className="summary-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="summary-title">
        Summary of {covered.toLocaleString('en-US')} earlier message{covered === 1 ? '' : 's'}
      </h2>
      <p className="summary-note">
        Sent to the model in place of those messages. Written by {summary.model}
        {summary.editedAt ? ', edited by you' : ''}.
      </p>
      {editing !== undefined ? (
        <div className="summary-edit">
          <textarea
            className="input summary-input"
            aria-label="Summary"
            value={editing}
            rows={6}
            onChange={(event) => setEditing(event.target.value)}
          />
          <div className="summary-actions">
            <button
              type="button"
              className="button small primary"
              disabled={!editing.trim()}
              onClick={() => void save()}
            >
              Save summary
            </button>
            <button type="button" className="button small" onClick={() => setEditing(undefined)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <>
          {open && (
            <div id={textId} className="summary-text">
              {summary.content}
            </div>
          )}
          <div className="summary-actions">
            <button
              type="button"
              className="button small"
              aria-expanded={open}
              aria-controls={open ? textId : undefined}
              onClick={() => setOpen(!open)}
            >
              {open ? 'Hide summary' : 'Read summary'}
            </button>
            <button
              type="button"
              className="button small"
              onClick={() => setEditing(summary.content)}
            >
              Edit
            </button>
            <button
              type="button"
              className="button small"
              onClick={() => void onUndo().then(setProblem)}
            >
              Undo summary
            </button>
          </div>
        </>
      )}
      {problem && (
        <p className="summary-problem" role="alert">
          {problem}
        </p>
      )}
    </article>
  );
}
