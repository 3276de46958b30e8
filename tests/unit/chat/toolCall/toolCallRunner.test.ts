import { describe, expect, it } from 'vitest';
import type { ServerState } from '../../../../preload/schemas/servers';
import { runToolCall } from '../../../../electron/core/chat/toolCall/toolCallRunner';
import type { CallContext } from '../../../../electron/core/chat/toolCall/types';
import { toolAccess } from '../../../support/toolAccess';

// A known tool whose server is restarting: the call waits (the wait is bounded by the caller),
// then either goes on or says plainly that the server is restarting; it never reads as unknown.
function contextWhere(state: ServerState): { context: CallContext; events: unknown[] } {
  const events: unknown[] = [];
  const tools = {
    resolve: () => ({ server: 'junky', tool: 'echo' }),
    modelNames: () => ['junky_echo'],
    definition: () => undefined,
    settled: async () => state,
  };
  const context = {
    conversationId: 'c1',
    turnId: 't1',
    signal: new AbortController().signal,
    tools,
    seen: new Set(),
    allowedHere: new Set(),
    emit: (event: unknown) => events.push(event),
  } as unknown as CallContext;
  return { context, events };
}

describe('a call to a tool of a server that is restarting', () => {
  it('says the server is restarting when it was not ready in time', async () => {
    const { context, events } = contextWhere('restarting');
    const result = await runToolCall(
      { callId: 'x1', modelName: 'junky_echo', rawArguments: {} },
      context,
    );
    expect(result.state).toBe('failed');
    expect(result.content).toMatch(/“junky” is restarting and was not ready in time/);
    expect(result.content).not.toMatch(/no tool named/);
    expect(events[0]).toMatchObject({
      state: 'running',
      message: expect.stringMatching(/waiting/),
    });
  });

  it('says the server is not running when it stopped instead', async () => {
    const { context } = contextWhere('error');
    const result = await runToolCall(
      { callId: 'x2', modelName: 'junky_echo', rawArguments: {} },
      context,
    );
    expect(result.content).toMatch(/“junky” is not running/);
  });
});

// The gates of a call, in the order a reader expects: each lets the call go on or ends it, and a
// call that ends at one never reaches the next (no question asked, nothing run).
interface Trace {
  asked: string[];
  ran: { server: string; tool: string; args: Record<string, unknown>; meta?: unknown }[];
  audit: string[];
  rules: unknown[];
  revoked: string[];
}

function gatedContext(
  options: {
    policy?: 'ask' | 'allow' | 'deny';
    alwaysAllowed?: boolean;
    answer?: 'once' | 'deny' | 'cancelled' | 'command';
    sandboxMissing?: string;
    result?: string;
    maxResultChars?: number;
  } = {},
): { context: CallContext; trace: Trace } {
  const trace: Trace = { asked: [], ran: [], audit: [], rules: [], revoked: [] };
  const owners: Record<string, { server: string; tool: string }> = {
    files_echo: { server: 'files', tool: 'echo' },
    hearth_shell: { server: 'hearth', tool: 'shell' },
  };
  const schema = (name: string) => ({
    type: 'object' as const,
    properties: { [name]: { type: 'string' } },
    required: [name],
  });
  const tools = toolAccess({
    resolve: (name) => owners[name],
    modelNames: () => Object.keys(owners),
    definition: (_server, tool) =>
      tool === 'echo'
        ? { name: 'echo', inputSchema: schema('text') }
        : { name: 'shell', inputSchema: schema('command') },
    policy: () => options.policy ?? 'ask',
    isAlwaysAllowed: () => options.alwaysAllowed ?? false,
    addCommandRule: (_server, _tool, rule) => void trace.rules.push(rule),
    isShellTool: (_server, tool) => tool === 'shell',
    sudoRunner: () => ({ server: 'hearth', tool: 'shell' }),
    sandbox: (_server, tool) =>
      tool === 'shell' && options.sandboxMissing
        ? {
            kind: 'shell',
            writable: [],
            hosts: [],
            unavailable: { missing: options.sandboxMissing, runAnyway: false },
          }
        : undefined,
    call: async (server, tool, args, { meta }) => {
      trace.ran.push({ server, tool, args, ...(meta ? { meta } : {}) });
      return {
        ok: true,
        result: { content: [{ type: 'text', text: options.result ?? 'echoed' }] },
      };
    },
  });
  const answer = options.answer ?? 'once';
  const context: CallContext = {
    conversationId: 'c1',
    turnId: 't1',
    signal: new AbortController().signal,
    tools,
    questions: {
      askApproval: async (request) => {
        trace.asked.push(`approval:${request.tool}`);
        if (answer === 'cancelled') return 'cancelled';
        return answer === 'deny' ? { decision: 'deny', reason: 'not now' } : { decision: answer };
      },
      askSudoPassword: async () => {
        trace.asked.push('password');
        return { password: 'secret' };
      },
      askElicitation: async () => ({ action: 'cancel' }),
      askSampling: async () => ({ action: 'reject' }),
    } as CallContext['questions'],
    sudo: { issue: () => 'ticket-1', revoke: (ticket) => void trace.revoked.push(ticket) },
    askForEveryTool: false,
    maxResultChars: options.maxResultChars ?? 10_000,
    allowedHere: new Set(),
    seen: new Set(),
    emit: () => undefined,
    audit: {
      approved: ({ basis }) => void trace.audit.push(`approved:${basis}`),
      refused: ({ basis }) => void trace.audit.push(`refused:${basis}`),
      executed: () => void trace.audit.push('executed'),
      passwordRefused: ({ why }) => void trace.audit.push(`password-refused:${why}`),
    } as CallContext['audit'],
  };
  return { context, trace };
}

