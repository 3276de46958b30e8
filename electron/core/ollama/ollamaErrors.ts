/**
 * Ollama's failures in words a user can act on. The `ollama` client throws a ResponseError for
 * HTTP errors (the `error` of a JSON body, else the body's text), a plain Error for an
 * `{"error": …}` object inside a streamed 200 response, and fetch's TypeError when nothing
 * answers. Each rule cites the Ollama source that produces the message it reads.
 */

export type OllamaProblem =
  | 'not-running'
  | 'not-ollama'
  | 'model-not-found'
  | 'not-in-library'
  | 'no-tool-support'
  | 'cloud-signin'
  | 'cloud-disabled'
  /** A cloud model the user has not agreed to send messages to (cloudConsent.ts). */
  | 'cloud-not-agreed'
  | 'busy'
  | 'model-stopped'
  | 'first-token-timeout'
  | 'stalled'
  | 'cancelled'
  | 'failed';

export class OllamaError extends Error {
  constructor(
    message: string,
    readonly problem: OllamaProblem,
    /** A page that fixes it (ollama.com's sign-in for a cloud model), opened through the link check. */
    readonly link?: string,
    /**
     * The arguments a model wrote for a call that Ollama's parser could not read, as its error
     * carried them: Hearth may still repair and use them (turn/textCallReply.ts).
     */
    readonly unreadArguments?: string,
  ) {
    super(message);
    this.name = 'OllamaError';
  }
}

/**
 * The raw arguments in harmony's parse error: `error parsing tool call: raw='%s', err=%w`
 * (harmony/harmonyparser.go HarmonyMessageHandler.Add). The raw text may hold quotes itself, so
 * it runs to the last `', err=`. The error names no tool: the parser has already dropped it.
 */
export function unreadToolArguments(message: string): string | undefined {
  const match = /^error parsing tool call: raw='([\s\S]*)', err=/.exec(message);
  return match?.[1];
}

/**
 * Ollama's own "no such model" (server/routes.go: `model '%s' not found` from ChatHandler and
 * ShowHandler, `model %q not found, try pulling it first` from handleScheduleError).
 */
const MODEL_NOT_FOUND = /^model ["'].*["'] not found/;
/** internal/cloud/policy.go DisabledMessagePrefix: cloud models turned off (403). */
const CLOUD_DISABLED = /^ollama cloud is disabled/;
/** server/sched.go ErrMaxQueue, answered with 503 by handleScheduleError. */
const SERVER_BUSY = /^server busy/;
/** The runner process died mid-request (llm/server.go); Ollama streams it as an error line. */
const RUNNER_STOPPED = /model runner has unexpectedly stopped|llama runner process has terminated/;
/** server/images.go PullModel: `pull model manifest: %s`, the registry had no such name. */
const NO_MANIFEST = /^pull model manifest: file does not exist/;
/** Pull failures from server/download.go and the resolver: the library could not be reached. */
const LIBRARY_UNREACHABLE = /max retries exceeded|dial tcp|no such host|i\/o timeout|TLS handshake/;

export function describeOllamaError(
  error: unknown,
  context: { host: string; model?: string; signinUrl?: string },
): OllamaError {
  if (error instanceof OllamaError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const status = (error as { status_code?: number } | undefined)?.status_code;
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause?.code;
  const model = context.model ? `“${context.model}”` : 'This model';
  if (error instanceof TypeError && /fetch failed/i.test(message)) {
    const why = cause === 'ENOTFOUND' ? 'its host name is unknown' : 'nothing answers there';
    return new OllamaError(
      `Ollama is not reachable at ${context.host} (${why}). Start it with “ollama serve” or open the Ollama app, or change its address in Settings.`,
      'not-running',
    );
  }
  if (MODEL_NOT_FOUND.test(message)) {
    return new OllamaError(
      `${model} is not installed in Ollama. Pull it to use it.`,
      'model-not-found',
    );
  }
  // A cloud model while this Ollama is not signed in to ollama.com: 401 {error, signin_url}
  // (ChatHandler in server/routes.go).
  if (status === 401) {
    return new OllamaError(
      `${model} runs on ollama.com, and this Ollama is not signed in there. Sign in to Ollama (or run “ollama signin”), then try again.`,
      'cloud-signin',
      context.signinUrl,
    );
  }
  if (CLOUD_DISABLED.test(message)) {
    return new OllamaError(
      `${model} runs on ollama.com, but cloud models are turned off in this Ollama (OLLAMA_NO_CLOUD or its settings). Pick a model on this computer, or turn cloud models on in Ollama.`,
      'cloud-disabled',
    );
  }
  // Any other 404 is not Ollama's: gin's plain "404 page not found" for a path it does not
  // serve, another program on the port, or a proxy sending the path elsewhere.
  if (status === 404) return notOllama(context.host, message);
  if (NO_MANIFEST.test(message)) {
    return new OllamaError(
      `There is no model called ${model} in the Ollama library. Check the name (the library is at ollama.com/library).`,
      'not-in-library',
    );
  }
  if (LIBRARY_UNREACHABLE.test(message)) {
    return new OllamaError(
      `Ollama could not download from its model library: check this computer’s internet connection, then try again. (Ollama said: ${message})`,
      'failed',
    );
  }
  return (
    duringReply(error, message, status, model) ??
    new OllamaError(`Ollama reported an error: ${message}`, 'failed')
  );
}

/** Failures while a model runs or replies: Ollama busy, the runner gone, a call it could not read. */
function duringReply(
  error: unknown,
  message: string,
  status: number | undefined,
  model: string,
): OllamaError | undefined {
  if (status === 503 || SERVER_BUSY.test(message)) {
    return new OllamaError(
      'Ollama is busy: too many requests are waiting for it. Try again in a moment (Ollama’s OLLAMA_MAX_QUEUE sets how many may wait).',
      'busy',
    );
  }
  if (RUNNER_STOPPED.test(message)) {
    return new OllamaError(
      `${model} stopped unexpectedly inside Ollama, most often because the computer ran out of memory. Try again; if it keeps happening, pick a smaller model or a smaller context size in Settings. Ollama’s log says more.`,
      'model-stopped',
    );
  }
  // gpt-oss wrote arguments that are no JSON: the harmony parser's error ends the stream
  // (harmony/harmonyparser.go Add, sent as an error line by ChatHandler in server/routes.go).
  if (/^error parsing tool call: /.test(message)) {
    return new OllamaError(
      `${model} wrote a tool call whose arguments Ollama could not read (they were not valid JSON), so the reply stopped there. Retry: the model usually writes it right the next time.`,
      'failed',
      undefined,
      unreadToolArguments(message),
    );
  }
  if (/does not support tools/i.test(message)) {
    return new OllamaError(`${model} cannot use tools.`, 'no-tool-support');
  }
  if (error instanceof Error && error.name === 'AbortError')
    return new OllamaError('Stopped.', 'cancelled');
  return undefined;
}

/** Something answered, but not as Ollama does. */
export function notOllama(host: string, said?: string): OllamaError {
  const quoted = said ? ` (it said “${said.trim().slice(0, 80)}”)` : '';
  return new OllamaError(
    `Something answers at ${host}, but it is not Ollama${quoted}. Check the address in Settings: another program may use this port, or a proxy may send the requests elsewhere.`,
    'not-ollama',
  );
}
