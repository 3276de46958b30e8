/** Pulling a model from the Ollama library: a name, a button, and the download as it goes. */
import { useState } from 'react';
import { formatSize, pullStep } from './pullWords';
import type { PullState } from './useModels';

export function PullModel({
  pulls,
  onPull,
  initialName = '',
}: {
  pulls: Readonly<Record<string, PullState>>;
  onPull(model: string): void;
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
      {shown && <PullProgress pull={shown} />}
      <p className="field-hint">
        Names come from the Ollama library, for example llama3.2, qwen3 or gemma3.
      </p>
    </div>
  );
}

/** Status text, percent and a bar while it runs; the outcome when it ends. */
export function PullProgress({ pull }: { pull: PullState }) {
  if (pull.error) {
    return (
      <p className="inline-error" role="alert">
        Could not pull {pull.model}: {pull.error}
      </p>
    );
  }
  if (pull.done) {
    return (
      <p className="pull-done" role="status">
        {pull.model} is ready.
      </p>
    );
  }
  return (
    <div className="pull-progress">
      <div
        className="progress"
        role="progressbar"
        aria-label={`Pulling ${pull.model}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pull.percent}
      >
        <div className="progress-fill" style={{ width: `${pull.percent ?? 0}%` }} />
      </div>
      <span className="muted" role="status">
        {/* Ollama's step in words ("pulling 7da4586fade3" names a layer by its digest). */}
        {pullStep(pull.model, pull.status)}
        {pull.total !== undefined &&
          pull.total > 0 &&
          pull.completed !== undefined &&
          ` · ${formatSize(pull.completed)} of ${formatSize(pull.total)}`}
        {pull.percent !== undefined && ` · ${pull.percent}%`}
      </span>
    </div>
  );
}
