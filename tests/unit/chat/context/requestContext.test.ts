import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../../../electron/core/chat/context/dropOldestTurns';
import {
  messagesAfter,
  requestContext,
  summaryForModel,
  type RequestContextInput,
} from '../../../../electron/core/chat/context/requestContext';
import { summaryCover } from '../../../../electron/core/chat/context/summaryCover';
import {
  summaryChatRequest,
  transcriptParts,
} from '../../../../electron/core/chat/context/summaryRequest';
import type { StoredMessage } from '../../../../electron/core/history/types';

// The one computation behind both the request and the context bar: its parts, where the summary
// goes, which turns a new summary stands for, and the requests that write it.
const at = '2026-01-01T00:00:00.000Z';

function build(specs: Omit<StoredMessage, 'id' | 'createdAt'>[]): StoredMessage[] {
  return specs.map((spec, index) => ({ ...spec, id: index + 1, createdAt: at }) as StoredMessage);
}

const words = (count: number) => 'plant the beans by the wall '.repeat(count).trim();

/** Turns of a question, a call with its result, and an answer. */
function turns(count: number, size: number): StoredMessage[] {
  const specs: Omit<StoredMessage, 'id' | 'createdAt'>[] = [];
  for (let turn = 0; turn < count; turn++) {
    specs.push({ role: 'user', content: `Q${turn} ${words(size)}` });
    specs.push({
      role: 'assistant',
      content: '',
      toolCalls: [
        { id: `c${turn}`, server: 'files', tool: 'read', modelName: 'files_read', arguments: {} },
      ],
    });
    specs.push({
      role: 'tool',
      content: words(size),
      toolCallId: `c${turn}`,
      toolName: 'files_read',
    });
    specs.push({ role: 'assistant', content: `A${turn} ${words(size)}` });
  }
  return build(specs);
}

const input = (messages: StoredMessage[], extra: Partial<RequestContextInput> = {}) => ({
  systemPrompt: 'You are Hearth.',
  messages,
  vision: false,
  toolsJson: JSON.stringify([{ type: 'function', function: { name: 'files_read' } }]),
  fixedContextTokens: 0,
  capTokens: 4_096,
  modelMaxTokens: 131_072,
  ...extra,
});

describe('the context of one request', () => {
  it('splits its estimate into parts that add up to it, attachments apart from the words', () => {
    const messages = build([
      {
        role: 'user',
        content: 'What does it say?',
        attachments: [
          {
            server: 'files',
            uri: 'file:///notes.md',
            name: 'notes.md',
            contents: [
              { uri: 'file:///notes.md', mimeType: 'text/markdown', text: words(100), size: 2_800 },
            ],
          },
        ],
      },
    ]);
    const context = requestContext(input(messages));
    const { system, tools, summary, conversation, attachments } = context.parts;
    expect(system + tools + summary + conversation + attachments).toBe(context.estimatedTokens);
    expect(summary).toBe(0);
    // The attached text is about 2,800 characters: hundreds of tokens, the words a handful.
    expect(attachments).toBeGreaterThan(700);
    expect(conversation).toBeLessThan(20);
  });

  it('sends the summary as a system message after the system prompt, then the turns after it', () => {
    const messages = turns(6, 10);
    const context = requestContext(
      input(messages, { summary: { throughMessageId: 8, content: 'They talked about beans.' } }),
    );
    expect(context.wire[0]).toEqual({ role: 'system', content: 'You are Hearth.' });
    expect(context.wire[1]).toEqual({
      role: 'system',
      content: summaryForModel('They talked about beans.'),
    });
    expect(context.wire[2]?.content).toMatch(/^Q2 /);
    expect(context.wire.length).toBe(2 + messages.length - 8);
    expect(context.parts.summary).toBe(
      4 + estimateTokens(summaryForModel('They talked about beans.')),
    );
  });

  it('sends no summary made on another branch, and the whole branch in its place', () => {
    // Message 8 was on a branch left behind by an edit: the branch sent has ids 1-4, then 20-23.
    const shown = turns(2, 10);
    const branch = [
      ...shown.slice(0, 4),
      ...shown.slice(4).map((message, index) => ({ ...message, id: 20 + index })),
    ];
    const offBranch = { throughMessageId: 8, content: 'They talked about peas.' };
    const context = requestContext(input(branch, { summary: offBranch }));
    expect(context.wire.map((message) => message.content)).not.toContain(
      summaryForModel('They talked about peas.'),
    );
    expect(context.wire.length).toBe(1 + branch.length);
    expect(context.parts.summary).toBe(0);
    // The same summary, its message on the branch sent, goes as before.
    const onBranch = requestContext(
      input(branch, { summary: { ...offBranch, throughMessageId: 4 } }),
    );
    expect(onBranch.wire[1]?.content).toBe(summaryForModel('They talked about peas.'));
    expect(onBranch.wire.length).toBe(2 + 4);
  });

  it('never sends a result whose call the summary stands for, even one saved later', () => {
    const messages = build([
      { role: 'user', content: 'run it' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'late', server: 's', tool: 't', modelName: 's_t', arguments: {} }],
      },
      { role: 'user', content: 'and now?' },
      { role: 'tool', content: 'finished late', toolCallId: 'late', toolName: 's_t' },
    ]);
    expect(messagesAfter(messages, 2).map((message) => message.content)).toEqual(['and now?']);
  });
});

