/**
 * The Tool selection section: which embedding model ranks tools by meaning (the first installed
 * one, as the chat picks it), with a small one to pull in one click when there is none, and what
 * selection learned from the tools used, with a way to forget it.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Api } from '../../../preload/api';
import { DownloadProgress } from '../chat';
import { usePulls } from '../chat';
import { messageOf } from '../lib/hooks';
import { Section } from './fields';
import type { ModelList, OllamaState } from './useOllama';

/** Small embedding models Ollama's library has, smallest download first. */
export const SUGGESTED_EMBEDDING_MODELS: readonly { name: string; size: string }[] = [
  { name: 'all-minilm', size: '46 MB' },
  { name: 'nomic-embed-text', size: '274 MB' },
  { name: 'embeddinggemma', size: '621 MB' },
];

export function ToolSelectionSection({ api, ollama }: { api: Api; ollama: OllamaState }) {
  return (
    <Section title="Tool selection">
      <EmbeddingModel api={api} ollama={ollama} />
      <LearnedFromUse api={api} />
    </Section>
  );
}

/** The first installed model Ollama says embeds: the one the chat ranks tools with. */
function useActiveEmbeddingModel(api: Api, models: ModelList): string | null | undefined {
  const [active, setActive] = useState<string | null>();
  useEffect(() => {
    if (models.state !== 'loaded') return undefined;
    let live = true;
    void (async () => {
      for (const model of models.models) {
        const capabilities = await api.models.capabilities(model.name).catch(() => undefined);
        if (!live) return;
        if (capabilities?.embedding) return setActive(model.name);
      }
      if (live) setActive(null);
    })();
    return () => void (live = false);
  }, [api, models]);
  return models.state === 'loaded' ? active : undefined;
}

function EmbeddingModel({ api, ollama }: { api: Api; ollama: OllamaState }) {
  const { recheck } = ollama;
  const onPulled = useCallback(() => void recheck(), [recheck]);
  const pulls = usePulls(api, onPulled);
  const active = useActiveEmbeddingModel(api, ollama.models);
  if (ollama.models.state !== 'loaded')
    return (
      <p className="field-hint">Connect to Ollama to rank tools by meaning as well as by words.</p>
    );
  if (active === undefined) return <p className="field-hint">Looking for an embedding model…</p>;
  if (active)
    return (
      <p role="status">
        Ranking tools by meaning with <code>{active}</code>, as well as by their words.
      </p>
    );
  return (
    <div className="field">
      <span>Rank tools by meaning</span>
      <span className="field-hint">
        No embedding model is installed, so tools are chosen by their words only. A small one also
        matches by meaning (“rain tomorrow” finds a forecast tool):
      </span>
      <ul className="settings-embedding-models" aria-label="Suggested embedding models">
        {SUGGESTED_EMBEDDING_MODELS.map(({ name, size }) => {
          const pull = pulls.pulls[name];
          const busy = pull !== undefined && !pull.done;
          return (
            <li key={name} className="settings-inline">
              <code>{name}</code>
              <span className="muted">{size}</span>
              <button
                type="button"
                className="button small"
                disabled={busy}
                onClick={() => void pulls.start(name)}
              >
                {busy ? 'Downloading…' : `Download ${name}`}
              </button>
              {pull && (
                <div className="settings-embedding-download">
                  <DownloadProgress pull={pull} onCancel={() => void pulls.cancel(name)} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function LearnedFromUse({ api }: { api: Api }) {
  const [count, setCount] = useState<number>();
  const [message, setMessage] = useState<string>();
  useEffect(() => {
    let live = true;
    api.tools.learned().then(
      (value) => live && setCount(value),
      (reason: unknown) => live && setMessage(messageOf(reason)),
    );
    return () => void (live = false);
  }, [api]);
  const forget = async () => {
    try {
      const forgotten = await api.tools.forgetLearned();
      setCount(0);
      setMessage(`Forgot ${forgotten} tool run${forgotten === 1 ? '' : 's'}.`);
    } catch (reason) {
      setMessage(`Could not forget: ${messageOf(reason)}`);
    }
  };
  return (
    <div className="field">
      <span>Learned from use</span>
      <span className="field-hint">
        Tools you used for a message rank higher for similar messages later. Kept in the data folder
        only
        {count === undefined ? '.' : `: learned from ${count} tool run${count === 1 ? '' : 's'}.`}
      </span>
      <div>
        <button
          type="button"
          className="button small"
          disabled={!count}
          onClick={() => void forget()}
        >
          Forget what was learned
        </button>
      </div>
      {message && <p role="status">{message}</p>}
    </div>
  );
}
