import { describe, expect, it } from 'vitest';
import {
  conversationReducer,
  initialConversationState,
  unattachedCalls,
  visibleMessages,
  type ConversationAction,
  type ConversationState,
} from '../../../../renderer/src/chat/conversationState';
import { snippetParts, relativeTime } from '../../../../renderer/src/chat/conversations/listText';
import { sameBubble, type BubbleProps } from '../../../../renderer/src/chat/messages/MessageBubble';
import {
  cardStateOf,
  formatDuration,
  resultBlocks,
} from '../../../../renderer/src/chat/messages/toolResult';
import { conversation, message, toolCallEvent } from './chatFixtures';

function run(state: ConversationState, ...actions: ConversationAction[]): ConversationState {
  return actions.reduce(conversationReducer, state);
}

const delta = (content: string, extra = {}): ConversationAction => ({
  type: 'event',
  event: {
    kind: 'delta',
    payload: { conversationId: 'c1', turnId: 't1', content, ...extra },
  },
});
const saved = (stored: ReturnType<typeof message>): ConversationAction => ({
  type: 'event',
  event: { kind: 'message', payload: { conversationId: 'c1', message: stored } },
});
const status = (
  state: 'thinking' | 'streaming' | 'running-tools' | 'done' | 'stopped' | 'failed',
  extra = {},
): ConversationAction => ({
  type: 'event',
  event: { kind: 'status', payload: { conversationId: 'c1', turnId: 't1', state, ...extra } },
});

describe('a conversation read in pages', () => {
  const older = [message('user', 'First'), message('assistant', 'One')];
  const latest = [message('user', 'Second'), message('assistant', 'Two')];
  const opened = (messages: typeof latest, earlier: number): ConversationAction => ({
    type: 'loaded',
    conversation: conversation('c1', messages, { earlierMessages: earlier }),
  });

  it('counts the messages not read yet, and puts an earlier page before the ones read', () => {
    const state = run(initialConversationState('c1'), opened(latest, 2));
    expect(state.earlier).toBe(2);
    const more = run(state, {
      type: 'earlierLoaded',
      conversationId: 'c1',
      messages: older,
      earlier: 0,
    });
    expect(more.messages.map((saved) => saved.content)).toEqual(['First', 'One', 'Second', 'Two']);
    expect(more.earlier).toBe(0);
  });

  it('keeps the earlier pages and their count when the latest page is read again', () => {
    const paged = run(initialConversationState('c1'), opened(latest, 5), {
      type: 'earlierLoaded',
      conversationId: 'c1',
      messages: older,
      earlier: 3,
    });
    // After a send, main is asked again for the latest page only.
    const reply = message('assistant', 'Three');
    const again = run(paged, opened([...latest, reply], 5));
    expect(again.messages.map((saved) => saved.content)).toEqual([
      'First',
      'One',
      'Second',
      'Two',
      'Three',
    ]);
    expect(again.earlier).toBe(3);
  });

  it('ignores a page of another conversation, and messages it already has', () => {
    const state = run(initialConversationState('c1'), opened(latest, 2));
    const elsewhere = run(state, {
      type: 'earlierLoaded',
      conversationId: 'c2',
      messages: older,
      earlier: 0,
    });
    expect(elsewhere).toBe(state);
    const twice = run(state, {
      type: 'earlierLoaded',
      conversationId: 'c1',
      messages: [...older, ...latest],
      earlier: 0,
    });
    expect(twice.messages).toHaveLength(4);
  });
});

