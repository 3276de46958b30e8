/**
 * Chooses the tools one request carries when the enabled tools exceed the budget: the user's
 * pinned tools always, then tools already used in this conversation (most recent first), then
 * the most relevant to the message by BM25; when an embedding model gave scores, the last
 * quarter of the open slots goes to the most similar in meaning of the rest. Tools nothing in
 * the message points to are not sent to fill the budget:
 * when no tool matches, only the pinned and used ones go (or none). The chosen tools keep the
 * catalog's order, so the prompt stays stable.
 */
import { buildBm25Index, type Bm25Index } from './bm25';
import type { RankableTool } from './toolText';

/**
 * Why a tool was offered; the chat shows it next to the tool. `searched`: the model found it
 * with the search tool during the turn. `filler` (older replies only):
 * nothing in the message pointed to it, but the budget had room.
 */
export type OfferReason = 'all' | 'pinned' | 'used' | 'relevant' | 'searched' | 'filler';

export interface SelectableTool extends RankableTool {
  server: string;
  pinned?: boolean;
}

export interface SelectionInput<T extends SelectableTool> {
  tools: readonly T[];
  query: string;
  /** The user's message before this one: a follow-up ("yes, do that") leans on it. */
  context?: string;
  budget: number;
  /** Model-facing names of tools called earlier in the conversation, most recent first. */
  used: readonly string[];
  /** A semantic score per tool (same order), when an embedding model is available. */
  semanticScores?: readonly number[];
  /**
   * Per tool (same order), how similar an earlier message it ran for is to this one (0..1):
   * what selection learned from use.
   */
  learned?: readonly number[];
}

export interface Selection<T> {
  tools: T[];
  reasons: Map<string, OfferReason>;
  /** The budget applied and no tool matched the message: only pinned and used tools went. */
  unmatched: boolean;
}

/** What a tool that ran for an identical earlier message adds to its lexical score. */
export const LEARNED_WEIGHT = 6;

/** How much the previous message counts beside the current one. */
export const CONTEXT_WEIGHT = 0.5;

/**
 * A tool only an embedding model links to the message is offered when its similarity stands
 * out from the rest by this many standard deviations: every text is a little similar to every
 * other, so a similarity alone says little.
 */
export const SEMANTIC_OUTLIER = 2;

/**
 * The share of the open slots an embedding model's similarity fills; the message's words fill
 * the rest. Fused by reciprocal rank over every slot, a weak model cost recall: Universal
 * Sentence Encoder lite took the blind set's tuning part from 0.941 to 0.779 within 8 tools,
 * the fake word-hash vectors to 0.658. With this share: 0.926 and 0.915 within 8; within 20,
 * 0.967 and 0.952 against 0.960 for words alone.
 */
export const SEMANTIC_SHARE = 0.25;

/** Keeps one BM25 index per tool set, rebuilt only when the tools change. */
export function createToolSelector() {
  let cached: { key: string; index: Bm25Index } | undefined;
  const indexFor = (tools: readonly SelectableTool[]) => {
    const key = tools
      .map(
        ({ modelName, tool, serverNotes }) =>
          `${modelName}\u0000${tool.description ?? ''}\u0000${serverNotes?.length ?? 0}`,
      )
      .join('\u0001');
    if (cached?.key !== key) cached = { key, index: buildBm25Index(tools) };
    return cached.index;
  };
  return {
    select<T extends SelectableTool>(input: SelectionInput<T>): Selection<T> {
      return selectTools(input, indexFor(input.tools));
    },
    lexicalScores: (tools: readonly SelectableTool[], query: string) =>
      indexFor(tools).score(query),
  };
}

export function selectTools<T extends SelectableTool>(
  input: SelectionInput<T>,
  index: Bm25Index,
): Selection<T> {
  const { tools, budget } = input;
  const reasons = new Map<string, OfferReason>();
  if (tools.length <= budget) {
    for (const tool of tools) reasons.set(tool.modelName, 'all');
    return { tools: [...tools], reasons, unmatched: false };
  }
  // Pins are the user's explicit choice: all of them go, even past the budget.
  for (const tool of tools) if (tool.pinned) reasons.set(tool.modelName, 'pinned');
  const present = new Set(tools.map((tool) => tool.modelName));
  for (const name of input.used) {
    if (reasons.size >= budget) break;
    if (present.has(name) && !reasons.has(name)) reasons.set(name, 'used');
  }
  const lexical = index.score(input.query);
  if (input.context) {
    const earlier = index.score(input.context);
    lexical.forEach((score, position) => {
      lexical[position] = score + CONTEXT_WEIGHT * (earlier[position] ?? 0);
    });
  }
  input.learned?.forEach((similarity, position) => {
    if (similarity > 0) lexical[position] = (lexical[position] ?? 0) + LEARNED_WEIGHT * similarity;
  });
  const semantic = input.semanticScores;
  const standsOut = semanticOutliers(semantic);
  let matched = false;
  const offer = (positions: readonly number[], until: number) => {
    for (const position of positions) {
      if (reasons.size >= until) break;
      const tool = tools[position];
      if (!tool || reasons.has(tool.modelName)) continue;
      if ((lexical[position] ?? 0) <= 0 && !standsOut(position)) continue;
      reasons.set(tool.modelName, 'relevant');
      matched = true;
    }
  };
  const byLexical = bestFirst(lexical);
  if (semantic?.length) {
    // A weak embedding model cannot push out what the message's words point to; a good one
    // still brings in a tool the words missed (a forecast tool for "will it rain").
    const open = budget - reasons.size;
    offer(byLexical, budget - Math.min(open, Math.max(1, Math.round(open * SEMANTIC_SHARE))));
    offer(bestFirst(semantic), budget);
  } else offer(byLexical, budget);
  return {
    tools: tools.filter((tool) => reasons.has(tool.modelName)),
    reasons,
    unmatched: !matched,
  };
}

/** Whether a tool's semantic similarity stands out from the others'. */
function semanticOutliers(semantic: readonly number[] | undefined): (position: number) => boolean {
  if (!semantic?.length) return () => false;
  const mean = semantic.reduce((sum, value) => sum + value, 0) / semantic.length;
  const spread = Math.sqrt(
    semantic.reduce((sum, value) => sum + (value - mean) ** 2, 0) / semantic.length,
  );
  const floor = mean + SEMANTIC_OUTLIER * spread;
  return (position) => spread > 0 && (semantic[position] ?? 0) > floor;
}

/** Positions by score, best first; ties keep the catalog's order. */
export function bestFirst(scores: readonly number[]): number[] {
  return scores
    .map((score, position) => ({ score, position }))
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .map(({ position }) => position);
}
