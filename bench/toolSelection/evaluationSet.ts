/**
 * The evaluation set as the benchmark and tests use it: the listed tools (tools.json) with the
 * model-facing names Hearth's catalog gives them, and the labelled requests: requests.json,
 * split into a development part (looked at while tuning the vocabulary) and a held-out part
 * (every third request, looked at once, see README.md), and requests.fresh.json, written after
 * tuning stopped and never tuned against.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/client';
import { ModelNameTable, toOllamaTool } from '../../electron/core/mcp/offerings/modelTools';
import type { ModelTool } from '../../electron/core/mcp/offerings/toolCatalog';
import type { ListedServer } from './listing';

export interface LabelledRequest {
  text: string;
  /** `server/tool` of every tool that serves the request (usually one). */
  expected: string[];
}

export function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(join(import.meta.dirname, name), 'utf8')) as T;
}

/** Every listed tool as the catalog would hand it to the chat. */
export function evaluationTools(listed = readJson<ListedServer[]>('tools.json')): ModelTool[] {
  const entries = listed.flatMap((server) =>
    server.tools.map((tool) => ({
      server: server.server,
      tool: tool as Tool,
      serverNotes: server.instructions,
    })),
  );
  const table = new ModelNameTable().assign(
    entries.map(({ server, tool }) => ({ server, tool: tool.name })),
  );
  const nameOf = new Map([...table].map(([modelName, owner]) => [keyOf(owner), modelName]));
  return entries.map(({ server, tool, serverNotes }) => {
    const modelName = nameOf.get(keyOf({ server, tool: tool.name })) ?? tool.name;
    return {
      modelName,
      server,
      tool,
      ollama: toOllamaTool(modelName, tool, server),
      ...(serverNotes ? { serverNotes } : {}),
    };
  });
}

export function keyOf(owner: { server: string; tool: string }): string {
  return `${owner.server}/${owner.tool}`;
}

export interface Split {
  development: LabelledRequest[];
  heldOut: LabelledRequest[];
  fresh: LabelledRequest[];
}

export function evaluationRequests(): Split {
  const all = readJson<LabelledRequest[]>('requests.json');
  return {
    development: all.filter((_, index) => index % 3 !== 2),
    heldOut: all.filter((_, index) => index % 3 === 2),
    fresh: readJson<LabelledRequest[]>('requests.fresh.json'),
  };
}

/** Share of requests with a right tool among the first `k` a ranker picks. */
export function recallAtK(
  requests: readonly LabelledRequest[],
  tools: readonly ModelTool[],
  rank: (text: string) => number[],
  k: number,
  onMiss?: (request: LabelledRequest, chosen: string[]) => void,
): number {
  let hits = 0;
  for (const request of requests) {
    const chosen = topK(rank(request.text), k).map((index) => {
      const tool = tools[index];
      return tool ? keyOf({ server: tool.server, tool: tool.tool.name }) : '';
    });
    if (request.expected.some((expected) => chosen.includes(expected))) hits++;
    else onMiss?.(request, chosen);
  }
  return requests.length ? hits / requests.length : Number.NaN;
}

function topK(scores: number[], k: number): number[] {
  return scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, k)
    .map(({ index }) => index);
}
