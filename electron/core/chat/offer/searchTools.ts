/**
 * A way back when selection misses: when the budget leaves tools out, one of its slots holds
 * `search_tools`. The model calls it with its own words; Hearth (not a server) answers with the
 * best matches from every enabled tool, and those become callable in the next round of the same
 * turn, still within the budget. Searching runs nothing and needs no approval: it only reads the
 * tool list the user already enabled.
 */
import type { Tool } from '@modelcontextprotocol/client';
import { type ModelTool, toOllamaTool } from '../../mcp';
import { offeredTool, type ToolOffer } from './types';
import { buildBm25Index } from './ranking/bm25';

export const SEARCH_TOOLS_NAME = 'search_tools';
/** The server shown for the search tool: Hearth's own. */
export const SEARCH_TOOLS_SERVER = 'hearth';
/** Tools one search returns at most. */
export const SEARCH_RESULTS = 8;
/** Longest description line per result, so a search result stays short. */
const RESULT_DESCRIPTION_CHARS = 160;

const definition: Tool = {
  name: SEARCH_TOOLS_NAME,
  title: 'Search tools',
  description:
    'Find more tools. Only some of the available tools are offered with this message; when none of them fits the task, call this with a few words saying what you need to do (e.g. "weather forecast", "create jira issue"). The tools it finds can be called in your next step.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'What the tool should do, in a few words.' },
    },
    required: ['query'],
  },
};

/** The search tool as the chat offers it. */
export function searchTool(): ModelTool {
  return {
    modelName: SEARCH_TOOLS_NAME,
    server: SEARCH_TOOLS_SERVER,
    tool: definition,
    ollama: toOllamaTool(SEARCH_TOOLS_NAME, definition),
  };
}

/** Whether this turn offers the search tool: tools were left out and no real tool has its name. */
export function wantsSearchTool(tools: readonly ModelTool[], budget: number): boolean {
  return (
    tools.length > budget &&
    budget >= 2 &&
    !tools.some((tool) => tool.modelName === SEARCH_TOOLS_NAME)
  );
}

/** The enabled tools that best match the model's words, best first; none when nothing matches. */
export function searchTools(
  tools: readonly ModelTool[],
  query: string,
  limit = SEARCH_RESULTS,
): ModelTool[] {
  const scores = buildBm25Index(tools).score(query);
  return scores
    .map((score, position) => ({ score, position }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, limit)
    .flatMap(({ position }) => tools[position] ?? []);
}

/** What the model reads back: each found tool's name and what it does, or that none matched. */
export function searchResultText(query: string, found: readonly ModelTool[]): string {
  if (found.length === 0)
    return `No tool matches “${query}”. Try other words, or answer without a tool.`;
  const lines = found.map((tool) => {
    const description = tool.ollama.function.description.replace(/\s+/g, ' ').trim();
    const short =
      description.length > RESULT_DESCRIPTION_CHARS
        ? `${description.slice(0, RESULT_DESCRIPTION_CHARS - 1)}…`
        : description;
    return `- ${tool.modelName}: ${short}`;
  });
  return `Tools found for “${query}”; you can call them now:\n${lines.join('\n')}`;
}

/**
 * The offer for the next round: the found tools join it, in place of some of the tools chosen
 * for the message if there is no room; pinned and used tools and the search tool stay. Never more than
 * the budget (pins excepted, as always).
 */
export function widenOffer(offer: ToolOffer, found: readonly ModelTool[]): ToolOffer {
  const reasonOf = new Map(offer.offered.map((entry) => [entry.modelName, entry.reason]));
  const kept = offer.tools.filter((tool) => tool.modelName !== SEARCH_TOOLS_NAME);
  const fixed = kept.filter((tool) => {
    const reason = reasonOf.get(tool.modelName);
    return reason === 'pinned' || reason === 'used';
  });
  const present = new Set(kept.map((tool) => tool.modelName));
  const added = found.filter((tool) => !present.has(tool.modelName));
  const room = Math.max(0, offer.budget - 1 - fixed.length);
  const newcomers = added.slice(0, room);
  // Earlier choices that still fit after the found tools, in their original order.
  const relevant = kept.filter((tool) => !fixed.includes(tool));
  const stay = relevant.slice(0, Math.max(0, room - newcomers.length));
  const tools = [...fixed, ...stay, ...newcomers, searchTool()];
  return {
    ...offer,
    tools,
    offered: tools.map((tool) =>
      offeredTool(
        tool,
        newcomers.includes(tool) ? 'searched' : (reasonOf.get(tool.modelName) ?? 'relevant'),
      ),
    ),
  };
}