const echo = (rawArguments: unknown, callId = 'e1') => ({
  callId,
  modelName: 'files_echo',
  rawArguments,
});
const shell = (command: string) => ({
  callId: 's1',
  modelName: 'hearth_shell',
  rawArguments: { command },
});

describe('the gates of a tool call', () => {
  it('end an unknown tool, arguments that do not parse or fit, and a repeat before anyone is asked', async () => {
    const { context, trace } = gatedContext();
    expect(await runToolCall({ ...echo({}), modelName: 'nope' }, context)).toMatchObject({
      state: 'invalid',
      content: expect.stringMatching(/no tool named “nope”. Available tools: files_echo/),
    });
    expect((await runToolCall(echo('{not json'), context)).state).toBe('invalid');
    // A number where text is expected is converted (argumentRepair.ts); a list is not.
    expect(await runToolCall(echo({ text: ['a'] }), context)).toMatchObject({
      state: 'invalid',
      content: expect.stringMatching(
        /arguments do not fit “files_echo”: “text” must be string, and you sent \["a"\]/,
      ),
    });
    expect(trace.asked).toEqual([]);
    expect((await runToolCall(echo({ text: 'hi' }), context)).state).toBe('done');
    expect(await runToolCall(echo({ text: 'hi' }, 'e2'), context)).toMatchObject({
      state: 'invalid',
      content: expect.stringMatching(/already called with exactly these arguments/),
    });
    expect(trace.asked).toEqual(['approval:echo']);
    expect(trace.ran).toHaveLength(1);
  });

  it('refuse a command that hands sudo its own password before asking, and a tool set to never run', async () => {
    const { context, trace } = gatedContext();
    const piped = await runToolCall(shell('echo pw | sudo -S ls'), context);
    expect(piped).toMatchObject({ state: 'denied', content: expect.stringMatching(/sudo itself/) });
    const never = gatedContext({ policy: 'deny' });
    expect((await runToolCall(echo({ text: 'hi' }), never.context)).state).toBe('denied');
    expect([trace.asked, never.trace.asked, trace.ran, never.trace.ran]).toEqual([[], [], [], []]);
    expect([...trace.audit, ...never.trace.audit]).toEqual(['refused:rule', 'refused:rule']);
  });

  it('let a standing rule run the call without asking, but never a shell tool allowed whole', async () => {
    const { context, trace } = gatedContext({ policy: 'allow', alwaysAllowed: true });
    expect((await runToolCall(echo({ text: 'hi' }), context)).state).toBe('done');
    expect(trace.asked).toEqual([]);
    expect(trace.audit).toEqual(['approved:rule:always-allow', 'executed']);
    expect((await runToolCall(shell('ls'), context)).state).toBe('done');
    expect(trace.asked).toEqual(['approval:shell']);
  });

  it('end with the user’s no or a cancelled question, recording only the no as refused', async () => {
    const denied = gatedContext({ answer: 'deny' });
    expect(await runToolCall(echo({ text: 'hi' }), denied.context)).toMatchObject({
      state: 'denied',
      content: expect.stringMatching(/The user denied this call: not now/),
    });
    const cancelled = gatedContext({ answer: 'cancelled' });
    expect((await runToolCall(echo({ text: 'hi' }), cancelled.context)).state).toBe('cancelled');
    expect([denied.trace.ran, cancelled.trace.ran]).toEqual([[], []]);
    expect([denied.trace.audit, cancelled.trace.audit]).toEqual([['refused:user'], []]);
  });

  it('refuse a command the sandbox cannot run whatever the user answered, leaving no rule', async () => {
    const { context, trace } = gatedContext({ answer: 'command', sandboxMissing: 'socat' });
    const result = await runToolCall(shell('ls'), context);
    expect(result).toMatchObject({ state: 'denied', content: expect.stringMatching(/socat/) });
    expect(trace.asked).toEqual(['approval:shell']);
    expect([trace.ran, trace.rules, trace.audit]).toEqual([[], [], ['refused:rule']]);
  });

  it('ask for the sudo password only once the command is approved, and revoke its ticket after', async () => {
    const { context, trace } = gatedContext();
    expect((await runToolCall(shell('sudo ls /root'), context)).state).toBe('done');
    expect(trace.asked).toEqual(['approval:shell', 'password']);
    expect(trace.audit).toEqual(['approved:user:once', 'executed']);
    expect(trace.ran[0]?.meta).toBeDefined();
    expect(trace.revoked).toEqual(['ticket-1']);
  });

  it('hand the model the result cut to the user’s limit', async () => {
    const { context } = gatedContext({ result: 'x'.repeat(5_000), maxResultChars: 1_000 });
    const result = await runToolCall(echo({ text: 'hi' }), context);
    expect(result.state).toBe('done');
    expect(result.content.length).toBeLessThan(1_500);
    expect(result.content.startsWith('x'.repeat(900))).toBe(true);
  });
});
