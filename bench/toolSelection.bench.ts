/**
 * Tool selection on the evaluation set (bench/toolSelection): `tools.select_recall_at_8` is the
 * share of the labelled requests whose right tool is among the 8 the lexical ranker chooses from
 * all 143 listed tools, overall and for the development, held-out and fresh parts (see
 * bench/toolSelection/README.md for what each has seen of tuning); `.combined` adds
 * the fake Ollama's deterministic word-hash embeddings (a plumbing check, not a real model's
 * quality); `*.sentence_encoder_lite*` a real but weak embedding model (./toolSelection). `tools.select_ms` is choosing 8 of 500 tools for one message, index already built
 * (it is rebuilt only when the tool set changes); `tools.index_build_ms` is that build.
 * `tokens.estimate_over_llama3.*` compares Hearth's token estimates with Llama 3's tokenizer.
 */
import { performance } from 'node:perf_hooks';
import llama3Tokenizer from 'llama3-tokenizer-js';
import { estimateTokens } from '../electron/core/chat/context/dropOldestTurns';
import { estimateJsonTokens } from '../electron/core/chat/context/numCtx';
import { buildBm25Index } from '../electron/core/chat/offer/ranking/bm25';
import { createSemanticRanker } from '../electron/core/chat/offer/ranking/semanticRanker';
import { createToolSelector } from '../electron/core/chat/offer/ranking/selectTools';
import { createToolMemory } from '../electron/core/chat/offer/ranking/toolMemory';
import type { ModelTool } from '../electron/core/mcp/offerings/toolCatalog';
import { fakeEmbedding } from '../tests/fixtures/fakeOllama/embed';
import { distribution, round, type Figure } from './figures';
import {
  evaluationRequests,
  evaluationTools,
  recallAtK,
  type LabelledRequest,
} from './toolSelection/evaluationSet';
import {
  blindRequests,
  blindTools,
  noToolRequests,
  secondBlindSet,
  withPackageNames,
  type BlindRequest,
} from './toolSelection/blindSet';
import { blindRecall, nothingOffered, reachableWithSearch } from './toolSelection/measure';
import { sentenceEncoderFigures } from './toolSelection/sentenceEncoder';

const K = 8;
/** The default budget of a 7-9B model. */
const MID_BUDGET = 20;

/** The blind set's figures for one part: from every tool and from the user's own servers. */
function blindFigures(part: string, requests: BlindRequest[], tools: ModelTool[]): Figure[] {
  const figure = (name: string, value: number): Figure => ({
    name: `tools.blind.${part}.${name}`,
    value: round(value),
    unit: 'share',
  });
  return [
    figure('recall_at_8', blindRecall(requests, tools, K, 'all')),
    figure('recall_at_8.user_servers', blindRecall(requests, tools, K, 'user')),
    figure('recall_at_20', blindRecall(requests, tools, MID_BUDGET, 'all')),
    // The model's words are stood in for by the writer's few words on the action meant.
    figure(
      'reachable_with_search_at_8',
      reachableWithSearch(requests, tools, K, (request) => request.action),
    ),
    figure(
      'reachable_with_search_at_8.message_as_query',
      reachableWithSearch(requests, tools, K, (request) => request.text),
    ),
  ];
}
const LARGE_SET = 500;

/** 500 tools: the real ones, then copies under other server names (as if more were installed). */
function largeToolSet(tools: readonly ModelTool[]): ModelTool[] {
  const large: ModelTool[] = [];
  for (let copy = 0; large.length < LARGE_SET; copy++) {
    for (const tool of tools) {
      if (large.length >= LARGE_SET) break;
      const modelName = copy === 0 ? tool.modelName : `copy${copy}_${tool.modelName}`.slice(0, 64);
      large.push({ ...tool, modelName, server: copy === 0 ? tool.server : `copy${copy}` });
    }
  }
  return large;
}

function tokenRatio(estimate: number, text: string): number {
  return round(estimate / llama3Tokenizer.encode(text, { bos: false, eos: false }).length);
}

