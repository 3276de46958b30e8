/**
 * A server asks Hearth's model to write a reply (MCP sampling). The user sees exactly what would
 * be sent, may edit the system prompt and each message, and sends it or rejects it; nothing
 * reaches the model before. Escape rejects.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { SamplingAnswer } from '../../../preload/schemas/chat';
import { Dialog } from '../ui/Dialog';
import type { SamplingRequest } from './useQuestionQueue';
import { useSending } from './useSending';
import './questions.css';
import { InlineError } from '../ui/InlineError';
import { hasHidden, revealHidden } from '../lib/revealHidden';

export interface SamplingDialogProps {
  request: SamplingRequest;
  /** "2 more waiting", when others queue behind this one. */
  subtitle?: string;
  onAnswer(answer: SamplingAnswer): Promise<void>;
}

const roleLabels = { user: 'Server as user', assistant: 'Server as assistant' } as const;

/** What the user changed: only the parts that differ from what the server sent. */
export function samplingEdits(
  request: Pick<SamplingRequest, 'messages' | 'systemPrompt'>,
  texts: string[],
  systemPrompt: string,
): Pick<SamplingAnswer, 'messages' | 'systemPrompt'> {
  const edits: Pick<SamplingAnswer, 'messages' | 'systemPrompt'> = {};
  if (request.messages.some((message, index) => texts[index] !== message.text)) {
    edits.messages = request.messages.map((message, index) => ({
      role: message.role,
      text: texts[index] ?? message.text,
    }));
  }
  if (request.systemPrompt !== undefined && systemPrompt !== request.systemPrompt) {
    edits.systemPrompt = systemPrompt;
  }
  return edits;
}

export function SamplingDialog({ request, subtitle, onAnswer }: SamplingDialogProps) {
  const { busy, failure, send } = useSending(onAnswer);
  const [texts, setTexts] = useState(() => request.messages.map((message) => message.text));
  const [systemPrompt, setSystemPrompt] = useState(request.systemPrompt ?? '');
  const sendButton = useRef<HTMLButtonElement>(null);
  const baseId = useId();
  const tokens = `${request.maxTokens.toLocaleString('en-US')} token${request.maxTokens === 1 ? '' : 's'}`;

  // After the dialog opened, so it wins the initial focus.
  useEffect(() => {
    sendButton.current?.focus();
  }, []);

  const reject = () => void send({ action: 'reject' });
  const approve = () =>
    void send({ action: 'approve', ...samplingEdits(request, texts, systemPrompt) });

  return (
    <Dialog
      open
      title={`${request.server} wants to use your model`}
      subtitle={subtitle}
      className="question-dialog sampling-dialog"
      onCancel={reject}
      actions={
        <>
          <button type="button" className="button danger" disabled={busy} onClick={reject}>
            Reject
          </button>
          <button
            ref={sendButton}
            type="button"
            className="button primary"
            disabled={busy}
            onClick={approve}
          >
            Send to model
          </button>
        </>
      }
    >
      <p className="sampling-explanation">
        {request.server} asks Hearth&apos;s model (<strong className="code">{request.model}</strong>
        ) to write a reply to the messages below, of at most {tokens}; nothing is sent until you
        approve.
      </p>
      <div className="sampling-messages">
        {request.systemPrompt !== undefined && (
          <div className="field sampling-message">
            <label htmlFor={`${baseId}-system`}>System prompt</label>
            <textarea
              id={`${baseId}-system`}
              className="input"
              rows={3}
              maxLength={20_000}
              value={systemPrompt}
              disabled={busy}
              onChange={(event) => setSystemPrompt(event.target.value)}
            />
          </div>
        )}
        {request.messages.length === 0 && <p className="muted">The server sent no messages.</p>}
        {request.messages.map((message, index) => {
          const id = `${baseId}-message-${index}`;
          return (
            <div key={index} className="field sampling-message">
              <label htmlFor={id}>Message {index + 1}</label>
              <small id={`${id}-role`} className="field-hint">
                {roleLabels[message.role]}
              </small>
              <textarea
                id={id}
                className="input"
                rows={3}
                maxLength={200_000}
                aria-describedby={`${id}-role`}
                value={texts[index] ?? ''}
                disabled={busy}
                onChange={(event) =>
                  setTexts((all) =>
                    all.map((text, at) => (at === index ? event.target.value : text)),
                  )
                }
              />
              {hasHidden(texts[index] ?? '') && (
                <p className="question-warning" role="note">
                  It holds hidden characters, marked here: {revealHidden(texts[index] ?? '')}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <InlineError message={failure} />
    </Dialog>
  );
}