describe('the conversation reducer', () => {
  it('appends deltas to the reply in flight and leaves the saved messages untouched', () => {
    const user = message('user', 'Hi');
    const start = run(initialConversationState('c1'), saved(user), status('thinking'));
    const after = run(start, delta('Hel'), delta('lo', { thinking: 'hmm' }));
    expect(after.turn).toMatchObject({ phase: 'streaming', content: 'Hello', thinking: 'hmm' });
    expect(after.messages).toBe(start.messages);
    expect(after.toolResults).toBe(start.toolResults);
  });

  it('moves the streamed text into the saved assistant message when main saves it', () => {
    const reply = message('assistant', 'Hello');
    const state = run(
      initialConversationState('c1'),
      status('thinking'),
      delta('Hello'),
      saved(reply),
    );
    expect(state.turn).toMatchObject({ content: '', thinking: '' });
    expect(state.messages.at(-1)).toBe(reply);
    expect(run(state, status('done')).turn).toBeUndefined();
  });

  it('ignores events of another conversation', () => {
    const state = initialConversationState('c1');
    const other: ConversationAction = {
      type: 'event',
      event: { kind: 'delta', payload: { conversationId: 'c2', turnId: 't9', content: 'x' } },
    };
    expect(run(state, other)).toBe(state);
  });

  it('keeps the events of a new conversation that arrive before chat:send answers', () => {
    const user = message('user', 'First words');
    const state = run(
      initialConversationState(),
      { type: 'sending' },
      saved(user),
      status('thinking'),
      { type: 'started', conversationId: 'c1', turnId: 't1' },
    );
    expect(state.conversationId).toBe('c1');
    expect(state.messages).toEqual([user]);
    expect(state.turn).toMatchObject({ turnId: 't1', phase: 'thinking' });
    expect(state.early).toEqual([]);
    expect(state.needsLoad).toBe(true);
  });

  it('merges a read conversation with messages saved meanwhile, by id', () => {
    const first = message('user', 'one');
    const second = message('assistant', 'two');
    const state = run(initialConversationState('c1'), saved(second), {
      type: 'loaded',
      conversation: conversation('c1', [first, second]),
    });
    expect(state.messages.map((stored) => stored.content)).toEqual(['one', 'two']);
    expect(state.title).toBe('Weather talk');
    expect(state.needsLoad).toBe(false);
  });

  it('attaches tool messages to their call and keeps the latest event of each call', () => {
    const call = {
      id: 'call-1',
      server: 'files',
      tool: 'read_file',
      modelName: 'x',
      arguments: {},
    };
    const assistant = message('assistant', '', { toolCalls: [call] });
    const tool = message('tool', 'file text', { toolCallId: 'call-1' });
    const state = run(
      initialConversationState('c1'),
      status('thinking'),
      saved(assistant),
      { type: 'event', event: { kind: 'toolCall', payload: toolCallEvent({ state: 'running' }) } },
      {
        type: 'event',
        event: { kind: 'progress', payload: { callId: 'call-1', progress: 1, total: 4 } },
      },
      { type: 'event', event: { kind: 'toolCall', payload: toolCallEvent({ state: 'done' }) } },
      saved(tool),
    );
    expect(state.toolResults['call-1']).toBe(tool);
    expect(state.calls['call-1']?.state).toBe('done');
    expect(state.progress['call-1']).toMatchObject({ progress: 1, total: 4 });
    expect(visibleMessages(state.messages)).toEqual([assistant]);
    expect(unattachedCalls(state)).toEqual([]);
  });

  it('ignores progress for calls it has not seen', () => {
    const state = initialConversationState('c1');
    expect(
      run(state, {
        type: 'event',
        event: { kind: 'progress', payload: { callId: 'zz', progress: 1 } },
      }),
    ).toBe(state);
  });

  it('records a failure with its problem, and a notice on a status that did not fail', () => {
    const notice = run(
      initialConversationState('c1'),
      status('thinking', { message: 'cannot use tools' }),
    );
    expect(notice.notice).toBe('cannot use tools');
    const failed = run(
      notice,
      status('failed', { message: 'Ollama is down', problem: 'not-running' }),
    );
    expect(failed.failure).toEqual({ message: 'Ollama is down', problem: 'not-running' });
    expect(failed.turn).toBeUndefined();
    expect(run(failed, { type: 'dismissFailure' }).failure).toBeUndefined();
  });

  it('drops the last user message and what followed when resending', () => {
    const messages = [
      message('user', 'a'),
      message('assistant', 'b'),
      message('user', 'c'),
      message('assistant', 'd'),
    ];
    const state = run(initialConversationState('c1'), ...messages.map(saved), {
      type: 'resending',
    });
    expect(state.messages.map((stored) => stored.content)).toEqual(['a', 'b']);
    expect(state.turn?.phase).toBe('sending');
  });

  it('says why a send was refused and ends the turn', () => {
    const state = run(
      initialConversationState(),
      { type: 'sending' },
      { type: 'sendFailed', message: 'Pick a model first.' },
    );
    expect(state.turn).toBeUndefined();
    expect(state.failure?.message).toBe('Pick a model first.');
  });
});

