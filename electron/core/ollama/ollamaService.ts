/**
 * Hearth's side of Ollama, through the `ollama` client library: health, models, capabilities,
 * pulls with progress, and streamed chat with two time limits — a long one for the first token
 * (a cold model can take minutes to load) and a short idle one between tokens (a stalled stream).
 */
import { Ollama, type ChatRequest, type ChatResponse, type ProgressResponse } from 'ollama';
import { envValue, ollamaClientAddress } from '../../../preload/ollamaHost';
import { describeOllamaError, notOllama, OllamaError } from './ollamaErrors';

/** Ollama's own default address, as its CLI uses it. */
export const DEFAULT_OLLAMA_HOST = 'http://127.0.0.1:11434';
/** Loading a large model from disk can take minutes on a laptop. */
export const FIRST_TOKEN_TIMEOUT_MS = 5 * 60_000;
/** Once tokens flow, this long without one means the stream is stuck. */
export const IDLE_TIMEOUT_MS = 60_000;
/** How long to wait before asking a busy Ollama (503, its queue full) once more. */
export const BUSY_RETRY_MS = 3_000;
/** Used when /api/show reports no context length (it always does for GGUF models). */
export const FALLBACK_CONTEXT_LENGTH = 8_192;

export interface ModelSummary {
  name: string;
  size: number;
  family: string;
  parameterSize: string;
  quantization: string;
  modifiedAt: string;
  /** A cloud model: it runs on ollama.com, so messages and tool results leave this computer. */
  remote?: boolean;
}

export interface ModelCapabilities {
  tools: boolean;
  thinking: boolean;
  vision: boolean;
  contextLength: number;
  embedding?: boolean;
  parameterCount?: number;
  /** Takes think levels ("low" | "medium" | "high") and always thinks: gpt-oss. */
  thinkLevels?: boolean;
}

export interface ChatStreamOptions {
  signal?: AbortSignal;
  firstTokenTimeoutMs?: number;
  idleTimeoutMs?: number;
  /** The pause before the one retry of a request a busy Ollama refused (503). */
  busyRetryMs?: number;
}

/** The model seam: the chat loop talks to this, tests may pass a scripted one. */
export interface ModelProvider {
  readonly host: string;
  version(): Promise<string>;
  listModels(): Promise<ModelSummary[]>;
  capabilities(model: string): Promise<ModelCapabilities>;
  pull(
    model: string,
    onProgress: (progress: ProgressResponse) => void,
    signal?: AbortSignal,
  ): Promise<void>;
  chat(request: ChatRequest, options?: ChatStreamOptions): AsyncGenerator<ChatResponse>;
  /**
   * Starts now what a chat with `model` under `signal` will look up before it sends (whether
   * the model runs on ollama.com), so the turn's first request need not wait for it. Never
   * throws: a failed look-up is met again by that request.
   */
  prepareChat?(model: string, signal: AbortSignal): void;
  /** One vector per input, from an embedding model (/api/embed). */
  embed?(model: string, input: string[], signal?: AbortSignal): Promise<number[][]>;
}

/**
 * The address in force: Settings' when set, else OLLAMA_HOST, else Ollama's default, each read as
 * Ollama's own envconfig.Host/ConnectableHost do (see preload/ollamaHost.ts). Throws, in words,
 * for an address no HTTP client can use.
 */
export function resolveOllamaHost(
  configured: string | undefined,
  environment: NodeJS.ProcessEnv,
): string {
  const fromSettings = envValue(configured ?? '');
  return ollamaClientAddress(fromSettings || (environment.OLLAMA_HOST ?? ''));
}

export function createOllamaService(options: {
  host: string;
  headers?: Record<string, string>;
}): ModelProvider {
  const { host, headers } = options;
  const capabilityCache = new Map<string, ModelCapabilities>();
  // The client keeps only a 401's `error`; its `signin_url` (server/routes.go) is read here.
  let signinUrl: string | undefined;
  const client = (signal?: AbortSignal) =>
    new Ollama({
      host,
      headers,
      // Every request can be aborted, including the wait for a cold model before any header.
      fetch: async (input, init) => {
        const response = await fetch(input, {
          ...init,
          signal:
            signal && init?.signal
              ? AbortSignal.any([signal, init.signal])
              : (signal ?? init?.signal),
        });
        if (response.status === 401) signinUrl = await signinUrlOf(response);
        return response;
      },
    });
  const wrap = async <T>(work: () => Promise<T>, model?: string): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw describeOllamaError(error, { host, model, signinUrl });
    }
  };

  return {
    host,
    version: () =>
      wrap(async () => {
        // Another program on the port may answer 200 with a page, or JSON without a version.
        const answer = await client()
          .version()
          .catch((error: unknown) => {
            throw error instanceof SyntaxError ? notOllama(host) : error;
          });
        if (typeof answer?.version !== 'string') throw notOllama(host);
        return answer.version;
      }),
    listModels: () =>
      wrap(async () =>
        (await client().list()).models.map((model) => ({
          name: model.name,
          size: model.size,
          family: model.details?.family ?? '',
          parameterSize: model.details?.parameter_size ?? '',
          quantization: model.details?.quantization_level ?? '',
          modifiedAt: new Date(model.modified_at).toISOString(),
          // Cloud models carry remote_host (api/types.go ListModelResponse).
          ...((model as { remote_host?: string }).remote_host ? { remote: true } : {}),
        })),
      ),
    capabilities: (model) =>
      wrap(async () => {
        const cached = capabilityCache.get(model);
        if (cached) return cached;
        const shown = await client().show({ model });
        const capabilities = shown.capabilities ?? [];
        // Typed as a Map by the client, but JSON: a plain object.
        const info = (shown.model_info ?? {}) as unknown as Record<string, unknown>;
        // `<general.architecture>.context_length`, as Ollama's KV.ContextLength reads it
        // (fs/ggml/ggml.go keyValue); other keys may end in context_length too.
        const contextLength = info[`${String(info['general.architecture'])}.context_length`];
        const parameterCount = info['general.parameter_count'];
        const result: ModelCapabilities = {
          ...(usesHarmony(shown.details?.family, shown.template) ? { thinkLevels: true } : {}),
          tools: capabilities.includes('tools'),
          thinking: capabilities.includes('thinking'),
          vision: capabilities.includes('vision'),
          embedding: capabilities.includes('embedding'),
          ...(typeof parameterCount === 'number' && parameterCount > 0 ? { parameterCount } : {}),
          contextLength:
            typeof contextLength === 'number' && contextLength > 0
              ? contextLength
              : FALLBACK_CONTEXT_LENGTH,
        };
        capabilityCache.set(model, result);
        return result;
      }, model),
    pull: (model, onProgress, signal) =>
      wrap(async () => {
        const stream = await client(signal).pull({ model, stream: true });
        for await (const progress of stream) onProgress(progress);
        capabilityCache.delete(model);
      }, model),
    chat: (request, chatOptions = {}) =>
      streamChat(client, request, chatOptions, host, () => signinUrl),
    embed: (model, input, signal) =>
      wrap(async () => (await client(signal).embed({ model, input })).embeddings, model),
  };
}

