import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToolSelector } from '../../../../../electron/core/chat/offer/ranking/selectTools';
import {
  createToolMemory,
  LEARNED_WRITE_DELAY_MS,
  MAX_ENTRIES,
  openToolMemory,
} from '../../../../../electron/core/chat/offer/ranking/toolMemory';
import { tempDir } from '../../../../support/testHost';

function memoryInArray() {
  let entries: Parameters<Parameters<typeof createToolMemory>[0]['write']>[0] = [];
  const memory = createToolMemory({
    read: () => entries,
    write: (next) => (entries = next),
  });
  return { memory, entries: () => entries };
}

const tools = [
  { server: 'weather', tool: { name: 'forecast' } },
  { server: 'files', tool: { name: 'read' } },
];

describe('learning from the tools used', () => {
  it('ranks a tool used for a similar earlier message, keeping words as terms, never the text', () => {
    const { memory, entries } = memoryInArray();
    memory.remember('Will it rain in Lyon tomorrow?', { server: 'weather', tool: 'forecast' });
    expect(JSON.stringify(entries())).not.toContain('Will it rain');
    const [forecast, read] = memory.affinity('will it rain tomorrow in Paris', tools);
    expect(forecast).toBeGreaterThan(0.3);
    expect(read).toBe(0);
    expect(memory.affinity('open the quarterly report', tools)).toEqual([0, 0]);
  });

  it('keeps one entry per message and tool, at most a bounded number, and forgets all at once', () => {
    const { memory } = memoryInArray();
    memory.remember('rain tomorrow', { server: 'weather', tool: 'forecast' });
    memory.remember('rain tomorrow', { server: 'weather', tool: 'forecast' });
    expect(memory.size()).toBe(1);
    for (let index = 0; index < MAX_ENTRIES + 10; index++)
      memory.remember(`message number ${index}`, { server: 'files', tool: 'read' });
    expect(memory.size()).toBe(MAX_ENTRIES);
    expect(memory.forget()).toBe(MAX_ENTRIES);
    expect(memory.size()).toBe(0);
  });

  it('lets selection offer a learned tool the message has no word in common with', () => {
    const selectable = [
      ...['a', 'b', 'c', 'd'].map((name) => ({
        modelName: `x_${name}`,
        server: 'x',
        tool: { name, description: `Tool ${name}`, inputSchema: { type: 'object' as const } },
      })),
    ];
    const selector = createToolSelector();
    const without = selector.select({ tools: selectable, query: 'bonjour', budget: 2, used: [] });
    expect(without.tools).toEqual([]);
    const learned = selector.select({
      tools: selectable,
      query: 'bonjour',
      budget: 2,
      used: [],
      learned: [0, 0, 0.8, 0],
    });
    expect(learned.tools.map((tool) => tool.modelName)).toEqual(['x_c']);
    expect(learned.reasons.get('x_c')).toBe('relevant');
  });
});

describe('what was learned, kept in the data folder', () => {
  const weather = { server: 'weather', tool: 'forecast' };
  const open = (dataDir: string) =>
    openToolMemory({
      dataDir,
      onProblem: (message) => expect.fail(message),
      onWriteFailed: (error) => expect.fail(String(error)),
    });
  const onDisk = (dataDir: string) =>
    (JSON.parse(readFileSync(join(dataDir, 'tool-memory.json'), 'utf8')) as { entries: unknown[] })
      .entries.length;

  afterEach(() => vi.useRealTimers());

  it('writes tool runs together a moment after the first, and counts them at once', () => {
    vi.useFakeTimers();
    const dataDir = tempDir('tool-memory');
    const memory = open(dataDir);
    memory.remember('rain in Lyon tomorrow', weather);
    memory.remember('rain in Paris today', weather);
    // Known to ranking at once, before the file is written.
    expect(memory.size()).toBe(2);
    expect(
      memory.affinity('rain in Lyon tomorrow', [{ ...weather, tool: { name: 'forecast' } }]),
    ).toEqual([1]);
    vi.advanceTimersByTime(LEARNED_WRITE_DELAY_MS);
    expect(onDisk(dataDir)).toBe(2);
    expect(open(dataDir).size()).toBe(2);
  });

  it('writes what is still waiting when Hearth quits', () => {
    vi.useFakeTimers();
    const dataDir = tempDir('tool-memory');
    const memory = open(dataDir);
    memory.remember('rain in Lyon tomorrow', weather);
    memory.flush();
    expect(open(dataDir).size()).toBe(1);
  });

  it('forgets on disk at once, with nothing learned before written back later', () => {
    vi.useFakeTimers();
    const dataDir = tempDir('tool-memory');
    const memory = open(dataDir);
    memory.remember('rain in Lyon tomorrow', weather);
    memory.flush();
    memory.remember('rain in Paris today', weather);
    expect(memory.forget()).toBe(2);
    expect(onDisk(dataDir)).toBe(0);
    vi.advanceTimersByTime(LEARNED_WRITE_DELAY_MS);
    expect(open(dataDir).size()).toBe(0);
  });
});