describe('tool results', () => {
  it('reads text, images, resources and structured content, and refuses odd image types', () => {
    const blocks = resultBlocks({
      content: [
        { type: 'text', text: 'hello' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'image', data: 'PHNjcmlwdD4=', mimeType: 'text/html' },
        { type: 'resource', resource: { uri: 'file:///a', text: 'A' } },
      ],
      structuredContent: { temperature: 21 },
    });
    expect(blocks).toEqual([
      { kind: 'text', text: 'hello' },
      { kind: 'image', src: 'data:image/png;base64,iVBORw0KGgo=', mimeType: 'image/png' },
      { kind: 'json', text: '{\n  "type": "image",\n  "mimeType": "text/html"\n}' },
      { kind: 'resource', uri: 'file:///a', text: 'A' },
      { kind: 'json', text: '{\n  "temperature": 21\n}' },
    ]);
    expect(resultBlocks('not a result')).toEqual([]);
  });

  it('names a state from the live event, else from history and the turn', () => {
    expect(cardStateOf('running', undefined, false, true)).toBe('running');
    expect(
      cardStateOf(
        undefined,
        { id: 'a', server: '', tool: 't', modelName: 't', arguments: {}, outcome: 'denied' },
        true,
        false,
      ),
    ).toBe('denied');
    expect(cardStateOf(undefined, undefined, true, false)).toBe('finished');
    expect(cardStateOf(undefined, undefined, false, true)).toBe('queued');
    expect(cardStateOf(undefined, undefined, false, false)).toBe('not-run');
  });

  it('formats durations for people', () => {
    expect(formatDuration(320)).toBe('320 ms');
    expect(formatDuration(1_420)).toBe('1.4 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
  });
});

describe('list text', () => {
  it('splits a snippet at its match markers and drops stray ones', () => {
    expect(snippetParts('the \u0002cat\u0003 sat\u0003')).toEqual([
      { text: 'the ', match: false },
      { text: 'cat', match: true },
      { text: ' sat', match: false },
    ]);
  });

  it('shows a snippet of Markdown as plain words', () => {
    expect(
      snippetParts(
        '## Plan\n\n- **Buy** \u0002milk\u0003 and `eggs`\n> see [the list](https://x.example/l)',
      ),
    ).toEqual([
      { text: 'Plan Buy ', match: false },
      { text: 'milk', match: true },
      { text: ' and eggs see the list', match: false },
    ]);
  });

  it('says how long ago something happened', () => {
    const now = new Date('2026-01-05T10:00:00Z');
    expect(relativeTime('2026-01-05T09:59:40Z', now)).toBe('just now');
    expect(relativeTime('2026-01-05T09:55:00Z', now)).toMatch(/5 minutes ago/);
    expect(relativeTime('2026-01-04T09:00:00Z', now)).toMatch(/yesterday|1 day ago/);
    expect(relativeTime('garbage', now)).toBe('');
  });
});

describe('saved message bubbles', () => {
  it('skip re-rendering on a delta, and re-render when their own tool call changes', () => {
    const call = {
      id: 'call-1',
      server: 'files',
      tool: 'read_file',
      modelName: 'x',
      arguments: {},
    };
    const assistant = message('assistant', 'Reading', { toolCalls: [call] });
    let state = run(initialConversationState('c1'), status('thinking'), saved(assistant));
    const props = (from: ConversationState): BubbleProps => ({
      message: assistant,
      toolResults: from.toolResults,
      calls: from.calls,
      progress: from.progress,
      turnRunning: from.turn !== undefined,
      canResend: false,
      onRetry: noop,
      onEdit: noop,
    });
    const before = props(state);
    state = run(state, delta('more text'));
    expect(sameBubble(before, props(state))).toBe(true);
    const other = run(state, {
      type: 'event',
      event: { kind: 'toolCall', payload: toolCallEvent({ callId: 'call-2' }) },
    });
    expect(sameBubble(before, props(other))).toBe(true);
    const own = run(state, {
      type: 'event',
      event: { kind: 'toolCall', payload: toolCallEvent({}) },
    });
    expect(sameBubble(before, props(own))).toBe(false);
  });
});

function noop(): void {}
