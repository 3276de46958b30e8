import { describe, expect, it } from 'vitest';
import {
  CHARS_PER_TOKEN,
  estimateTokens,
  dropOldestTurns,
  MESSAGE_OVERHEAD_TOKENS,
  type ChatMessageLike,
} from '../../../../electron/core/chat/context/dropOldestTurns';

// One token per character makes every cost in these tests plain arithmetic.
const byCharacter = (text: string) => text.length;
const OVERHEAD = MESSAGE_OVERHEAD_TOKENS;

function user(content: string): ChatMessageLike {
  return { role: 'user', content };
}
function assistant(content: string, toolCalls?: unknown[]): ChatMessageLike {
  return toolCalls
    ? { role: 'assistant', content, tool_calls: toolCalls }
    : { role: 'assistant', content };
}
function tool(content: string, name = 'files_read'): ChatMessageLike {
  return { role: 'tool', content, tool_name: name };
}
function call(name: string) {
  return { function: { name, arguments: { path: '/tmp' } } };
}

/** What `dropOldestTurns` counts for these messages with `byCharacter`. */
function cost(messages: ChatMessageLike[]): number {
  return messages.reduce(
    (total, message) =>
      total +
      OVERHEAD +
      message.content.length +
      (message.tool_calls ? JSON.stringify(message.tool_calls).length : 0) +
      (message.tool_name?.length ?? 0),
    0,
  );
}

function fit(messages: ChatMessageLike[], budget: number, system = 'sys', toolsJson = '[]') {
  return dropOldestTurns({
    system,
    messages,
    toolsJson,
    contextTokens: budget + 100,
    replyReserveTokens: 100,
    countTokens: byCharacter,
  });
}

const fixedCost = (system = 'sys', toolsJson = '[]') => OVERHEAD + system.length + toolsJson.length;

describe('estimateTokens', () => {
  it('divides ASCII characters by CHARS_PER_TOKEN and rounds up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('a'.repeat(7))).toBe(Math.ceil(7 / CHARS_PER_TOKEN));
    expect(estimateTokens('a'.repeat(7))).toBe(2);
    expect(estimateTokens('a'.repeat(8))).toBe(3);
  });

  it('counts each character outside ASCII as a whole token, an emoji once', () => {
    expect(estimateTokens('你好世界')).toBe(4);
    expect(estimateTokens('😀😀')).toBe(2);
    expect(estimateTokens('abcdefg你')).toBe(3);
  });
});

