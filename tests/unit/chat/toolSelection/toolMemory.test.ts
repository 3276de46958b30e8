import { describe, expect, it } from 'vitest';
import { createToolSelector } from '../../../../electron/core/chat/toolSelection/selectTools';
import {
  createToolMemory,
  MAX_ENTRIES,
} from '../../../../electron/core/chat/toolSelection/toolMemory';

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
