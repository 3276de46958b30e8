import { describe, expect, it } from 'vitest';
import {
  bestFirst,
  createToolSelector,
  type SelectableTool,
} from '../../../../../electron/core/chat/offer/ranking/selectTools';

function tool(modelName: string, description: string, pinned = false): SelectableTool {
  return {
    modelName,
    server: modelName.split('_')[0] ?? '',
    tool: { name: modelName, description, inputSchema: { type: 'object' } },
    ...(pinned ? { pinned } : {}),
  };
}

const TOOLS = [
  tool('files_read', 'Read a text file'),
  tool('files_write', 'Write a text file'),
  tool('slack_post', 'Post a message to a Slack channel'),
  tool('maps_directions', 'Directions between two places'),
  tool('github_issue', 'Create a GitHub issue'),
  tool('weather_now', 'Current weather for a city', true),
];

/** A message, and eight tools that share fewer and fewer of its words. */
const QUERY = 'pasta dinner recipes with garlic basil tomato olives';
const MATCHING = Array.from({ length: 8 }, (_, place) =>
  tool(
    `notes_find${place}`,
    QUERY.split(' ')
      .slice(0, 8 - place)
      .join(' '),
  ),
);

describe('choosing the tools for a message', () => {
  it('sends every tool while they fit the budget', () => {
    const selection = createToolSelector().select({
      tools: TOOLS,
      query: 'anything',
      budget: 10,
      used: [],
    });
    expect(selection.tools).toHaveLength(TOOLS.length);
    expect(new Set(selection.reasons.values())).toEqual(new Set(['all']));
  });

  it('keeps pinned and used tools, fills the rest by relevance, in catalog order', () => {
    const selection = createToolSelector().select({
      tools: TOOLS,
      query: 'post a message on slack',
      budget: 3,
      used: ['github_issue'],
    });
    expect(selection.tools.map((chosen) => chosen.modelName)).toEqual([
      'slack_post',
      'github_issue',
      'weather_now',
    ]);
    expect(Object.fromEntries(selection.reasons)).toEqual({
      weather_now: 'pinned',
      github_issue: 'used',
      slack_post: 'relevant',
    });
  });

  it('keeps every pin even past the budget, and the most recently used first', () => {
    const pinnedAll = TOOLS.map((entry) => ({
      ...entry,
      pinned: entry.modelName !== 'files_read',
    }));
    const selection = createToolSelector().select({
      tools: pinnedAll,
      query: 'read a file',
      budget: 2,
      used: ['files_read'],
    });
    expect(selection.tools).toHaveLength(5);
    expect(selection.reasons.has('files_read')).toBe(false);
  });

  it('sends no tool the message does not point to, and leans on the previous message for a follow-up', () => {
    const selector = createToolSelector();
    const vague = selector.select({ tools: TOOLS, query: 'yes do it', budget: 2, used: [] });
    expect(Object.fromEntries(vague.reasons)).toEqual({ weather_now: 'pinned' });
    expect(vague.unmatched).toBe(true);
    const followUp = selector.select({
      tools: TOOLS,
      query: 'yes do it',
      context: 'how do I get to the station, which directions',
      budget: 2,
      used: [],
    });
    expect(Object.fromEntries(followUp.reasons)).toEqual({
      weather_now: 'pinned',
      maps_directions: 'relevant',
    });
    expect(followUp.unmatched).toBe(false);
  });

  it('offers a tool only an embedding links to the message when its similarity stands out', () => {
    const selector = createToolSelector();
    const flat = TOOLS.map(() => 0.3);
    const none = selector.select({
      tools: TOOLS,
      query: 'zzz',
      budget: 3,
      used: [],
      semanticScores: flat,
    });
    expect([...none.reasons.values()]).not.toContain('relevant');
    const outlier = TOOLS.map((entry) => (entry.modelName === 'maps_directions' ? 0.9 : 0.3));
    const one = selector.select({
      tools: [...TOOLS, ...TOOLS.map((entry) => ({ ...entry, modelName: `${entry.modelName}_2` }))],
      query: 'zzz',
      budget: 3,
      used: [],
      semanticScores: [...outlier, ...TOOLS.map(() => 0.3)],
    });
    expect(one.reasons.get('maps_directions')).toBe('relevant');
    expect(one.unmatched).toBe(false);
  });

  it('lets similarity fill only the last quarter of the open slots, so a weak model cannot push out what the words point to', () => {
    // Eight tools the message's words match, best first, and eight it does not.
    const matching = MATCHING;
    const others = Array.from({ length: 8 }, (_, place) => tool(`other_x${place}`, 'Unrelated'));
    const tools = [...matching, ...others];
    const lexicalOnly = createToolSelector().select({
      tools,
      query: QUERY,
      budget: 4,
      used: [],
    });
    const lexicalNames = lexicalOnly.tools.map((chosen) => chosen.modelName);
    expect(lexicalNames).toEqual(['notes_find0', 'notes_find1', 'notes_find2', 'notes_find3']);
    // A model that ranks the words' best matches last, and one unrelated tool far above all.
    const backwards = tools.map((_, position) => (position === 8 ? 0.99 : position / 100));
    const fused = createToolSelector().select({
      tools,
      query: QUERY,
      budget: 4,
      used: [],
      semanticScores: backwards,
    });
    expect(fused.tools.map((chosen) => chosen.modelName)).toEqual([
      'notes_find0',
      'notes_find1',
      'notes_find2',
      'other_x0',
    ]);
    expect(fused.reasons.get('other_x0')).toBe('relevant');
  });

  it('gives the similarity slots to the closest of the words’ other matches when none stands out', () => {
    const tools = MATCHING;
    const closest = tools.map((_, position) => (position === 6 ? 0.5 : 0.4 + position / 1000));
    const fused = createToolSelector().select({
      tools,
      query: QUERY,
      budget: 4,
      used: [],
      semanticScores: closest,
    });
    expect(fused.tools.map((chosen) => chosen.modelName)).toEqual([
      'notes_find0',
      'notes_find1',
      'notes_find2',
      'notes_find6',
    ]);
  });

  it('orders positions by score, ties in catalog order', () => {
    expect(bestFirst([2, 1, 0.5, 0])).toEqual([0, 1, 2, 3]);
    expect(bestFirst([0, 1, 1, 3])).toEqual([3, 1, 2, 0]);
  });
});
