/**
 * "Instructions" for one conversation: its own system prompt, which replaces the default from
 * Settings for this conversation only. Empty goes back to the default.
 */
import { useState } from 'react';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { Dialog } from '../../ui/Dialog';
import { InlineError } from '../../ui/InlineError';

export function SystemPromptButton({ conversationId }: { conversationId: string }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  const start = async () => {
    setError(undefined);
    try {
      setText((await api.conversations.get(conversationId))?.systemPrompt ?? '');
      setOpen(true);
    } catch (reason) {
      setError(messageOf(reason));
      setOpen(true);
    }
  };
  const save = async () => {
    try {
      await api.conversations.setSystemPrompt(conversationId, text);
      setOpen(false);
    } catch (reason) {
      setError(messageOf(reason));
    }
  };

  return (
    <>
      <button type="button" className="button" onClick={() => void start()}>
        Instructions
      </button>
      <Dialog
        title="Instructions for this conversation"
        subtitle="Used instead of the system prompt from Settings. Leave empty to use that one."
        open={open}
        onCancel={() => setOpen(false)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="button" className="button primary" onClick={() => void save()}>
              Save
            </button>
          </>
        }
      >
        <label className="field">
          <span>System prompt</span>
          <textarea
            className="input"
            rows={10}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <InlineError message={error} />
      </Dialog>
    </>
  );
}
