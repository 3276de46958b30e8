/**
 * A button that copies a text to the clipboard and says so on itself ("Copied", or that it
 * could not), in words a screen reader hears too (a live region).
 */
import { useState } from 'react';

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="copy-button">
      <button type="button" className="button small" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="field-hint">
        {state === 'copied' ? 'Copied.' : state === 'failed' ? 'Could not copy: select it.' : ''}
      </span>
    </span>
  );
}