describe('which turns a new summary stands for', () => {
  it('the fewest whole turns after which nothing is left out, cut where a turn starts', () => {
    const messages = turns(12, 25);
    expect(requestContext(input(messages)).droppedMessages).toBeGreaterThan(0);
    const cover = summaryCover(input(messages));
    expect(cover).toBeDefined();
    const through = cover?.throughMessageId ?? 0;
    // Cut before a user message, so every call goes with its result.
    expect(messages.find((message) => message.id === through + 1)?.role).toBe('user');
    expect(cover?.messages.map((message) => message.id)).toEqual(
      messages.filter((message) => message.id <= through).map((message) => message.id),
    );
    // With a summary of the room's size, nothing is left out; one turn fewer would not do.
    const room = 'x'.repeat(512 * 3.5);
    expect(
      requestContext(input(messages, { summary: { throughMessageId: through, content: room } }))
        .droppedMessages,
    ).toBe(0);
    expect(
      requestContext(input(messages, { summary: { throughMessageId: through - 4, content: room } }))
        .droppedMessages,
    ).toBeGreaterThan(0);
  });

  it('carries on from the summary in force, and has nothing to cover in a single turn', () => {
    const messages = turns(12, 25);
    const first = summaryCover(input(messages));
    const next = summaryCover(
      input(messages, {
        summary: { throughMessageId: first?.throughMessageId ?? 0, content: 'x' },
      }),
    );
    expect(next?.messages[0]?.id).toBe((first?.throughMessageId ?? 0) + 1);
    expect(summaryCover(input(turns(1, 400)))).toBeUndefined();
  });
});

describe('the requests that write a summary', () => {
  it('cut a long transcript into parts that each fit the window the request asks for', () => {
    const messages = turns(40, 40);
    const window = { fixedContextTokens: 0, capTokens: 4_096, modelMaxTokens: 131_072 };
    const parts = transcriptParts(messages, window);
    expect(parts.length).toBeGreaterThan(1);
    let previous: string | undefined;
    for (const part of parts) {
      expect(part.length).toBeGreaterThan(0);
      const request = summaryChatRequest({ model: 'm', previous, part, window, keepAlive: '5m' });
      const sent = (request.messages ?? []).map((message) => message.content).join('\n');
      expect(estimateTokens(sent) + 1_024).toBeLessThanOrEqual(request.options?.num_ctx ?? 0);
      expect(request.options?.num_ctx).toBeLessThanOrEqual(4_096);
      // A model that wrote far longer than asked: what it carries forward is cut to fit.
      previous = 'The summary so far. '.repeat(600);
    }
    const base = { model: 'm', previous: undefined, part: 'User: hi', window, keepAlive: '5m' };
    expect(summaryChatRequest(base).think).toBeUndefined();
    expect(summaryChatRequest({ ...base, thinking: { levels: false } }).think).toBe(false);
    expect(summaryChatRequest({ ...base, thinking: { levels: true } }).think).toBe('low');
    const whole = parts.join('\n\n');
    expect(whole).toContain('Assistant called the tool files_read with {}');
    // Every turn is in some part, in order.
    const found = [...whole.matchAll(/^User: Q(\d+) /gm)].map((match) => Number(match[1]));
    expect(found).toEqual(Array.from({ length: 40 }, (_, turn) => turn));
  });
});
