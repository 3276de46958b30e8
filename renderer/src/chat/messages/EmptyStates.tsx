/** What the chat shows before there is anything to show, and what to do about it. */
import { useState } from 'react';
import { PullModel } from '../models/PullModel';
import type { PullState } from '../models/useModels';

/** The model suggested when none is installed: small, and it can use tools. */
export const SUGGESTED_MODEL = 'llama3.2';

export function OllamaUnreachable({
  message,
  onCheckAgain,
  onOpenSettings,
}: {
  message: string;
  onCheckAgain(): Promise<boolean>;
  onOpenSettings(): void;
}) {
  const [checking, setChecking] = useState(false);
  return (
    <section className="empty-state" aria-labelledby="ollama-unreachable">
      <h2 id="ollama-unreachable">Ollama is not reachable</h2>
      {/* Main's message already says how to start Ollama and where to change its address. */}
      <p>{message}</p>
      <div className="empty-state-actions">
        <button
          type="button"
          className="button primary"
          disabled={checking}
          onClick={() => {
            setChecking(true);
            void onCheckAgain().finally(() => setChecking(false));
          }}
        >
          Check again
        </button>
        <button type="button" className="button" onClick={onOpenSettings}>
          Open Settings
        </button>
      </div>
    </section>
  );
}

export function NoModels({
  pulls,
  onPull,
  onCancel,
}: {
  pulls: Readonly<Record<string, PullState>>;
  onPull(model: string): void;
  onCancel(model: string): void;
}) {
  return (
    <section className="empty-state" aria-labelledby="no-models">
      <h2 id="no-models">No models yet</h2>
      <p>
        Ollama is running but has no models. Pull one to start, for example {SUGGESTED_MODEL}: it is
        small and can use tools.
      </p>
      <PullModel pulls={pulls} onPull={onPull} onCancel={onCancel} initialName={SUGGESTED_MODEL} />
    </section>
  );
}

export function Welcome({ onOpenServers }: { onOpenServers(): void }) {
  return (
    <section className="empty-state" aria-labelledby="chat-welcome">
      <h2 id="chat-welcome">Start a conversation</h2>
      <p>
        Hearth’s built-in tools are ready: the model can work with files, run commands and look up
        system information. Add MCP servers in Servers to give it more tools.
      </p>
      <button type="button" className="button" onClick={onOpenServers}>
        Open Servers
      </button>
    </section>
  );
}
