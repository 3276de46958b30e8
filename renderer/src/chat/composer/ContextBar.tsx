/**
 * Beside the composer: how much of the model's context the next request takes, in words and a
 * bar, by part (system prompt, tools, summary, conversation, attachments) against the window
 * Hearth will ask for. When the conversation no longer fits, it says how many messages would be
 * left out and offers to summarise the older turns instead.
 */
import { useId, useState } from 'react';
import './contextBar.css';
import type { ContextParts, ContextUsage } from '../../../../preload/schemas/context';

const PARTS: readonly { key: keyof ContextParts; label: string }[] = [
  { key: 'system', label: 'System prompt' },
  { key: 'tools', label: 'Tools' },
  { key: 'summary', label: 'Summary' },
  { key: 'conversation', label: 'Conversation' },
  { key: 'attachments', label: 'Attachments' },
];

const number = (value: number) => value.toLocaleString('en-US');

export interface ContextBarProps {
  usage: ContextUsage | undefined;
  /** Writes a summary of the older turns; resolves with a sentence when it could not. */
  onSummarise(): Promise<string | undefined>;
}

export function ContextBar({ usage, onSummarise }: ContextBarProps) {
  const partsId = useId();
  const [summarising, setSummarising] = useState(false);
  const [problem, setProblem] = useState<string>();
  if (!usage) return null;
  const window = Math.max(1, usage.numCtx);
  const percent = Math.min(100, Math.round((usage.estimatedTokens / window) * 100));
  const words = `${number(usage.estimatedTokens)} of ${number(usage.numCtx)} tokens (${percent}%)`;
  const dropped = usage.droppedMessages;

  const summarise = async () => {
    setSummarising(true);
    setProblem(undefined);
    setProblem(await onSummarise());
    setSummarising(false);
  };

  return (
    <div className="context-bar">
      <div className="context-line">
        <div
          className={`context-meter${dropped > 0 ? ' context-meter-full' : ''}`}
          role="meter"
          aria-label="Context the next message takes"
          aria-valuemin={0}
          aria-valuemax={usage.numCtx}
          aria-valuenow={Math.min(usage.estimatedTokens, usage.numCtx)}
          aria-valuetext={words}
          aria-describedby={partsId}
        >
          {PARTS.map(({ key }) =>
            usage.parts[key] > 0 ? (
              <span
                key={key}
                className={`context-part context-part-${key}`}
                style={{
                  width: `${(usage.parts[key] / Math.max(window, usage.estimatedTokens)) * 100}%`,
                }}
              />
            ) : null,
          )}
        </div>
        <details className="context-details">
          <summary>Context: {words}</summary>
          <ul id={partsId} className="context-parts">
            {PARTS.filter(({ key }) => usage.parts[key] > 0).map(({ key, label }) => (
              <li key={key}>
                <span className={`context-swatch context-part-${key}`} aria-hidden="true" />
                {label}: {number(usage.parts[key])}
              </li>
            ))}
            <li>
              Kept free for the reply: {number(usage.replyReserveTokens)}. The window is sized for
              what is sent, up to {number(usage.limit)} tokens for {usage.model}.
            </li>
          </ul>
        </details>
      </div>
      {dropped > 0 && (
        <p className="context-full" role="status">
          {`The conversation no longer fits: the oldest ${number(dropped)} message${dropped === 1 ? '' : 's'} would not be sent.`}
          {usage.summarisable && (
            <button
              type="button"
              className="button small"
              disabled={summarising}
              onClick={() => void summarise()}
            >
              {summarising ? 'Summarising older turns…' : 'Summarise older turns'}
            </button>
          )}
        </p>
      )}
      {problem && (
        <p className="context-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
