/**
 * Which tools one turn offers the model, and why: every enabled tool while they fit the model's
 * budget; past it, the pinned ones, the ones used earlier in the conversation, and the most
 * relevant to the user's message (BM25; with an installed Ollama embedding model, the last
 * quarter of the open slots by its similarity). The choice is made once per turn, so the model
 * sees the same tools in every round of it.
 */
import type { StoredMessage } from '../../history';
import type { ModelTool } from '../../mcp';
import type { ModelCapabilities, ModelProvider } from '../../ollama/ollamaService';
import { createSemanticRanker, type SemanticRanker } from './ranking/semanticRanker';
import { createToolSelector } from './ranking/selectTools';
import { searchTool, wantsSearchTool } from './searchTools';
import { offeredTool, type ToolOffer } from './types';
import type { ToolMemory } from './ranking/toolMemory';
import type { ToolVectorStore } from './ranking/toolVectorStore';
import { defaultToolBudget, toolBudget } from './ranking/toolBudget';
import { withinTime } from '../../withinTime';

export interface OfferInput {
  model: string;
  capabilities: ModelCapabilities;
  tools: ModelTool[];
  /** The user's message this turn answers. */
  query: string;
  history: readonly StoredMessage[];
  signal?: AbortSignal;
}

/** How long the installed embedding model is remembered before asking Ollama again. */
export const EMBEDDING_MODEL_TTL_MS = 5 * 60_000;

/**
 * The longest a turn waits for the embedding model (finding it, indexing the tools, embedding the
 * message) before choosing by words alone. Indexing hundreds of tools can take Ollama seconds,
 * and longer while it loads the model; it goes on in the background for the next turns.
 */
export const SEMANTIC_WAIT_MS = 1_500;

export interface ToolOfferOptions {
  provider(): ModelProvider;
  /** Per-model budgets from Settings (0: every tool). */
  budgets(): Readonly<Record<string, number>>;
  onProblem?(message: string, error: unknown): void;
  /** What selection learned from the tools used for earlier messages. */
  memory?: ToolMemory;
  /** Changes when models were pulled: the embedding model is then looked for again. */
  modelsChanged?(): number;
  /** SEMANTIC_WAIT_MS unless a test says otherwise. */
  semanticWaitMs?: number;
  /** Where the tools' vectors are kept between runs (none: embedded again at each start). */
  vectors?: ToolVectorStore;
}

export type OfferTools = ((input: OfferInput) => Promise<ToolOffer>) & {
  /**
   * Indexes the tools with the installed embedding model, if any, ahead of the turns (when the
   * servers' tools change, or a model was pulled); a failure waits for a turn to report it.
   */
  warm(tools: readonly ModelTool[]): Promise<void>;
};

/** Fewer tools than the smallest budget all go to the model: nothing to rank. */
const FEWEST_RANKED = 8;