export async function run(): Promise<Figure[]> {
  const tools = evaluationTools();
  const { development, heldOut, fresh } = evaluationRequests();
  const all: LabelledRequest[] = [...development, ...heldOut, ...fresh];
  const index = buildBm25Index(tools);
  const lexical = (text: string) => index.score(text);
  const recall = (requests: LabelledRequest[], ranker: (text: string) => number[]) =>
    round(recallAtK(requests, tools, ranker, K));

  const semantic = createSemanticRanker({
    model: 'fake-word-hash',
    embed: (texts) => Promise.resolve(texts.map(fakeEmbedding)),
  });
  const semanticScores = new Map<string, number[]>();
  for (const request of all)
    semanticScores.set(request.text, await semantic.score(tools, request.text));
  // Through the chat's own selection, so the figure follows how the app fuses the two.
  const fusedSelector = createToolSelector();
  const combined = (text: string) => {
    const chosen = new Set(
      fusedSelector
        .select({
          tools,
          query: text,
          budget: K,
          used: [],
          semanticScores: semanticScores.get(text) ?? [],
        })
        .tools.map((tool) => tool.modelName),
    );
    return tools.map((tool) => (chosen.has(tool.modelName) ? 1 : Number.NEGATIVE_INFINITY));
  };

  const large = largeToolSet(tools);
  const buildMs: number[] = [];
  for (let repeat = 0; repeat < 20; repeat++) {
    const started = performance.now();
    buildBm25Index(large);
    buildMs.push(performance.now() - started);
  }
  const selector = createToolSelector();
  selector.select({ tools: large, query: 'warm up', budget: K, used: [] });
  const selectMs: number[] = [];
  for (let repeat = 0; repeat < 3; repeat++) {
    for (const request of all) {
      const started = performance.now();
      selector.select({ tools: large, query: request.text, budget: K, used: [] });
      selectMs.push(performance.now() - started);
    }
  }

  const blind = blindRequests();
  const second = secondBlindSet();
  const everyTool = blindTools();
  // Mechanism check only: the fake Ollama's word-hash vectors, not a real embedding model.
  const blindSemantic = new Map<string, number[]>();
  for (const request of blind.heldOut)
    blindSemantic.set(request.text, await semantic.score(everyTool, request.text));
  // As if the user had approved the right tool for each tuning request, then asked the held-out ones.
  let learnedEntries: Parameters<Parameters<typeof createToolMemory>[0]['write']>[0] = [];
  const memory = createToolMemory({
    read: () => learnedEntries,
    write: (next) => (learnedEntries = next),
  });
  for (const request of blind.tuning) {
    const [server, ...tool] = (request.expected[0] ?? '').split('/');
    memory.remember(request.text, { server: server ?? '', tool: tool.join('/') });
  }

  // Servers named after their packages, as registry installs name them.
  const packageNamed = withPackageNames(everyTool, blind);
  const toolsJson = JSON.stringify(tools.map((tool) => tool.ollama));
  const prose = all.map((request) => request.text).join('\n');
  return [
    ...blindFigures('tuning', blind.tuning, everyTool),
    ...blindFigures('held_out', blind.heldOut, everyTool),
    ...blindFigures('second.tuning', second.tuning, everyTool),
    ...blindFigures('second.check', second.check, everyTool),
    {
      name: 'tools.blind.held_out.recall_at_8.fake_embeddings',
      value: round(
        blindRecall(blind.heldOut, everyTool, K, 'all', undefined, {
          semanticScores: (request) => blindSemantic.get(request.text) ?? [],
        }),
      ),
      unit: 'share',
    },
    {
      name: 'tools.blind.held_out.recall_at_8.after_learning',
      value: round(
        blindRecall(blind.heldOut, everyTool, K, 'all', undefined, {
          learned: (request, tools) => memory.affinity(request.text, tools),
        }),
      ),
      unit: 'share',
    },
    // A real but weak embedding model that runs here: a floor for what the semantic path costs.
    ...(await sentenceEncoderFigures(
      [
        ['tuning', blind.tuning],
        ['held_out', blind.heldOut],
        ['second.tuning', second.tuning],
        ['second.check', second.check],
      ],
      everyTool,
    )),
    ...(['tuning', 'held_out'] as const).map((part) => ({
      name: `tools.blind.${part}.recall_at_8.package_names`,
      value: round(
        blindRecall(
          part === 'tuning' ? packageNamed.tuning : packageNamed.heldOut,
          packageNamed.tools,
          K,
          'all',
        ),
      ),
      unit: 'share (servers named after their packages)',
    })),
    {
      name: 'tools.blind.requests',
      value: blind.tuning.length + blind.heldOut.length,
      unit: 'requests',
    },
    { name: 'tools.blind.tools', value: everyTool.length, unit: 'tools' },
    {
      name: 'tools.blind.no_tool_messages.nothing_offered',
      value: round(nothingOffered(noToolRequests(), everyTool, K)),
      unit: 'share',
    },
    { name: 'tools.select_recall_at_8', value: recall(all, lexical), unit: 'share' },
    {
      name: 'tools.select_recall_at_20',
      value: round(recallAtK(all, tools, lexical, MID_BUDGET)),
      unit: 'share',
    },
    {
      name: 'tools.select_recall_at_8.development',
      value: recall(development, lexical),
      unit: 'share',
    },
    { name: 'tools.select_recall_at_8.held_out', value: recall(heldOut, lexical), unit: 'share' },
    { name: 'tools.select_recall_at_8.fresh', value: recall(fresh, lexical), unit: 'share' },
    { name: 'tools.select_recall_at_8.combined', value: recall(all, combined), unit: 'share' },
    { name: 'tools.evaluation_requests', value: all.length, unit: 'requests' },
    { name: 'tools.evaluation_tools', value: tools.length, unit: 'tools' },
    ...distribution('tools.select_ms', selectMs, 'ms'),
    ...distribution('tools.index_build_ms', buildMs, 'ms'),
    {
      name: 'tokens.estimate_over_llama3.tools_json',
      value: tokenRatio(estimateJsonTokens(toolsJson), toolsJson),
      unit: 'ratio',
    },
    {
      name: 'tokens.estimate_over_llama3.prose',
      value: tokenRatio(estimateTokens(prose), prose),
      unit: 'ratio',
    },
  ];
}
