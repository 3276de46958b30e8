import { afterEach, describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { runTurn, type TurnOptions } from '../../../../electron/core/chat/turn';
import {
  openConversationStore,
  type ConversationStore,
} from '../../../../electron/core/history/conversationStore';
import type { StoredMessage } from '../../../../electron/core/history/types';
import { toOllamaTool } from '../../../../electron/core/mcp';
import { createOllamaService } from '../../../../electron/core/ollama/ollamaService';
import {
  endlessToolCalls,
  plainAnswer,
  startFakeOllama,
  toolCall,
  type FakeOllama,
  type Script,
} from '../../../fixtures/fakeOllama';
import { tempDir } from '../../../support/testHost';
import { toolAccess } from '../../../support/toolAccess';

// One turn on its own (electron/core/chat/turn/runTurn.ts), against the fake Ollama over
// loopback and a real conversation store: a round reads reply → save the assistant message →
// answer and record each call → next round, until the model answers without tools, the loop
// limit, or Stop; every call the model made ends with its tool message.
let ollama: FakeOllama | undefined;
let store: ConversationStore | undefined;
afterEach(async () => {
  store?.close();
  await ollama?.close();
});

const echo: Tool = {
  name: 'echo',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
};

async function turnWith(
  script: Script,
  how: { loopLimit?: number; stopOnApproval?: boolean } = {},
) {
  ollama = await startFakeOllama({ script });
  store = openConversationStore({ dataDir: tempDir('run-turn'), onProblem: () => undefined });
  const conversationId = store.create().id;
  const statuses: { state: string; message?: string }[] = [];
  const stop = new AbortController();
  let ran = 0;
  const tools = toolAccess({
    resolve: (name) => (name === 'files_echo' ? { server: 'files', tool: 'echo' } : undefined),
    modelNames: () => ['files_echo'],
    definition: () => echo,
    call: async (_server, _tool, args) => {
      ran++;
      return {
        ok: true,
        result: { content: [{ type: 'text', text: `echo ${String(args.text)}` }] },
      };
    },
  });
  const turn: TurnOptions = {
    conversationId,
    turnId: 'turn-1',
    model: 'llama3.2',
    opening: [{ role: 'user', content: 'say hi through echo' }],
    earlier: [],
    signal: stop.signal,
    provider: createOllamaService({ host: ollama.url }),
    history: store,
    systemPrompt: 'You are a test.',
    sampling: {},
    tools: () => [
      {
        modelName: 'files_echo',
        server: 'files',
        tool: echo,
        ollama: toOllamaTool('files_echo', echo),
      },
    ],
    settings: {
      loopLimit: how.loopLimit ?? 10,
      maxCallsPerReply: 5,
      contextTokens: 8_192,
      think: false,
      keepAlive: '5m',
    },
    call: {
      tools,
      questions: {
        askApproval: async () => {
          if (!how.stopOnApproval) return { decision: 'once' };
          stop.abort();
          return 'cancelled';
        },
        askSudoPassword: async () => ({ refused: 'cancelled' }),
        askElicitation: async () => ({ action: 'cancel' }),
        askSampling: async () => ({ action: 'reject' }),
      } as TurnOptions['call']['questions'],
      sudo: { issue: () => '', revoke: () => undefined },
      askForEveryTool: false,
      maxResultChars: 10_000,
      allowedHere: new Set(),
    },
    events: {
      delta: () => undefined,
      status: ({ state, message }) =>
        void statuses.push({ state, ...(message ? { message } : {}) }),
      toolCall: () => undefined,
      saved: () => undefined,
    },
  };
  await runTurn(turn);
  const saved = store.messagePage(conversationId, 100)?.messages ?? [];
  return { saved, statuses, ran: () => ran, requests: ollama.chatRequests() };
}

/** Each assistant tool call's id, and whether a tool message answers it. */
function answered(messages: readonly StoredMessage[]): boolean[] {
  const results = new Set(messages.filter((m) => m.role === 'tool').map((m) => m.toolCallId));
  return messages.flatMap((m) => (m.toolCalls ?? []).map((call) => results.has(call.id)));
}

describe('one chat turn', () => {
  it('answers a tool call, then asks the model again with its result, and ends on the answer', async () => {
    const { saved, statuses, ran, requests } = await turnWith([
      toolCall('files_echo', { text: 'hi' }),
      plainAnswer('It said hi.'),
    ]);
    expect(saved.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(saved[2]).toMatchObject({ content: 'echo hi', toolName: 'files_echo' });
    expect(saved[3]?.content).toBe('It said hi.');
    expect(ran()).toBe(1);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.messages?.at(-1)).toMatchObject({ role: 'tool', content: 'echo hi' });
    expect(statuses.at(-1)?.state).toBe('done');
  });

  it('stops at the loop limit and says so, with every call answered', async () => {
    const { saved, statuses, requests } = await turnWith(
      endlessToolCalls('files_echo', { text: 'again' }),
      { loopLimit: 2 },
    );
    expect(requests).toHaveLength(2);
    expect(statuses.at(-1)).toMatchObject({
      state: 'done',
      message: expect.stringMatching(/stopped after 2 rounds/),
    });
    expect(answered(saved)).toEqual([true, true]);
  });

  it('stopped while a call waits for approval: the call is answered as not run, and nothing runs', async () => {
    const { saved, statuses, ran } = await turnWith([toolCall('files_echo', { text: 'hi' })], {
      stopOnApproval: true,
    });
    expect(ran()).toBe(0);
    expect(answered(saved)).toEqual([true]);
    expect(saved.at(-1)).toMatchObject({
      role: 'tool',
      content: expect.stringMatching(/cancelled/),
    });
    expect(statuses.at(-1)?.state).toBe('stopped');
  });
});
