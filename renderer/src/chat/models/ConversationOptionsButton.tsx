/**
 * One conversation’s own options: the instructions, its own system prompt in
 * place of the one from Settings, and the temperature. Empty goes back to Settings. Saved as one
 * patch through `conversations:setOptions`.
 */
import { useId, useState } from 'react';
import type { ConversationOptionsPatch } from '../../../../preload/schemas/chat';
import { TEMPERATURE_RANGE } from '../../../../preload/schemas/samplingBounds';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { Dialog } from '../../ui/Dialog';
import { InlineError } from '../../ui/InlineError';

// The range main holds the temperature to, read without zod (it stays out of the first script).
const TEMPERATURE = TEMPERATURE_RANGE;

export function ConversationOptionsButton({ conversationId }: { conversationId: string }) {
  const api = useApi();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [instructions, setInstructions] = useState('');
  const [temperature, setTemperature] = useState('');
  const [error, setError] = useState<string>();

  const start = async () => {
    setError(undefined);
    try {
      const options = (await api.conversations.get(conversationId))?.options;
      setInstructions(options?.instructions ?? '');
      setTemperature(options?.temperature === undefined ? '' : String(options.temperature));
    } catch (reason) {
      setError(messageOf(reason));
    }
    setOpen(true);
  };
  const save = async () => {
    const patch = patchFrom(instructions, temperature);
    if (typeof patch === 'string') return setError(patch);
    try {
      await api.conversations.setOptions(conversationId, patch);
      setOpen(false);
    } catch (reason) {
      setError(messageOf(reason));
    }
  };

  return (
    <>
      <button type="button" className="button" onClick={() => void start()}>
        Options
      </button>
      <Dialog
        title="Options for this conversation"
        subtitle="Used instead of those in Settings for this conversation only. Leave a field empty to use Settings’."
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
          <span>Instructions (system prompt)</span>
          <textarea
            className="input"
            rows={8}
            value={instructions}
            onChange={(event) => setInstructions(event.target.value)}
          />
        </label>
        <div className="field">
          <label htmlFor={`${id}-temperature`}>Temperature</label>
          <input
            id={`${id}-temperature`}
            className="input"
            type="number"
            min={TEMPERATURE.min}
            max={TEMPERATURE.max}
            step={0.1}
            value={temperature}
            aria-describedby={`${id}-temperature-hint`}
            onChange={(event) => setTemperature(event.target.value)}
          />
          <p id={`${id}-temperature-hint`} className="field-hint">
            Lower is steadier, higher more varied. Empty: the one in Settings, else the model’s own.
          </p>
        </div>
        <InlineError message={error} />
      </Dialog>
    </>
  );
}

/** The fields as a patch (empty clears an option), or what is wrong in words. */
function patchFrom(instructions: string, temperature: string): ConversationOptionsPatch | string {
  const text = temperature.trim();
  const value = Number(text);
  if (text && !(value >= TEMPERATURE.min && value <= TEMPERATURE.max))
    return `Use a temperature from ${TEMPERATURE.min} to ${TEMPERATURE.max}, or leave it empty.`;
  return { instructions, temperature: text ? value : null };
}
