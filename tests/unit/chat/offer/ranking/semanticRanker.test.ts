import { describe, expect, it } from 'vitest';
import {
  cosine,
  createSemanticRanker,
} from '../../../../../electron/core/chat/offer/ranking/semanticRanker';
import type { RankableTool } from '../../../../../electron/core/chat/offer/ranking/toolText';
import { fakeEmbedding } from '../../../../fixtures/fakeOllama';

const tools: RankableTool[] = [
  { modelName: 'weather_now', tool: { name: 'now', description: 'current weather forecast' } },
  { modelName: 'files_read', tool: { name: 'read', description: 'read a text file' } },
].map((entry) => ({ ...entry, tool: { ...entry.tool, inputSchema: { type: 'object' } } }));

describe('semantic ranking', () => {
  it('embeds each tool once per model and then only the message', async () => {
    const calls: string[][] = [];
    const ranker = createSemanticRanker({
      model: 'all-minilm',
      embed: (texts) => {
        calls.push(texts);
        return Promise.resolve(texts.map(fakeEmbedding));
      },
    });
    const first = await ranker.score(tools, 'what is the weather forecast');
    expect(first[0]).toBeGreaterThan(first[1] ?? 1);
    await ranker.score(tools, 'read my file');
    expect(calls.map((batch) => batch.length)).toEqual([2, 1, 1]);
  });

  it('indexes the tools once for turns that ask at the same time, and past a turn that stops', async () => {
    const batches: string[][] = [];
    const signals: (AbortSignal | undefined)[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const ranker = createSemanticRanker({
      model: 'all-minilm',
      async embed(texts, signal) {
        batches.push(texts);
        signals.push(signal);
        if (batches.length === 1) await gate;
        signal?.throwIfAborted();
        return texts.map(fakeEmbedding);
      },
    });
    const stopped = new AbortController();
    const first = ranker.score(tools, 'weather', stopped.signal);
    const second = ranker.score(tools, 'read a file');
    stopped.abort();
    release();
    await expect(first).rejects.toThrow();
    const scores = await second;
    expect(scores[1]).toBeGreaterThan(scores[0] ?? 1);
    // The tools once, without the turn's signal; then the second turn's message only.
    expect(batches.map((batch) => batch.length)).toEqual([2, 1]);
    expect(signals[0]).toBeUndefined();
    await ranker.score(tools, 'weather today');
    expect(batches.map((batch) => batch.length)).toEqual([2, 1, 1]);
  });

  it('tries the tools again on the next turn when indexing failed', async () => {
    let calls = 0;
    const ranker = createSemanticRanker({
      model: 'all-minilm',
      embed(texts) {
        calls++;
        if (calls === 1) return Promise.reject(new Error('model is loading'));
        return Promise.resolve(texts.map(fakeEmbedding));
      },
    });
    await expect(ranker.score(tools, 'weather')).rejects.toThrow('model is loading');
    const scores = await ranker.score(tools, 'weather forecast');
    expect(scores[0]).toBeGreaterThan(scores[1] ?? 1);
  });

  it('measures cosine similarity', () => {
    expect(cosine([1, 0], [1, 0])).toBe(1);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([0, 0], [1, 0])).toBe(0);
  });
});
