/**
 * Questions main asks the user, as round trips over the bridge: approve a tool call, give a sudo
 * password, answer a server's request for information (elicitation). Each has a requestId; an unknown id is ignored, and a stopped turn
 * resolves its questions as "cancelled". An approval nobody answers waits (never a silent timeout
 * that runs the tool); a password prompt expires, and the command then does not run.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  ApprovalAnswer,
  ElicitationAnswer,
  SamplingAnswer,
  approvalRequestSchema,
  elicitationRequestSchema,
  samplingRequestSchema,
  sudoRequestSchema,
} from '../../../preload/schemas/chat';
import type { EventHub } from '../bridge/events';

type ApprovalRequest = z.output<typeof approvalRequestSchema>;
type SudoRequest = z.output<typeof sudoRequestSchema>;
type ElicitationRequest = z.output<typeof elicitationRequestSchema>;
type SamplingRequest = z.output<typeof samplingRequestSchema>;

/** Long enough to fetch a password manager; short enough that a forgotten prompt cannot be answered much later. */
export const SUDO_PROMPT_TIMEOUT_MS = 2 * 60_000;

export type SudoAnswer = { password: string } | { refused: 'cancelled' | 'expired' };

export interface UserQuestions {
  askApproval(
    request: Omit<ApprovalRequest, 'requestId'>,
    signal: AbortSignal,
  ): Promise<ApprovalAnswer | 'cancelled'>;
  askSudoPassword(
    request: Omit<SudoRequest, 'requestId'>,
    signal: AbortSignal,
  ): Promise<SudoAnswer>;
  /** A server's request for information; waits for the user, or `cancel` when it is dropped. */
  askElicitation(
    request: Omit<ElicitationRequest, 'requestId'>,
    signal: AbortSignal,
  ): Promise<ElicitationAnswer>;
  /** A server's request to use the model; waits for the user, `reject` when it is dropped. */
  askSampling(
    request: Omit<SamplingRequest, 'requestId'>,
    signal: AbortSignal,
  ): Promise<SamplingAnswer>;
}

export interface RendererQuestions extends UserQuestions {
  /** False for an unknown or already answered request. */
  answerApproval(requestId: string, answer: ApprovalAnswer): boolean;
  /** `null` cancels. False for an unknown, answered or expired request. */
  answerSudo(requestId: string, password: string | null): boolean;
  /** False for an unknown or already answered request. */
  answerElicitation(requestId: string, answer: ElicitationAnswer): boolean;
  /** False for an unknown or already answered request. */
  answerSampling(requestId: string, answer: SamplingAnswer): boolean;
  /** What is still waiting, for a window that opens (or reloads) mid-turn. */
  pending(): {
    approvals: ApprovalRequest[];
    sudo: SudoRequest[];
    elicitations: ElicitationRequest[];
    samplings: SamplingRequest[];
  };
}

export function createRendererQuestions(
  events: EventHub,
  /** The password prompt's expiry: fixed, or read from the settings at each prompt. */
  options: { sudoTimeoutMs?: number | (() => number) } = {},
): RendererQuestions {
  const approvals = new Map<
    string,
    { request: ApprovalRequest; resolve: (answer: ApprovalAnswer | 'cancelled') => void }
  >();
  const sudo = new Map<string, { request: SudoRequest; resolve: (answer: SudoAnswer) => void }>();
  const elicitations = new Map<
    string,
    { request: ElicitationRequest; resolve: (answer: ElicitationAnswer) => void }
  >();
  const samplings = new Map<
    string,
    { request: SamplingRequest; resolve: (answer: SamplingAnswer) => void }
  >();
  const settleSampling = (requestId: string, answer: SamplingAnswer) => {
    const waiting = samplings.get(requestId);
    if (!waiting) return false;
    samplings.delete(requestId);
    events.emit('sampling:resolved', { requestId });
    waiting.resolve(answer);
    return true;
  };
  const settleElicitation = (requestId: string, answer: ElicitationAnswer) => {
    const waiting = elicitations.get(requestId);
    if (!waiting) return false;
    elicitations.delete(requestId);
    events.emit('elicitation:resolved', { requestId });
    waiting.resolve(answer);
    return true;
  };

  const settleApproval = (requestId: string, answer: ApprovalAnswer | 'cancelled') => {
    const waiting = approvals.get(requestId);
    if (!waiting) return false;
    approvals.delete(requestId);
    events.emit('approval:resolved', { requestId });
    waiting.resolve(answer);
    return true;
  };
  const settleSudo = (requestId: string, answer: SudoAnswer) => {
    const waiting = sudo.get(requestId);
    if (!waiting) return false;
    sudo.delete(requestId);
    events.emit('sudo:resolved', { requestId });
    waiting.resolve(answer);
    return true;
  };

  return {
    askApproval(request, signal) {
      if (signal.aborted) return Promise.resolve('cancelled');
      const full = { ...request, requestId: randomUUID() };
      return new Promise((resolve) => {
        approvals.set(full.requestId, { request: full, resolve });
        signal.addEventListener('abort', () => settleApproval(full.requestId, 'cancelled'), {
          once: true,
        });
        events.emit('approval:request', full);
      });
    },
    askSudoPassword(request, signal) {
      if (signal.aborted) return Promise.resolve({ refused: 'cancelled' });
      const full = { ...request, requestId: randomUUID() };
      return new Promise((resolve) => {
        const timer = setTimeout(
          () => settleSudo(full.requestId, { refused: 'expired' }),
          (typeof options.sudoTimeoutMs === 'function'
            ? options.sudoTimeoutMs()
            : options.sudoTimeoutMs) ?? SUDO_PROMPT_TIMEOUT_MS,
        );
        sudo.set(full.requestId, {
          request: full,
          resolve: (answer) => {
            clearTimeout(timer);
            resolve(answer);
          },
        });
        signal.addEventListener(
          'abort',
          () => settleSudo(full.requestId, { refused: 'cancelled' }),
          { once: true },
        );
        events.emit('sudo:request', full);
      });
    },
    askElicitation(request, signal) {
      if (signal.aborted) return Promise.resolve({ action: 'cancel' });
      const full = { ...request, requestId: randomUUID() };
      return new Promise((resolve) => {
        elicitations.set(full.requestId, { request: full, resolve });
        signal.addEventListener(
          'abort',
          () => settleElicitation(full.requestId, { action: 'cancel' }),
          { once: true },
        );
        events.emit('elicitation:request', full);
      });
    },
    answerElicitation: (requestId, answer) => settleElicitation(requestId, answer),
    askSampling(request, signal) {
      if (signal.aborted) return Promise.resolve({ action: 'reject' });
      const full = { ...request, requestId: randomUUID() };
      return new Promise((resolve) => {
        samplings.set(full.requestId, { request: full, resolve });
        signal.addEventListener(
          'abort',
          () => settleSampling(full.requestId, { action: 'reject' }),
          { once: true },
        );
        events.emit('sampling:request', full);
      });
    },
    answerSampling: (requestId, answer) => settleSampling(requestId, answer),
    answerApproval: (requestId, answer) => settleApproval(requestId, answer),
    answerSudo: (requestId, password) =>
      settleSudo(requestId, password === null ? { refused: 'cancelled' } : { password }),
    pending: () => ({
      approvals: [...approvals.values()].map((entry) => entry.request),
      sudo: [...sudo.values()].map((entry) => entry.request),
      elicitations: [...elicitations.values()].map((entry) => entry.request),
      samplings: [...samplings.values()].map((entry) => entry.request),
    }),
  };
}
