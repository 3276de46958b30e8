/** Pulling a model from the Ollama library: a name, a button, and the download as it goes. */
import { useState } from 'react';
import { DownloadProgress } from './DownloadProgress';
import type { PullState } from './useModels';

export function PullModel({
  pulls,
  onPull,
  onCancel,
  initialName = '',
}: {
  pulls: Readonly<Record<string, PullState>>;
  onPull(model: string): void;
  onCancel(model: string): void;
  initialName?: string;
}) {
  const [name, setName] = useState(initialName);
  const [pulled, setPulled] = useState<string>();
  const shown = pulled ? pulls[pulled] : undefined;
  return (
    <div className="pull-model">
      <form
        className="pull-model-form"
        aria-label="Pull a model"
        onSubmit={(event) => {
          event.preventDefault();
          const model = name.trim();
          if (!model) return;
          setPulled(model);
          onPull(model);
        }}
      >
        <label className="field">
          <span>Model name</span>
          <input
            className="input"
            value={name}
            placeholder="llama3.2"
            maxLength={256}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <button
          type="submit"
          className="button primary"
          disabled={!name.trim() || (shown !== undefined && !shown.done)}
        >
          Pull
        </button>
      </form>
      {shown && <DownloadProgress pull={shown} onCancel={() => onCancel(shown.model)} />}
      <p className="field-hint">
        Names come from the Ollama library, for example llama3.2, qwen3 or gemma3.
      </p>
    </div>
  );
}