async function* streamChat(
  client: (signal?: AbortSignal) => Ollama,
  request: ChatRequest,
  options: ChatStreamOptions,
  host: string,
  signinUrl: () => string | undefined,
): AsyncGenerator<ChatResponse> {
  const controller = new AbortController();
  const outer = options.signal;
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  let timedOut: OllamaError | undefined;
  let timer: NodeJS.Timeout | undefined;
  // The error is made only when the time runs out: an Error records its stack when made, and
  // the idle limit is set again at every chunk.
  const arm = (ms: number, error: () => OllamaError) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = error();
      controller.abort();
    }, ms);
  };
  const firstTokenMs = options.firstTokenTimeoutMs ?? FIRST_TOKEN_TIMEOUT_MS;
  arm(
    firstTokenMs,
    () =>
      new OllamaError(
        `“${request.model}” sent nothing for ${Math.round(firstTokenMs / 1000)} s; it may still be loading. Try again, or pick a smaller model.`,
        'first-token-timeout',
      ),
  );
  const stalled = () =>
    new OllamaError(`“${request.model}” stopped sending in the middle of its answer.`, 'stalled');
  let whole = false;
  try {
    const stream = await startChat(client(controller.signal), request, options, controller.signal);
    let finished = false;
    for await (const chunk of stream) {
      arm(options.idleTimeoutMs ?? IDLE_TIMEOUT_MS, stalled);
      finished ||= chunk.done;
      yield chunk;
    }
    // An aborted or cut body can end the loop quietly; only a `done` chunk is a whole answer.
    if (!finished) throw new Error('Did not receive done or success response in stream.');
    whole = true;
  } catch (error) {
    if (timedOut) throw timedOut;
    if (outer?.aborted) throw new OllamaError('Stopped.', 'cancelled');
    throw describeOllamaError(error, { host, model: request.model, signinUrl: signinUrl() });
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
    // A stream read to its end has closed its request; any other end (a failure, a reader that
    // stopped early) ends the request here.
    if (!whole) controller.abort();
  }
}

/**
 * Starts the stream; a 503 (Ollama's queue is full: ErrMaxQueue in server/sched.go, answered by
 * handleScheduleError in server/routes.go) is asked once more after a pause, then reported.
 */
async function startChat(
  ollama: Ollama,
  request: ChatRequest,
  options: ChatStreamOptions,
  signal: AbortSignal,
) {
  const start = () => ollama.chat({ ...request, stream: true });
  try {
    return await start();
  } catch (error) {
    if ((error as { status_code?: number }).status_code !== 503) throw error;
  }
  const pauseMs = options.busyRetryMs ?? BUSY_RETRY_MS;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, pauseMs);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
  try {
    return await start();
  } catch (error) {
    if ((error as { status_code?: number }).status_code !== 503) throw error;
    throw new OllamaError(
      `Ollama is busy: too many requests are waiting for it, and it was still busy when Hearth asked again after ${Math.round(pauseMs / 1000)} s. Try again in a moment (Ollama’s OLLAMA_MAX_QUEUE sets how many may wait).`,
      'busy',
    );
  }
}

/** The sign-in page a 401 names, when it is an https page on ollama.com. */
async function signinUrlOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { signin_url?: unknown };
    const url = typeof body.signin_url === 'string' ? new URL(body.signin_url) : undefined;
    return url?.protocol === 'https:' && url.hostname === 'ollama.com' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Ollama's shouldUseHarmony (server/routes.go): a gpt-oss family model whose template has the
 * harmony tags. Its parser reasons at a level ("low" | "medium" | "high"), never not at all.
 */
function usesHarmony(family: string | undefined, template: string | undefined): boolean {
  return (
    (family === 'gptoss' || family === 'gpt-oss') &&
    (template ?? '').includes('<|start|>') &&
    (template ?? '').includes('<|end|>')
  );
}
