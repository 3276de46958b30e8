import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSemanticRanker } from '../../../../../electron/core/chat/offer/ranking/semanticRanker';
import type { RankableTool } from '../../../../../electron/core/chat/offer/ranking/toolText';
import {
  openToolVectorStore,
  textKey,
} from '../../../../../electron/core/chat/offer/ranking/toolVectorStore';
import { fakeEmbedding } from '../../../../fixtures/fakeOllama';

const dataDir = () => mkdtempSync(join(tmpdir(), 'hearth-vectors-'));
const folderOf = (dir: string) => join(dir, 'cache', 'tool-vectors');

const tools: RankableTool[] = [
  { modelName: 'weather_now', tool: { name: 'now', description: 'current weather forecast' } },
  { modelName: 'files_read', tool: { name: 'read', description: 'read a text file' } },
].map((entry) => ({ ...entry, tool: { ...entry.tool, inputSchema: { type: 'object' } } }));

describe('tool vectors kept between runs', () => {
  it('reads back what it kept, per model, as 32-bit floats', () => {
    const dir = dataDir();
    const store = openToolVectorStore({ dataDir: dir });
    const vector = [0.1, -0.25, 1 / 3];
    store.save('all-minilm@2025-01-01', new Map([[textKey('read a file'), vector]]));
    const loaded = store.load('all-minilm@2025-01-01').get(textKey('read a file')) ?? [];
    expect(loaded).toHaveLength(3);
    loaded.forEach((value, index) => expect(value).toBeCloseTo(vector[index] ?? 0, 6));
    // Another model, or the same one pulled again, has vectors of its own.
    expect(store.load('all-minilm@2025-06-01').size).toBe(0);
    // Texts are kept as hashes only.
    const [file] = readdirSync(folderOf(dir));
    expect(readFileSync(join(folderOf(dir), file ?? ''), 'utf8')).not.toContain('read a file');
  });

  it('treats a damaged or foreign file as empty, and a folder it cannot write as no cache', () => {
    const dir = dataDir();
    const problems: string[] = [];
    const store = openToolVectorStore({
      dataDir: dir,
      onProblem: (message) => problems.push(message),
    });
    store.save('m', new Map([[textKey('x'), [1, 0]]]));
    const [file] = readdirSync(folderOf(dir));
    writeFileSync(join(folderOf(dir), file ?? ''), '{"version":1,"model":"m","vectors":');
    expect(store.load('m').size).toBe(0);
    writeFileSync(join(folderOf(dir), file ?? ''), '{"version":1,"model":"other","vectors":{}}');
    expect(store.load('m').size).toBe(0);

    // A file where its folder should be: nothing can be written there, even as root.
    const blockedDir = dataDir();
    writeFileSync(join(blockedDir, 'cache'), 'not a folder');
    const blocked = openToolVectorStore({
      dataDir: blockedDir,
      onProblem: (message) => problems.push(message),
    });
    expect(() => blocked.save('m', new Map([[textKey('x'), [1, 0]]]))).not.toThrow();
    expect(problems).toEqual(['Keeping the tools’ embedding vectors failed']);
    expect(blocked.load('m').size).toBe(0);
  });

  it('lets a ranker in a later run embed only the message', async () => {
    const dir = dataDir();
    const batches: string[][] = [];
    const embedder = {
      model: 'all-minilm',
      embed: (texts: string[]) => {
        batches.push(texts);
        return Promise.resolve(texts.map(fakeEmbedding));
      },
    };
    const kept = () => {
      const store = openToolVectorStore({ dataDir: dir });
      return {
        load: () => store.load('all-minilm@1'),
        save: (v: ReadonlyMap<string, readonly number[]>) => store.save('all-minilm@1', v),
      };
    };
    const first = await createSemanticRanker(embedder, kept()).score(tools, 'weather forecast');
    const later = await createSemanticRanker(embedder, kept()).score(tools, 'weather forecast');
    expect(batches.map((batch) => batch.length)).toEqual([2, 1, 1]);
    later.forEach((score, index) => expect(score).toBeCloseTo(first[index] ?? 0, 5));
  });
});
