/** Questions as main sends them, and a harness that records the answers the dialogs give. */
import type { EventPayload, InvokeArgs } from '../../../../preload/contract';
import { connectTo, type RendererHarness } from '../../../support/rendererHarness';
import { UserFacingError } from '../../../../electron/core/bridge/errors';

export type ApprovalRequest = EventPayload<'approval:request'>;
export type SudoRequest = EventPayload<'sudo:request'>;
export type ElicitationRequest = EventPayload<'elicitation:request'>;
export type SamplingRequest = EventPayload<'sampling:request'>;

export function approvalRequest(fields: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    requestId: 'approval-1',
    conversationId: 'conversation-1',
    callId: 'call-1',
    server: 'files',
    tool: 'read_file',
    description: 'Reads a file from disk.',
    arguments: { path: '/users/me/notes.txt' },
    ...fields,
  };
}

export function sudoRequest(fields: Partial<SudoRequest> = {}): SudoRequest {
  return {
    requestId: 'sudo-1',
    conversationId: 'conversation-1',
    callId: 'call-2',
    command: 'sudo apt-get install -y ripgrep',
    ...fields,
  };
}

export function elicitationRequest(fields: Partial<ElicitationRequest> = {}): ElicitationRequest {
  return {
    requestId: 'elicitation-1',
    server: 'everything',
    message: 'Please provide inputs for the following fields:',
    mode: 'form',
    requestedSchema: {
      type: 'object',
      properties: { name: { type: 'string', title: 'Name' } },
      required: ['name'],
    },
    ...fields,
  };
}

export function samplingRequest(fields: Partial<SamplingRequest> = {}): SamplingRequest {
  return {
    requestId: 'sampling-1',
    server: 'everything',
    messages: [
      { role: 'user', text: 'What is the capital of France?' },
      { role: 'assistant', text: 'Let me think.' },
    ],
    systemPrompt: 'You are a helpful assistant.',
    maxTokens: 100,
    model: 'llama3.2:3b',
    ...fields,
  };
}

/** The schema server-everything's trigger-elicitation-request tool really sends, captured from it. */
export async function everythingSchema(): Promise<Record<string, unknown>> {
  const modulePath =
    '@modelcontextprotocol/server-everything/dist/tools/trigger-elicitation-request.js';
  const { registerTriggerElicitationRequestTool: register } = (await import(
    /* @vite-ignore */ modulePath
  )) as { registerTriggerElicitationRequestTool(server: unknown): void };
  let handler: ((args: unknown, extra: unknown) => Promise<unknown>) | undefined;
  register({
    server: { getClientCapabilities: () => ({ elicitation: {} }) },
    registerTool: (_name: string, _config: unknown, run: typeof handler) => (handler = run),
  });
  let schema: Record<string, unknown> | undefined;
  await handler?.(
    {},
    {
      sendRequest: (request: { params: { requestedSchema: Record<string, unknown> } }) => {
        schema = request.params.requestedSchema;
        return Promise.resolve({ action: 'cancel' });
      },
    },
  );
  if (!schema) throw new Error('server-everything sent no elicitation');
  return schema;
}

export interface QuestionHarness extends RendererHarness {
  approvals: InvokeArgs<'approval:respond'>[];
  passwords: InvokeArgs<'sudo:respond'>[];
  elicitations: InvokeArgs<'elicitation:respond'>[];
  samplings: InvokeArgs<'sampling:respond'>[];
}

/** Main with the given questions already waiting; answers are recorded and accepted. */
export function questionHarness(
  waiting: {
    approvals?: ApprovalRequest[];
    sudo?: SudoRequest[];
    elicitations?: ElicitationRequest[];
    samplings?: SamplingRequest[];
  } = {},
  answers: { accept?: boolean; fail?: string } = {},
): QuestionHarness {
  const approvals: QuestionHarness['approvals'] = [];
  const passwords: QuestionHarness['passwords'] = [];
  const elicitations: QuestionHarness['elicitations'] = [];
  const samplings: QuestionHarness['samplings'] = [];
  const reply = () => {
    if (answers.fail) throw new UserFacingError(answers.fail);
    return answers.accept ?? true;
  };
  const harness = connectTo({
    'questions:pending': () => ({
      approvals: waiting.approvals ?? [],
      sudo: waiting.sudo ?? [],
      elicitations: waiting.elicitations ?? [],
      samplings: waiting.samplings ?? [],
    }),
    'approval:respond': (requestId, answer) => (approvals.push([requestId, answer]), reply()),
    'sudo:respond': (requestId, password) => (passwords.push([requestId, password]), reply()),
    'elicitation:respond': (requestId, answer) => (elicitations.push([requestId, answer]), reply()),
    'sampling:respond': (requestId, answer) => (samplings.push([requestId, answer]), reply()),
  });
  return Object.assign(harness, { approvals, passwords, elicitations, samplings });
}
