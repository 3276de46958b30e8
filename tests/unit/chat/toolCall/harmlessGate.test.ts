import { describe, expect, it } from 'vitest';
import { UNASKED_IN_SANDBOX } from '../../../../electron/core/chat/toolCall/approvalGates';
import { runToolCall } from '../../../../electron/core/chat/toolCall/toolCallRunner';
import type { CallContext, ToolCallEvent } from '../../../../electron/core/chat/toolCall/types';
import { modelRunsHere } from '../../../../electron/core/chat/service/modelRunsHere';
import { toolAccess } from '../../../support/toolAccess';

// The gate for "Don't ask for calls this sandbox makes harmless" among the others: a call runs
// unasked only with the switch on, its sandbox allowing it and the model on this computer; the
// user's own rules and "ask for every tool" still come first, and a shell command is never let
// through whole.
interface Options {
  harmless?: { on: boolean; allowed: boolean; reason?: string };
  modelHere?: boolean | 'fails' | 'absent';
  askForEveryTool?: boolean;
  policy?: 'ask' | 'allow' | 'deny';
  readOnlyHint?: boolean;
}

function setup(options: Options) {
  const asked: Record<string, unknown>[] = [];
  const events: ToolCallEvent[] = [];
  const audit: string[] = [];
  const ran: string[] = [];
  const schema = (name: string) => ({
    type: 'object' as const,
    properties: { [name]: { type: 'string' } },
    required: [name],
  });
  const context: CallContext = {
    conversationId: 'c1',
    turnId: 't1',
    signal: new AbortController().signal,
    tools: toolAccess({
      resolve: (name) =>
        name === 'notes_read'
          ? { server: 'notes', tool: 'read' }
          : name === 'notes_run'
            ? { server: 'notes', tool: 'run' }
            : undefined,
      definition: (_server, tool) => ({
        name: tool,
        inputSchema: schema(tool === 'run' ? 'command' : 'path'),
        ...(options.readOnlyHint ? { annotations: { readOnlyHint: true } } : {}),
      }),
      policy: () => options.policy ?? 'ask',
      isShellTool: (_server, tool) => tool === 'run',
      harmlessCalls: () => options.harmless,
      call: async (_server, tool) => {
        ran.push(tool);
        return { ok: true, result: { content: [{ type: 'text', text: 'read' }] } };
      },
    }),
    questions: {
      askApproval: async (request: Record<string, unknown>) => {
        asked.push(request);
        return { decision: 'deny' };
      },
    } as unknown as CallContext['questions'],
    sudo: { issue: () => 'ticket', revoke: () => undefined },
    askForEveryTool: options.askForEveryTool ?? false,
    maxResultChars: 10_000,
    allowedHere: new Set(),
    seen: new Set(),
    emit: (event) => void events.push(event),
    ...(options.modelHere === 'absent'
      ? {}
      : {
          modelRunsHere: async () => {
            if (options.modelHere === 'fails') throw new Error('Ollama is not answering');
            return options.modelHere !== false;
          },
        }),
    audit: {
      approved: ({ basis }) => void audit.push(`approved:${basis}`),
      refused: ({ basis }) => void audit.push(`refused:${basis}`),
      executed: () => void audit.push('executed'),
      passwordRefused: () => undefined,
    },
  };
  const read = () =>
    runToolCall({ callId: 'r1', modelName: 'notes_read', rawArguments: { path: 'a' } }, context);
  return { asked, events, audit, ran, read, context };
}

const ON = { on: true, allowed: true };