export function createToolOffer(options: ToolOfferOptions): OfferTools {
  const selector = createToolSelector();
  const rankers = new Map<string, SemanticRanker>();
  let embeddingModel:
    | {
        host: string;
        model: { name: string; modifiedAt: string } | undefined;
        at: number;
        generation: number;
      }
    | undefined;

  const findEmbeddingModel = async (provider: ModelProvider) => {
    const now = Date.now();
    const generation = options.modelsChanged?.() ?? 0;
    if (
      embeddingModel?.host === provider.host &&
      embeddingModel.generation === generation &&
      now - embeddingModel.at < EMBEDDING_MODEL_TTL_MS
    )
      return embeddingModel.model;
    let found: { name: string; modifiedAt: string } | undefined;
    for (const model of await provider.listModels()) {
      // Never a cloud model: the user's words and every tool's description would leave the computer.
      if (model.remote) continue;
      if ((await provider.capabilities(model.name)).embedding) {
        found = { name: model.name, modifiedAt: model.modifiedAt };
        break;
      }
    }
    embeddingModel = { host: provider.host, model: found, at: now, generation };
    return found;
  };

  /** The ranker of the installed embedding model, or undefined when there is none. */
  const currentRanker = async () => {
    const provider = options.provider();
    if (!provider.embed) return undefined;
    const found = await findEmbeddingModel(provider);
    if (!found) return undefined;
    const { name } = found;
    // A model pulled again may compute other vectors: its date is part of what they are kept by.
    const version = `${name}@${found.modifiedAt}`;
    const key = `${provider.host}\u0000${version}`;
    const vectors = options.vectors;
    const ranker =
      rankers.get(key) ??
      createSemanticRanker(
        {
          model: name,
          embed: (texts, signal) => provider.embed?.(name, texts, signal) ?? Promise.resolve([]),
        },
        vectors && {
          load: () => vectors.load(version),
          save: (kept) => vectors.save(version, kept),
        },
      );
    rankers.set(key, ranker);
    return ranker;
  };

  const semanticScores = async (input: OfferInput) => {
    try {
      const ranker = await currentRanker();
      return await ranker?.score(input.tools, input.query, input.signal);
    } catch (error) {
      // Ranking still works without embeddings; the lexical ranker alone decides.
      options.onProblem?.('Ranking tools with the embedding model failed', error);
      return undefined;
    }
  };

  const warm = async (tools: readonly ModelTool[]) => {
    if (tools.length <= FEWEST_RANKED) return;
    try {
      await (await currentRanker())?.index(tools);
    } catch {
      // Ollama may be stopped or still loading; the next turn tries again and says why.
    }
  };

  const offer = async (input: OfferInput): Promise<ToolOffer> => {
    const budget = toolBudget(
      options.budgets(),
      input.model,
      defaultToolBudget(input.capabilities.parameterCount, input.capabilities.contextLength),
    );
    const tools = input.tools;
    const semantic =
      tools.length > budget
        ? await withinTime(semanticScores(input), options.semanticWaitMs ?? SEMANTIC_WAIT_MS)
        : undefined;
    // One slot of the budget holds the search tool when the budget leaves tools out.
    const search = wantsSearchTool(tools, budget);
    const learned =
      tools.length > budget ? options.memory?.affinity(input.query, tools) : undefined;
    const selection = selector.select({
      tools,
      query: input.query,
      ...(previousUserMessage(input.history, input.query) ?? {}),
      budget: search ? budget - 1 : budget,
      used: usedTools(input.history, input.tools),
      ...(semantic ? { semanticScores: semantic } : {}),
      ...(learned ? { learned } : {}),
    });
    const offered = search ? [...selection.tools, searchTool()] : selection.tools;
    return {
      tools: offered,
      offered: offered.map((tool) =>
        // The search tool goes whenever tools are left out, whatever the message: no reason shown.
        offeredTool(tool, selection.reasons.get(tool.modelName) ?? 'all'),
      ),
      available: input.tools.length,
      budget: Number.isFinite(budget) ? budget : input.tools.length,
      ...(selection.unmatched ? { unmatched: true } : {}),
    };
  };
  return Object.assign(offer, { warm });
}

/** The user's message before this turn's, as selection context, when there is one. */
function previousUserMessage(history: readonly StoredMessage[], query: string) {
  // From the end, with no copy: a long conversation is read at every turn.
  const last = history.findLastIndex((message) => message.role === 'user');
  // The history already holds this turn's message at its end.
  const previous =
    history[last]?.content === query
      ? history.findLastIndex((message, index) => index < last && message.role === 'user')
      : last;
  const message = history[previous];
  return previous >= 0 && message ? { context: message.content } : undefined;
}

/** Model names of the tools this conversation has called, most recent first. */
export function usedTools(
  history: readonly StoredMessage[],
  tools: readonly ModelTool[],
): string[] {
  const nameOf = new Map(tools.map((tool) => [`${tool.server}/${tool.tool.name}`, tool.modelName]));
  const names: string[] = [];
  // From the end, with no copies: a long conversation is read at every turn.
  for (let index = history.length - 1; index >= 0; index--) {
    const calls = history[index]?.toolCalls ?? [];
    for (let at = calls.length - 1; at >= 0; at--) {
      const call = calls[at];
      const name = call && nameOf.get(`${call.server}/${call.tool}`);
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}
