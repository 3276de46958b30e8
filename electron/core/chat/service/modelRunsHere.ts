/**
 * Whether a conversation's model runs on this computer: Ollama at a loopback address, and the
 * model not one of Ollama's cloud models (by the rule main refuses cloud models by,
 * preload/modelNames.ts). Only then does what a tool call reads stay here, which is what lets a
 * call its sandbox bounds run without a question (chat/toolCall/approvalGates.ts).
 */
import { isCloudModel } from '../../../../preload/modelNames';
import { isLoopbackHostname } from '../../../../preload/schemas/clearText';
import type { ModelProvider } from '../../ollama/ollamaService';

/** Asked once for the turn it is made for, at its first call that needs it. */
export function modelRunsHere(
  provider: Pick<ModelProvider, 'host' | 'listModels'>,
  model: string,
): () => Promise<boolean> {
  let answer: Promise<boolean> | undefined;
  const ask = async () => {
    if (!URL.canParse(provider.host) || !isLoopbackHostname(new URL(provider.host).hostname))
      return false;
    return !isCloudModel(model, await provider.listModels());
  };
  return () => {
    answer ??= ask();
    // A failed look-up is asked again at the next call; until then the call is asked about.
    answer.catch(() => (answer = undefined));
    return answer;
  };
}
