import { describe, expect, it } from 'vitest';
import {
  cosine,
  createSemanticRanker,
} from '../../../../electron/core/chat/toolSelection/semanticRanker';
import type { RankableTool } from '../../../../electron/core/chat/toolSelection/toolText';
import { fakeEmbedding } from '../../../fixtures/fakeOllama';

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

  it('measures cosine similarity', () => {
    expect(cosine([1, 0], [1, 0])).toBe(1);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([0, 0], [1, 0])).toBe(0);
  });
});