describe('dropOldestTurns', () => {
  const history = [
    user('first question'),
    assistant('first answer'),
    user('second question'),
    assistant('second answer'),
    user('third question'),
  ];

  it('sends everything when it fits, and reports the full estimate', () => {
    const result = fit(history, 10_000);
    expect(result.messages).toEqual(history);
    expect(result.droppedMessages).toBe(0);
    expect(result.estimatedTokens).toBe(fixedCost() + cost(history));
  });

  it('keeps everything when the request fills the budget exactly', () => {
    const result = fit(history, fixedCost() + cost(history));
    expect(result.droppedMessages).toBe(0);
  });

  it('drops the oldest whole turn when the request is one token over', () => {
    const result = fit(history, fixedCost() + cost(history) - 1);
    expect(result.messages).toEqual(history.slice(2));
    expect(result.droppedMessages).toBe(2);
    expect(result.estimatedTokens).toBe(fixedCost() + cost(history.slice(2)));
  });

  it('drops oldest turns first until the rest fits', () => {
    const result = fit(history, fixedCost() + cost(history.slice(3)) + 1);
    // Turns are [0,1], [2,3], [4]: dropping the second whole turn is the only cut that fits.
    expect(result.messages).toEqual([history[4]]);
    expect(result.droppedMessages).toBe(4);
  });

  it('counts the system prompt and the tools against the budget and never drops them', () => {
    const toolsJson = JSON.stringify([{ type: 'function', function: { name: 'x'.repeat(200) } }]);
    const budget = fixedCost('sys', toolsJson) + cost(history.slice(2));
    const result = fit(history, budget, 'sys', toolsJson);
    expect(result.messages).toEqual(history.slice(2));
    expect(result.estimatedTokens).toBe(budget);
  });

  it('keeps the latest user message even when it alone does not fit, and says by how much', () => {
    const huge = user('y'.repeat(500));
    const result = fit([...history, assistant('ok'), huge], 50);
    expect(result.messages).toEqual([huge]);
    expect(result.droppedMessages).toBe(history.length + 1);
    expect(result.estimatedTokens).toBe(fixedCost() + cost([huge]));
    expect(result.estimatedTokens).toBeGreaterThan(50);
  });

  it('drops an assistant greeting before the first user message as the oldest turn', () => {
    const messages = [assistant('Hello! How can I help?'), user('hi'), assistant('hey')];
    const result = fit(messages, fixedCost() + cost(messages.slice(1)));
    expect(result.messages).toEqual(messages.slice(1));
  });

  it('drops an old turn with tool calls whole, never leaving a tool result without its call', () => {
    const messages = [
      user('list files'),
      assistant('', [call('files_list'), call('files_stat')]),
      tool('a.txt b.txt'),
      tool('size 12'),
      assistant('There are two files.'),
      user('thanks'),
    ];
    for (let budget = fixedCost() + cost(messages.slice(5)); budget < 400; budget++) {
      const kept = fit(messages, budget).messages;
      expect(kept[0]?.role).toBe('user');
      expect(kept.length === 1 || kept.length === messages.length).toBe(true);
    }
  });

  it('inside the latest turn, drops its oldest tool step whole before giving up', () => {
    const question = user('compare the two files');
    const firstStep = [assistant('', [call('files_read')]), tool('x'.repeat(300))];
    const secondStep = [assistant('', [call('files_read')]), tool('short')];
    const messages = [question, ...firstStep, ...secondStep];
    const result = fit(messages, fixedCost() + cost([question, ...secondStep]));
    expect(result.messages).toEqual([question, ...secondStep]);
    expect(result.droppedMessages).toBe(2);
  });

  it('keeps the newest tool step of the latest turn even when it does not fit', () => {
    const question = user('read it');
    const step = [assistant('', [call('files_read')]), tool('z'.repeat(1_000))];
    const result = fit([question, ...step], 20);
    expect(result.messages).toEqual([question, ...step]);
    expect(result.estimatedTokens).toBeGreaterThan(20);
  });

  it('counts thinking, tool calls and tool names, not only content', () => {
    const withThinking: ChatMessageLike = {
      role: 'assistant',
      content: 'a',
      thinking: 'hmm '.repeat(50),
    };
    const messages = [user('q'), withThinking, user('next')];
    const result = fit(messages, fixedCost() + cost([user('q'), assistant('a'), user('next')]));
    expect(result.messages).toEqual([user('next')]);
  });

  it('uses the default estimate when no counter is given', () => {
    const messages = [user('a'.repeat(35)), assistant('b'.repeat(35)), user('c'.repeat(7))];
    const system = 's'.repeat(7);
    const expected = OVERHEAD + 2 + 3 * OVERHEAD + 10 + 10 + 2;
    const result = dropOldestTurns({
      system,
      messages,
      toolsJson: '',
      contextTokens: expected,
      replyReserveTokens: 0,
    });
    expect(result).toEqual({ messages, droppedMessages: 0, estimatedTokens: expected });
    const tighter = dropOldestTurns({
      system,
      messages,
      toolsJson: '',
      contextTokens: expected - 1,
      replyReserveTokens: 0,
    });
    expect(tighter.messages).toEqual([messages[2]]);
  });

  it('uses a custom counter in place of the estimate', () => {
    const words = (text: string) => (text.trim() === '' ? 0 : text.trim().split(/\s+/).length);
    const messages = [user('one two three four five six'), assistant('ok'), user('why')];
    const result = dropOldestTurns({
      system: 'be brief',
      messages,
      toolsJson: '',
      contextTokens: 1_000,
      replyReserveTokens: 0,
      countTokens: words,
    });
    expect(result.estimatedTokens).toBe(OVERHEAD + 2 + 3 * OVERHEAD + 6 + 1 + 1);
  });

  it('returns the messages unchanged and counts only the fixed part for an empty conversation', () => {
    const result = fit([], 1_000);
    expect(result).toEqual({ messages: [], droppedMessages: 0, estimatedTokens: fixedCost() });
  });
});
