/**
 * Where the user writes: Enter sends, Shift+Enter starts a new line. While a turn runs the field
 * waits and Stop is offered. `draft` puts a text in the field (Edit on the last message); while
 * editing, sending replaces that message instead of adding one.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

export interface Draft {
  text: string;
}

export interface ComposerProps {
  running: boolean;
  /** A new object puts its text in the field and starts editing the last message. */
  draft: Draft | undefined;
  /** Resolves false when the message was not accepted: the text comes back. */
  onSend(text: string): Promise<boolean>;
  onResend(text: string): Promise<boolean>;
  onStop(): void;
}

export function Composer({ running, draft, onSend, onResend, onStop }: ComposerProps) {
  const [text, setText] = useState('');
  const [editing, setEditing] = useState(false);
  const [seenDraft, setSeenDraft] = useState(draft);
  if (draft !== seenDraft) {
    setSeenDraft(draft);
    if (draft) {
      setText(draft.text);
      setEditing(true);
    }
  }
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!running) field.current?.focus();
  }, [running, draft]);

  const submit = async () => {
    const message = text.trim();
    if (!message || running) return;
    const wasEditing = editing;
    setText('');
    setEditing(false);
    const accepted = await (wasEditing ? onResend(message) : onSend(message));
    if (!accepted) {
      setText(message);
      setEditing(wasEditing);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form className="composer" onSubmit={onSubmit} aria-label="Write a message">
      {editing && (
        <p className="composer-editing">
          Editing your last message; sending replaces it and the reply.
          <button
            type="button"
            className="button small"
            onClick={() => {
              setEditing(false);
              setText('');
            }}
          >
            Cancel edit
          </button>
        </p>
      )}
      <div className="composer-row">
        <textarea
          ref={field}
          className="input composer-input"
          aria-label="Message"
          placeholder="Message the model (Enter sends, Shift+Enter for a new line)"
          rows={3}
          value={text}
          disabled={running}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {running ? (
          <button type="button" className="button" onClick={onStop}>
            Stop
          </button>
        ) : (
          <button type="submit" className="button primary" disabled={!text.trim()}>
            {editing ? 'Send edit' : 'Send'}
          </button>
        )}
      </div>
    </form>
  );
}
