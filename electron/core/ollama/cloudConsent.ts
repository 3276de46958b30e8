/**
 * Main's side of the cloud-model question: a chat or embedding request to a cloud model (it runs
 * on ollama.com, so the words leave this computer) goes out only when the user agreed to that
 * model (Settings' `ollama.cloudModelsAllowed`, which the page's question adds to). The page asks
 * first; this holds when the page did not (a bug, an app's message, a default set elsewhere).
 */
import { isCloudModel, sameModel } from '../../../preload/modelNames';
import { OllamaError } from './ollamaErrors';
import type { ModelProvider } from './ollamaService';

export function refusalForCloudModel(model: string): OllamaError {
  return new OllamaError(
    `“${model}” runs on ollama.com, and you have not agreed to send it your messages, so Hearth sent nothing. Send again and agree when Hearth asks, or pick a model on this computer.`,
    'cloud-not-agreed',
  );
}

/** The provider, refusing requests to a cloud model the user has not agreed to, as settings say now. */
export function withCloudConsent(
  provider: ModelProvider,
  agreed: () => readonly string[],
): ModelProvider {
  // A chat turn's rounds share its signal: whether its model is a cloud one is asked of Ollama
  // once per turn, not before every round (bench: chat.loop_overhead_ms).
  const askedFor = new WeakMap<AbortSignal, Map<string, Promise<boolean>>>();
  const lookUp = (model: string) =>
    provider.listModels().then((models) => isCloudModel(model, models));
  const isCloud = (model: string, signal: AbortSignal | undefined): Promise<boolean> => {
    if (!signal) return lookUp(model);
    let asked = askedFor.get(signal);
    if (!asked) askedFor.set(signal, (asked = new Map()));
    let answer = asked.get(model);
    if (!answer) {
      const forTurn = asked;
      answer = lookUp(model);
      forTurn.set(model, answer);
      // A failed look-up is not kept: the next request asks again.
      answer.catch(() => forTurn.delete(model));
    }
    return answer;
  };
  const isAgreed = (model: string) => agreed().some((name) => sameModel(name, model));
  const refuseUnagreed = async (model: string, signal?: AbortSignal) => {
    // The agreement is read at every request: one taken back applies at once.
    if (isAgreed(model)) return;
    // Ollama's list is read for every turn: a model pulled meanwhile applies to the next. Stop
    // ends the wait: an Ollama still loading a model can keep the list waiting.
    if (await untilAborted(isCloud(model, signal), signal)) throw refusalForCloudModel(model);
  };
  const { embed } = provider;
  return {
    ...provider,
    async *chat(request, options) {
      await refuseUnagreed(request.model, options?.signal);
      yield* provider.chat(request, options);
    },
    prepareChat(model, signal) {
      // The turn's requests meet this same answer (kept per signal), and handle its failure.
      if (!isAgreed(model) && !signal.aborted) isCloud(model, signal).catch(() => undefined);
    },
    ...(embed
      ? {
          embed: async (model, input, signal) => {
            await refuseUnagreed(model);
            return embed(model, input, signal);
          },
        }
      : {}),
  };
}

/** `promise`, or the signal's reason once it is aborted, whichever comes first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
