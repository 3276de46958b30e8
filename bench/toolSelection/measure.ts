/**
 * Recall of the blind set through Hearth's own selection (the same call the chat makes): the
 * share of requests with a right tool among the tools offered within a budget, choosing from
 * every listed tool or from the request's user's servers only.
 */
import { searchTools } from '../../electron/core/chat/offer/searchTools';
import { createToolSelector } from '../../electron/core/chat/offer/ranking/selectTools';
import type { ModelTool } from '../../electron/core/mcp/offerings/toolCatalog';
import type { BlindRequest } from './blindSet';
import { keyOf } from './evaluationSet';

export type Scope = 'all' | 'user';

export interface Miss {
  request: BlindRequest;
  offered: string[];
}

/** What else selection may be given for a request: semantic scores, learned affinities. */
export interface Extras {
  semanticScores?(request: BlindRequest, tools: readonly ModelTool[]): readonly number[];
  learned?(request: BlindRequest, tools: readonly ModelTool[]): readonly number[];
}

export function offeredFor(
  request: BlindRequest,
  tools: readonly ModelTool[],
  budget: number,
  selector = createToolSelector(),
  extras: Extras = {},
): string[] {
  const semanticScores = extras.semanticScores?.(request, tools);
  const learned = extras.learned?.(request, tools);
  const selection = selector.select({
    tools,
    query: request.text,
    ...(request.previous ? { context: request.previous } : {}),
    budget,
    used: [],
    ...(semanticScores ? { semanticScores } : {}),
    ...(learned ? { learned } : {}),
  });
  return selection.tools.map((tool) => keyOf({ server: tool.server, tool: tool.tool.name }));
}

export function blindRecall(
  requests: readonly BlindRequest[],
  tools: readonly ModelTool[],
  budget: number,
  scope: Scope,
  onMiss?: (miss: Miss) => void,
  extras: Extras = {},
): number {
  const selector = createToolSelector();
  let hits = 0;
  for (const request of requests) {
    const candidates =
      scope === 'all' ? tools : tools.filter((tool) => request.userServers.has(tool.server));
    const offered = offeredFor(request, candidates, budget, selector, extras);
    if (request.expected.some((expected) => offered.includes(expected))) hits++;
    else onMiss?.({ request, offered });
  }
  return requests.length ? hits / requests.length : Number.NaN;
}

/** Share of messages no tool serves for which selection offered no tool at all. */
export function nothingOffered(
  messages: readonly string[],
  tools: readonly ModelTool[],
  budget: number,
): number {
  const selector = createToolSelector();
  const empty = messages.filter(
    (query) => selector.select({ tools, query, budget, used: [] }).tools.length === 0,
  );
  return messages.length ? empty.length / messages.length : Number.NaN;
}

/**
 * Share of requests whose right tool is reachable with one search: offered at once (the budget
 * less the search tool's slot), or among what one `search_tools` call with `wordsOf(request)`
 * returns from every tool.
 */
export function reachableWithSearch(
  requests: readonly BlindRequest[],
  tools: readonly ModelTool[],
  budget: number,
  wordsOf: (request: BlindRequest) => string,
): number {
  const selector = createToolSelector();
  let hits = 0;
  for (const request of requests) {
    const offered = offeredFor(request, tools, budget - 1, selector);
    const found = searchTools(tools, wordsOf(request)).map((tool) =>
      keyOf({ server: tool.server, tool: tool.tool.name }),
    );
    if (request.expected.some((expected) => offered.includes(expected) || found.includes(expected)))
      hits++;
  }
  return requests.length ? hits / requests.length : Number.NaN;
}