describe('a call its sandbox makes harmless', () => {
  it('runs without a question when every condition holds, and its card says why', async () => {
    const { read, asked, events, audit, ran } = setup({ harmless: ON });
    expect((await read()).state).toBe('done');
    expect(asked).toEqual([]);
    expect(ran).toEqual(['read']);
    expect(audit).toEqual(['approved:rule:sandbox', 'executed']);
    expect(events.at(-1)).toMatchObject({ state: 'done', unaskedBecause: UNASKED_IN_SANDBOX });
    expect(events.find((event) => event.state === 'running')?.unaskedBecause).toBe(
      UNASKED_IN_SANDBOX,
    );
  });

  it('asks, offering the switch, while it is off', async () => {
    const { read, asked, events } = setup({ harmless: { on: false, allowed: true } });
    expect((await read()).state).toBe('denied');
    expect(asked[0]).toMatchObject({ harmlessCalls: { allowed: true } });
    expect(events.some((event) => event.unaskedBecause)).toBe(false);
  });

  it('asks, saying why not, when the sandbox does not bound the server', async () => {
    const reason = 'It may reach the network (example.com).';
    const { read, asked } = setup({ harmless: { on: true, allowed: false, reason } });
    expect((await read()).state).toBe('denied');
    expect(asked[0]).toMatchObject({ harmlessCalls: { allowed: false, reason } });
  });

  it('asks when the model does not run here, or where it runs cannot be told', async () => {
    for (const modelHere of [false, 'fails'] as const) {
      const { read, asked, ran } = setup({ harmless: ON, modelHere });
      expect((await read()).state, String(modelHere)).toBe('denied');
      expect(asked[0]).toMatchObject({
        harmlessCalls: { allowed: false, reason: expect.stringMatching(/model does not run/) },
      });
      expect(ran).toEqual([]);
    }
  });

  it('asks for an app’s own call, with no offer: what it reads goes to the app', async () => {
    const { read, asked, ran } = setup({ harmless: ON, modelHere: 'absent' });
    expect((await read()).state).toBe('denied');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.harmlessCalls).toBeUndefined();
    expect(ran).toEqual([]);
  });

  it('never skips the question for a read-only claim alone', async () => {
    for (const harmless of [undefined, { on: false, allowed: true }]) {
      const { read, asked } = setup({ harmless, readOnlyHint: true });
      expect((await read()).state).toBe('denied');
      expect(asked).toHaveLength(1);
    }
  });

  it('leaves the user’s rules first: "ask for every tool" asks, "never" refuses', async () => {
    const every = setup({ harmless: ON, askForEveryTool: true });
    expect((await every.read()).state).toBe('denied');
    expect(every.asked).toHaveLength(1);
    const never = setup({ harmless: ON, policy: 'deny' });
    expect((await never.read()).state).toBe('denied');
    expect(never.asked).toEqual([]);
    expect(never.ran).toEqual([]);
  });

  it('never lets a shell command through whole', async () => {
    const { context, asked, ran } = setup({ harmless: ON });
    const result = await runToolCall(
      { callId: 's1', modelName: 'notes_run', rawArguments: { command: 'ls' } },
      context,
    );
    expect(result.state).toBe('denied');
    expect(asked).toHaveLength(1);
    expect(ran).toEqual([]);
  });
});

describe('whether the conversation’s model runs on this computer', () => {
  const provider = (host: string, models: { name: string; remote?: boolean }[]) => {
    let lists = 0;
    return {
      host,
      listModels: async () => {
        lists += 1;
        return models.map((model) => ({ ...model }) as never);
      },
      lists: () => lists,
    };
  };

  it('is yes for a local model of an Ollama at a loopback address, asked once', async () => {
    const ollama = provider('http://127.0.0.1:11434', [{ name: 'llama3.2:latest' }]);
    const here = modelRunsHere(ollama, 'llama3.2');
    expect(await here()).toBe(true);
    expect(await here()).toBe(true);
    expect(ollama.lists()).toBe(1);
  });

  it('is no for a cloud model, by Ollama’s list or by its name', async () => {
    const listed = provider('http://localhost:11434', [{ name: 'gpt-oss:120b', remote: true }]);
    expect(await modelRunsHere(listed, 'gpt-oss:120b')()).toBe(false);
    const tagged = provider('http://localhost:11434', []);
    expect(await modelRunsHere(tagged, 'kimi-k2:1t-cloud')()).toBe(false);
  });

  it('is no for an Ollama on another computer, without asking it', async () => {
    const remote = provider('http://192.168.1.20:11434', [{ name: 'llama3.2:latest' }]);
    expect(await modelRunsHere(remote, 'llama3.2')()).toBe(false);
    expect(remote.lists()).toBe(0);
  });

  it('asks again after a failed look-up', async () => {
    let fail = true;
    const flaky = {
      host: 'http://127.0.0.1:11434',
      listModels: async () => {
        if (fail) throw new Error('not answering');
        return [{ name: 'llama3.2:latest' }] as never;
      },
    };
    const here = modelRunsHere(flaky, 'llama3.2');
    await expect(here()).rejects.toThrow('not answering');
    fail = false;
    expect(await here()).toBe(true);
  });
});
