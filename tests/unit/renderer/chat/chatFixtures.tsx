/**
 * Scripted answers and events for the chat's component tests: main's side of a conversation,
 * played through the real router by `connectTo`.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { ChatView } from '../../../../renderer/src/chat/ChatView';
import type { Handlers } from '../../../../electron/core/bridge/router';
import type {
  Conversation,
  StoredMessage,
  ToolCallEvent,
} from '../../../../renderer/src/chat/chatTypes';
import {
  connectTo,
  renderWith,
  testNavigation,
  type RendererHarness,
} from '../../../support/rendererHarness';

export const NOW = '2026-01-05T10:00:00.000Z';

let nextId = 1;

/** A stored message with a fresh id. */
export function message(
  role: StoredMessage['role'],
  content: string,
  extra: Partial<StoredMessage> = {},
): StoredMessage {
  return { id: nextId++, role, content, createdAt: NOW, ...extra };
}

export function conversation(
  id: string,
  messages: StoredMessage[],
  extra: Partial<Conversation> = {},
): Conversation {
  return {
    id,
    title: 'Weather talk',
    model: 'llama3.2',
    createdAt: NOW,
    updatedAt: NOW,
    messageCount: messages.length,
    options: { model: 'llama3.2' },
    messages,
    ...extra,
  };
}

export function model(name: string) {
  return {
    name,
    size: 2_000_000_000,
    family: 'llama',
    parameterSize: '3.2B',
    quantization: 'Q4_K_M',
    modifiedAt: NOW,
  };
}

/** Ollama answers, two models, and whatever a test adds or replaces. */
export function chatHandlers(overrides: Partial<Handlers> = {}): Partial<Handlers> {
  return {
    'ollama:status': () => ({ ok: true, host: 'http://127.0.0.1:11434', version: '0.12.0' }),
    'models:list': () => [model('llama3.2'), model('qwen3')],
    'models:capabilities': (name) => ({
      tools: true,
      thinking: name === 'qwen3',
      vision: name === 'qwen3',
      contextLength: 8_192,
    }),
    'conversations:get': (id) => conversation(id, []),
    'chat:send': (input) => ({ conversationId: input.conversationId ?? 'c1', turnId: 't1' }),
    'chat:stop': () => true,
    ...overrides,
  };
}

export function connectChat(overrides: Partial<Handlers> = {}): RendererHarness {
  return connectTo(chatHandlers(overrides));
}

/**
 * Plays one event as main would, inside act so React settles. Streamed text waits for the next
 * animation frame in the app; here that frame comes at once, so tests read the screen right after.
 */
export function play(harness: RendererHarness, channel: string, payload: unknown): void {
  act(() => {
    harness.emit(channel, payload);
    runAnimationFrames();
  });
}

const frames = new Map<number, FrameRequestCallback>();
let nextFrame = 1;

/** Runs the animation frames requested so far, as the browser would on its next frame. */
export function runAnimationFrames(): void {
  const due = [...frames.values()];
  frames.clear();
  for (const callback of due) callback(performance.now());
}

beforeEach(() => {
  frames.clear();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(nextFrame, callback);
    return nextFrame++;
  });
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => frames.delete(handle));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

export function toolCallEvent(extra: Partial<ToolCallEvent>): ToolCallEvent {
  return {
    conversationId: 'c1',
    turnId: 't1',
    callId: 'call-1',
    server: 'files',
    tool: 'read_file',
    modelName: 'files_read_file',
    arguments: { path: '/tmp/notes.txt' },
    state: 'running',
    ...extra,
  };
}

/**
 * jsdom lays nothing out, so the virtualizer would see a zero-height viewport. Give the scroll
 * area and every row a height; restore with the returned function.
 */
export function mockLayout({ viewport = 2_000, row = 100 } = {}): () => void {
  const client = vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(viewport);
  const offset = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(row);
  return () => {
    client.mockRestore();
    offset.mockRestore();
  };
}

/** The ids of the turn the tests play. */
export const TURN = { conversationId: 'c1', turnId: 't1' };

/** Gives every test of the file a laid-out page; returns a way to change the sizes. */
export function withLayout(): { relayout(sizes: { viewport?: number; row?: number }): void } {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = mockLayout();
  });
  afterEach(() => {
    cleanup();
    restore();
  });
  return {
    relayout(sizes) {
      restore();
      restore = mockLayout(sizes);
    },
  };
}

/** Renders the chat on conversation c1, which holds `messages`. */
export async function openConversation(
  messages: StoredMessage[],
  overrides: Partial<Handlers> = {},
) {
  const harness = connectChat({
    'conversations:get': (id) => conversation(id, messages),
    ...overrides,
  });
  const navigation = testNavigation({ conversationId: 'c1' });
  renderWith(<ChatView />, harness, navigation);
  await screen.findByRole('heading', { name: 'Weather talk' });
  return { harness, navigation };
}
