/**
 * One tool call as its gates see it (toolCallRunner.ts): what the gates have learnt so far, how
 * the call shows on its card, and how it ends. A gate returns nothing to let the call go on, or
 * an `Ending` that says how it ends; `endCall` is the one place an ending reaches the card, the
 * audit trail and the model.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { ApprovalAnswer } from '../../../../preload/schemas/chat';
import type { ToolOwner } from '../../mcp';
import type { ApprovalBasis } from './auditTrail';
import type { CallContext, CallRequest, CallResult, CallState, ToolCallEvent } from './types';

export interface Ending {
  state: CallState;
  /** What the model reads. */
  content: string;
  /** What the card says: the content when absent, nothing when null. */
  card?: string | null;
  /** Recorded in the audit trail as refused, by a rule or by the user. */
  refusedBy?: 'rule' | 'user';
  /** Recorded in the audit trail: the password prompt was cancelled or expired. */
  passwordRefused?: 'cancelled' | 'expired';
}

/** Lets the call go on (nothing) or says how it ends. */
export type Gate<C> = (call: C) => Ending | undefined | Promise<Ending | undefined>;

export interface Call {
  readonly request: CallRequest;
  readonly context: CallContext;
  /** The gates fill these in as they learn them. */
  owner?: ToolOwner;
  args: Record<string, unknown>;
  definition?: Tool;
  /** Why it runs without asking (a standing rule other than the user's answer), for its card. */
  unaskedBecause?: string;
  /** Shows the call's state on its card. */
  report(state: CallState, extra?: Partial<ToolCallEvent>): void;
}

/** A call whose tool, server and arguments are known and fit. */
export interface KnownCall extends Call {
  owner: ToolOwner;
  definition: Tool;
  /** The command, when the tool is a shell tool and was given one. */
  command: string | undefined;
  /** Found by the consent gates. */
  reviewChanges?: boolean;
  answer?: ApprovalAnswer;
  sandboxRefusal?: string;
  /** The server's "Don't ask" switch, when off here: whether it could be on, for the question. */
  harmlessOffer?: { allowed: boolean; reason?: string };
  basis?: ApprovalBasis;
  sudoTicket?: string;
}

/** The call once the first gates found its tool and definition; the command, for a shell tool. */
export function knownCall(call: Call): KnownCall | undefined {
  const { owner, definition, args } = call;
  if (!owner || !definition) return undefined;
  const command =
    call.context.tools.isShellTool(owner.server, owner.tool) && typeof args.command === 'string'
      ? args.command
      : undefined;
  return Object.assign(call, { owner, definition, command });
}

export function openCall(request: CallRequest, context: CallContext): Call {
  const call: Call = {
    request,
    context,
    args: {},
    report: (state, extra = {}) =>
      context.emit({
        conversationId: context.conversationId,
        turnId: context.turnId,
        callId: request.callId,
        modelName: request.modelName,
        server: call.owner?.server ?? '',
        tool: call.owner?.tool ?? request.modelName,
        arguments: call.args,
        state,
        ...(call.unaskedBecause ? { unaskedBecause: call.unaskedBecause } : {}),
        ...extra,
      }),
  };
  return call;
}

/** Who and what the audit trail names for this call. */
export function auditIdentity(call: Call, owner: ToolOwner) {
  return { conversationId: call.context.conversationId, callId: call.request.callId, ...owner };
}

export function endCall(
  call: Call,
  ending: Ending,
  extra: Partial<ToolCallEvent> = {},
): CallResult {
  const { context, owner } = call;
  if (owner && ending.refusedBy)
    context.audit?.refused({ ...auditIdentity(call, owner), basis: ending.refusedBy });
  if (owner && ending.passwordRefused)
    context.audit?.passwordRefused({ ...auditIdentity(call, owner), why: ending.passwordRefused });
  const card = ending.card === undefined ? ending.content : (ending.card ?? undefined);
  call.report(ending.state, { message: card, ...extra });
  return {
    content: ending.content,
    server: call.owner?.server ?? '',
    tool: call.owner?.tool ?? call.request.modelName,
    arguments: call.args,
    state: ending.state,
  };
}
