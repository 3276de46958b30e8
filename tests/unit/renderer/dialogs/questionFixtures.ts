/** Questions as main sends them, and a harness that records the answers the dialogs give. */
import type { EventPayload, InvokeArgs } from '../../../../preload/contract';
import { connectTo, type RendererHarness } from '../../../support/rendererHarness';

export type ApprovalRequest = EventPayload<'approval:request'>;
export type SudoRequest = EventPayload<'sudo:request'>;

export function approvalRequest(fields: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    requestId: 'approval-1',
    conversationId: 'conversation-1',
    callId: 'call-1',
    server: 'files',
    tool: 'read_file',
    description: 'Reads a file from disk.',
    arguments: { path: '/home/me/notes.txt' },
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

export interface QuestionHarness extends RendererHarness {
  approvals: InvokeArgs<'approval:respond'>[];
  passwords: InvokeArgs<'sudo:respond'>[];
}

/** Main with the given questions already waiting; answers are recorded and accepted. */
export function questionHarness(
  waiting: { approvals?: ApprovalRequest[]; sudo?: SudoRequest[] } = {},
  answers: { accept?: boolean; fail?: string } = {},
): QuestionHarness {
  const approvals: QuestionHarness['approvals'] = [];
  const passwords: QuestionHarness['passwords'] = [];
  const reply = () => {
    if (answers.fail) throw new Error(answers.fail);
    return answers.accept ?? true;
  };
  const harness = connectTo({
    'questions:pending': () => ({ approvals: waiting.approvals ?? [], sudo: waiting.sudo ?? [] }),
    'approval:respond': (requestId, answer) => (approvals.push([requestId, answer]), reply()),
    'sudo:respond': (requestId, password) => (passwords.push([requestId, password]), reply()),
  });
  return Object.assign(harness, { approvals, passwords });
}
