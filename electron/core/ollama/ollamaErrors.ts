/**
 * Ollama's failures in words a user can act on. The `ollama` client throws a ResponseError for
 * HTTP errors, a plain Error for an `{"error": …}` object inside a streamed 200 response, and
 * fetch's TypeError when nothing answers.
 */

export type OllamaProblem =
  | 'not-running'
  | 'model-not-found'
  | 'no-tool-support'
  | 'first-token-timeout'
  | 'stalled'
  | 'cancelled'
  | 'failed';

export class OllamaError extends Error {
  constructor(
    message: string,
    readonly problem: OllamaProblem,
  ) {
    super(message);
    this.name = 'OllamaError';
  }
}

export function describeOllamaError(
  error: unknown,
  context: { host: string; model?: string },
): OllamaError {
  if (error instanceof OllamaError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const status = (error as { status_code?: number } | undefined)?.status_code;
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause?.code;
  if (error instanceof TypeError && /fetch failed/i.test(message)) {
    const why = cause === 'ENOTFOUND' ? 'its host name is unknown' : 'nothing answers there';
    return new OllamaError(
      `Ollama is not reachable at ${context.host} (${why}). Start it with “ollama serve” or open the Ollama app, or change its address in Settings.`,
      'not-running',
    );
  }
  if (/not found/i.test(message) && (status === 404 || /model/i.test(message))) {
    const model = context.model ? `“${context.model}”` : 'This model';
    return new OllamaError(
      `${model} is not installed in Ollama. Pull it to use it.`,
      'model-not-found',
    );
  }
  if (/does not support tools/i.test(message)) {
    const model = context.model ? `“${context.model}”` : 'This model';
    return new OllamaError(`${model} cannot use tools.`, 'no-tool-support');
  }
  if (error instanceof Error && error.name === 'AbortError')
    return new OllamaError('Stopped.', 'cancelled');
  return new OllamaError(`Ollama reported an error: ${message}`, 'failed');
}
