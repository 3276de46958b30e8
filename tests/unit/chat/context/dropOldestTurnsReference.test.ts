import { describe, expect, it } from 'vitest';
import {
  dropOldestTurns,
  MESSAGE_OVERHEAD_TOKENS,
  type ChatMessageLike,
} from '../../../../electron/core/chat/context/dropOldestTurns';

// dropOldestTurns runs before every request over the whole conversation, so it works on indexes
// and running sums. Over random conversations and windows it must keep exactly what the rule
// says, written here the plain way: whole turns dropped oldest first, never the last turn; then
// the last turn's oldest steps, never its opening message or its newest step.
const byCharacter = (text: string) => text.length;

function cost(message: ChatMessageLike): number {
  return (
    MESSAGE_OVERHEAD_TOKENS +
    message.content.length +
    (message.tool_calls?.length ? JSON.stringify(message.tool_calls).length : 0) +
    (message.tool_name?.length ?? 0)
  );
}

function groups(indexes: number[], startsGroup: (index: number, at: number) => boolean) {
  const grouped: number[][] = [];
  indexes.forEach((index, at) => {
    if (at === 0 || startsGroup(index, at)) grouped.push([index]);
    else grouped.at(-1)?.push(index);
  });
  return grouped;
}

function plainFit(messages: ChatMessageLike[], fixed: number, budget: number) {
  const all = messages.map((_, index) => index);
  const sum = (indexes: number[]) =>
    indexes.reduce((total, index) => total + cost(messages[index] as ChatMessageLike), 0);
  const turns = groups(all, (index) => messages[index]?.role === 'user');
  let total = fixed + sum(all);
  let first = 0;
  while (total > budget && first < turns.length - 1) total -= sum(turns[first++] ?? []);
  const kept = new Set(turns.slice(first).flat());
  const steps = groups(turns.at(-1) ?? [], (index) =>
    ['user', 'assistant'].includes(messages[index]?.role ?? ''),
  );
  for (const step of steps.slice(1, -1)) {
    if (total <= budget) break;
    total -= sum(step);
    for (const index of step) kept.delete(index);
  }
  return { kept: all.filter((index) => kept.has(index)), total };
}

/** A small deterministic generator, so a failure names its seed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

function conversation(next: (below: number) => number): ChatMessageLike[] {
  const roles = ['user', 'assistant', 'tool', 'tool', 'assistant', 'system'];
  return Array.from({ length: next(30) }, () => {
    const role = roles[next(roles.length)] ?? 'user';
    const content = 'x'.repeat(next(40));
    return role === 'tool'
      ? { role, content, tool_name: 'files_read' }
      : role === 'assistant' && next(2) === 0
        ? { role, content, tool_calls: [{ function: { name: 'files_read', arguments: {} } }] }
        : { role, content };
  });
}

describe('fitting a conversation to a window, against the plain rule', () => {
  it('keeps what the plain rule keeps over 3,000 random conversations and windows', () => {
    for (let seed = 1; seed <= 3_000; seed++) {
      const next = random(seed);
      const messages = conversation(next);
      const system = 's'.repeat(next(20));
      const toolsJson = 't'.repeat(next(20));
      const contextTokens = next(600);
      const replyReserveTokens = next(50);
      const fitted = dropOldestTurns({
        system,
        messages,
        toolsJson,
        contextTokens,
        replyReserveTokens,
        countTokens: byCharacter,
      });
      const fixed = MESSAGE_OVERHEAD_TOKENS + system.length + toolsJson.length;
      const plain = plainFit(messages, fixed, contextTokens - replyReserveTokens);
      expect({ seed, kept: fitted.messages, total: fitted.estimatedTokens }).toEqual({
        seed,
        kept: plain.kept.map((index) => messages[index]),
        total: plain.total,
      });
      expect(fitted.droppedMessages).toBe(messages.length - plain.kept.length);
    }
  });
});
