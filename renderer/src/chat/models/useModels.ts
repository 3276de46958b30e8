/**
 * What the chat needs to know about Ollama: whether it answers, the models it has and what each
 * can do, and the pulls in progress. Capabilities are asked per model; one that fails to answer
 * just shows no badges.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Api } from '../../../../preload/api';
import { messageOf } from '../../lib/hooks';
import type {
  ModelCapabilities,
  ModelSummary,
  OllamaStatus,
  PullProgressEvent,
} from '../chatTypes';

export interface ModelsState {
  /** Undefined until the first check answers. */
  status: OllamaStatus | undefined;
  /** Undefined until listed (or when Ollama is not reachable). */
  models: ModelSummary[] | undefined;
  capabilities: Readonly<Record<string, ModelCapabilities>>;
  /** Asks Ollama again; resolves true when it answers. */
  refresh(): Promise<boolean>;
}

export function useModels(api: Api): ModelsState {
  const [status, setStatus] = useState<OllamaStatus>();
  const [models, setModels] = useState<ModelSummary[]>();
  const [capabilities, setCapabilities] = useState<Record<string, ModelCapabilities>>({});

  const apply = useCallback(
    (found: OllamaReading) => {
      setStatus(found.status);
      setModels(found.models);
      for (const model of found.models ?? []) {
        api.models.capabilities(model.name).then(
          (answer) => setCapabilities((all) => ({ ...all, [model.name]: answer })),
          () => undefined,
        );
      }
      return found.status.ok;
    },
    [api],
  );

  useEffect(() => {
    let live = true;
    void readOllama(api).then((found) => live && apply(found));
    return () => {
      live = false;
    };
  }, [api, apply]);

  const refresh = useCallback(async () => apply(await readOllama(api)), [api, apply]);

  // Main says when Ollama comes up, goes away or changes: read it again then, never on a timer.
  useEffect(() => api.ollama.onStatusChanged(() => void refresh()), [api, refresh]);

  return { status, models, capabilities, refresh };
}

interface OllamaReading {
  status: OllamaStatus;
  models: ModelSummary[] | undefined;
}

/** Whether Ollama answers, and if so its models; never rejects. */
async function readOllama(api: Api): Promise<OllamaReading> {
  let status: OllamaStatus;
  try {
    status = await api.ollama.status();
  } catch (reason) {
    return { status: { ok: false, host: '', message: messageOf(reason) }, models: undefined };
  }
  if (!status.ok) return { status, models: undefined };
  try {
    return { status, models: await api.models.list() };
  } catch {
    return { status, models: [] };
  }
}

export interface PullState {
  model: string;
  status: string;
  /** 0–100 when Ollama reports sizes. */
  percent: number | undefined;
  /** Bytes of the part being downloaded, and of all of it, when Ollama reports them. */
  completed?: number;
  total?: number;
  /** When this reading came, and the first reading of the same step: the speed between them. */
  at?: number;
  stepStart?: { at: number; completed: number };
  done: boolean;
  error: string | undefined;
}

export interface PullsState {
  pulls: Readonly<Record<string, PullState>>;
  start(model: string): Promise<void>;
  /** Stops that download; its last progress event says it was cancelled. */
  cancel(model: string): Promise<void>;
}

/** Model pulls: started here, followed through `models:pullProgress`; `onPulled` hears each success. */
export function usePulls(api: Api, onPulled: () => void): PullsState {
  const [pulls, setPulls] = useState<Record<string, PullState>>({});

  useEffect(
    () =>
      api.models.onPullProgress((event) => {
        const at = Date.now();
        setPulls((all) => ({
          ...all,
          [event.model]: timed(pullStateOf(event), all[event.model], at),
        }));
        if (event.done && !event.error) onPulled();
      }),
    [api, onPulled],
  );

  const start = useCallback(
    async (model: string) => {
      const name = model.trim();
      if (!name) return;
      const set = (state: Partial<PullState>) =>
        setPulls((all) => ({
          ...all,
          [name]: {
            model: name,
            status: 'Starting…',
            percent: undefined,
            done: false,
            error: undefined,
            ...state,
          },
        }));
      set({});
      try {
        const started = await api.models.pull(name);
        if (!started) set({ status: 'Already being pulled…' });
      } catch (reason) {
        set({ status: 'failed', done: true, error: messageOf(reason) });
      }
    },
    [api],
  );

  const cancel = useCallback(
    async (model: string) => {
      try {
        await api.models.cancelPull(model);
      } catch {
        // Main refused or the bridge is gone: the download's own events say where it stands.
      }
    },
    [api],
  );

  return { pulls, start, cancel };
}

/** The reading with its time, and the start of its step (kept while the step goes on). */
function timed(next: PullState, previous: PullState | undefined, at: number): PullState {
  const completed = next.completed ?? 0;
  const same =
    previous?.stepStart &&
    previous.status === next.status &&
    completed >= (previous.completed ?? 0);
  return { ...next, at, stepStart: same ? previous.stepStart : { at, completed } };
}

export function pullStateOf(event: PullProgressEvent): PullState {
  const percent =
    event.total && event.total > 0 && event.completed !== undefined
      ? Math.min(100, Math.floor((event.completed / event.total) * 100))
      : undefined;
  return {
    model: event.model,
    status: event.status,
    percent,
    ...(event.completed !== undefined ? { completed: event.completed } : {}),
    ...(event.total !== undefined ? { total: event.total } : {}),
    done: event.done,
    error: event.error,
  };
}
