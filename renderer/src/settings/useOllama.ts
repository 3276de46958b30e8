/**
 * Whether Ollama answers at the saved address, and which models it has: shared by the Ollama
 * section (its status line) and the Chat section (its model list).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api } from '../../../preload/api';
import type { InvokeResult } from '../../../preload/contract';
import { messageOf } from '../lib/hooks';

type OllamaStatus = InvokeResult<'ollama:status'>;
type ModelSummary = InvokeResult<'models:list'>[number];

/** The last check of Ollama, so the status line can say checking, connected or why not. */
export type OllamaCheck =
  | { state: 'checking' }
  | { state: 'done'; status: OllamaStatus }
  | { state: 'failed'; message: string };
/** Ollama's models, or why there are none to choose from. */
export type ModelList =
  | { state: 'loading' }
  | { state: 'loaded'; models: ModelSummary[] }
  | { state: 'unavailable'; message: string };

/** What the sections read about Ollama, and the way to ask again after a change. */
export interface OllamaState {
  check: OllamaCheck;
  models: ModelList;
  /** Asks main whether Ollama answers at the saved address, then lists its models. */
  recheck(): Promise<void>;
}

/** Whether Ollama answers, and its models; the newest check wins when several overlap. */
export function useOllama(api: Api): OllamaState {
  const [check, setCheck] = useState<OllamaCheck>({ state: 'checking' });
  const [models, setModels] = useState<ModelList>({ state: 'loading' });
  const latest = useRef(0);
  const recheck = useCallback(async () => {
    const run = ++latest.current;
    setCheck({ state: 'checking' });
    try {
      const status = await api.ollama.status();
      if (run !== latest.current) return;
      setCheck({ state: 'done', status });
      if (!status.ok) return setModels({ state: 'unavailable', message: status.message });
      const list = await api.models.list();
      if (run === latest.current) setModels({ state: 'loaded', models: list });
    } catch (reason) {
      if (run !== latest.current) return;
      setCheck((now) =>
        now.state === 'checking' ? { state: 'failed', message: messageOf(reason) } : now,
      );
      setModels({ state: 'unavailable', message: messageOf(reason) });
    }
  }, [api]);
  useEffect(() => {
    void recheck();
    return () => void (latest.current = -1);
  }, [recheck]);
  return { check, models, recheck };
}
