/**
 * One tool call the model asked for, from its name to the message the model gets back, as a list
 * of gates in the order a reader expects: is it a known tool, are its arguments an object, is its
 * server there, do the arguments fit, is it no repeat (whatIsCalled.ts); is it a command that
 * hands sudo its own password (sudoGates.ts); the user's rules, the user, the sandbox, the
 * user's answer (approvalGates.ts); the sudo password; then the call on its server and the result
 * for the model (resultStep.ts). Each gate lets the call go on or says how it ends (call.ts).
 * Every refusal is a clear sentence for the model; nothing here throws.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { z } from 'zod';
import type { approvalRequestSchema, toolCallEventSchema } from '../../../../preload/schemas/chat';
import type { ServerState, ToolApproval } from '../../../../preload/schemas/servers';
import type { ToolCallOutcome as CallOutcome, ToolImage } from '../../mcp';
import type { UserQuestions } from '../../questions/userQuestions';
import {
  askUser,
  recordApproval,
  sandboxAllows,
  sandboxBoundsIt,
  standingRules,
  userAllows,
} from './approvalGates';
import type { AuditTrail } from './auditTrail';
import {
  auditIdentity,
  endCall,
  knownCall,
  openCall,
  type Call,
  type Gate,
  type KnownCall,
} from './call';
import type { CommandRule } from './commandRuleMatch';
import { resultStep } from './resultStep';
import { ownPasswordRefused, sudoPassword } from './sudoGates';
import { argumentsFit, argumentsParse, knownTool, notRepeated, serverReady } from './whatIsCalled';

export type ToolCallEvent = z.output<typeof toolCallEventSchema>;
export type CallState = ToolCallEvent['state'];
type ApprovalRequest = z.output<typeof approvalRequestSchema>;

/** The `_meta` key that carries a sudo ticket to the built-in shell tool. */
export const SUDO_TICKET_META_KEY = 'io.hearth/sudoTicket';

/** What the turn needs from the tool side of Hearth. */
export interface ToolAccess {
  resolve(modelName: string): { server: string; tool: string } | undefined;
  modelNames(): string[];
  definition(server: string, tool: string): Tool | undefined;
  /** Waits (bounded) while a server restarts; the state it is in then. */
  settled(server: string, signal: AbortSignal): Promise<ServerState>;
  policy(server: string, tool: string): ToolApproval;
  isAlwaysAllowed(server: string, tool: string): boolean;
  reviewChange(server: string, tool: string): string[];
  alwaysAllow(server: string, tool: string): void;
  /** The shell commands the user allows this tool to run without asking. */
  commandRules(server: string, tool: string): CommandRule[];
  addCommandRule(server: string, tool: string, rule: CommandRule): void;
  /** True for tools whose `command` argument is a shell command: the built-in shell tool, and any tool the user marked as one. */
  isShellTool(server: string, tool: string): boolean;
  /**
   * The tool that runs escalating commands: Hearth's own shell tool, the only one the password
   * is ever handed to. A marked tool of another server never receives it.
   */
  sudoRunner(): { server: string; tool: string } | undefined;
  /**
   * The server's "Don't ask for calls this sandbox makes harmless": `on` when the user turned it
   * on and its sandbox bounds its calls now; else whether it could be (why not, in words).
   */
  harmlessCalls?(server: string): { on: boolean; allowed: boolean; reason?: string } | undefined;
  /** The OS sandbox a tool's calls run in, for the approval to say (absent: none). */
  sandbox?(
    server: string,
    tool: string,
    args: Record<string, unknown>,
  ): ApprovalRequest['sandbox'] | Promise<ApprovalRequest['sandbox']>;
  call(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    options: {
      signal: AbortSignal;
      callId: string;
      conversationId?: string;
      meta?: Record<string, unknown>;
    },
  ): Promise<CallOutcome>;
}

export interface SudoTicketIssuer {
  issue(command: string, password: string): string;
  revoke(ticket: string): void;
}

export interface CallContext {
  conversationId: string;
  turnId: string;
  signal: AbortSignal;
  tools: ToolAccess;
  questions: UserQuestions;
  sudo: SudoTicketIssuer;
  askForEveryTool: boolean;
  maxResultChars: number;
  /** The model can see: a result's images are sent with its tool message (modelImages.ts). */
  vision?: boolean;
  /** Tools the user allowed for this conversation, as `server\0tool`. */
  allowedHere: Set<string>;
  /** Calls already made this turn (same tool, same arguments). */
  seen: Set<string>;
  /**
   * Tools whose results the model read this turn before asking for this call: a result is
   * content from outside, and the approval says the call may have been steered by it.
   */
  readBefore?: { server: string; tool: string }[];
  emit(event: ToolCallEvent): void;
  /** Where approvals and executions are recorded. */
  audit?: AuditTrail;
  /**
   * The conversation's model runs on this computer (Ollama here, not a cloud model), so what a
   * call reads goes nowhere else. Absent (an app's calls): taken as no.
   */
  modelRunsHere?(): Promise<boolean>;
  /** The conversation's title now, so a question shown over another conversation names it. */
  conversationTitle?(): string | undefined;
}

export interface CallRequest {
  callId: string;
  modelName: string;
  rawArguments: unknown;
}

export interface CallResult {
  /** What the model reads as the tool message. */
  content: string;
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  state: CallState;
  /** Images sent to a model that can see, with the tool message. */
  images?: ToolImage[];
}

/** What is called: the gates that find the tool, its server and its arguments. */
const WHAT_IS_CALLED: Gate<Call>[] = [knownTool, argumentsParse, serverReady, argumentsFit];

/** Whether it may run, in order. */
const MAY_IT_RUN: Gate<KnownCall>[] = [
  notRepeated,
  ownPasswordRefused,
  standingRules,
  sandboxBoundsIt,
  askUser,
  sandboxAllows,
  userAllows,
  recordApproval,
  sudoPassword,
];

export async function runToolCall(request: CallRequest, context: CallContext): Promise<CallResult> {
  const call = openCall(request, context);
  for (const gate of WHAT_IS_CALLED) {
    const verdict = gate(call);
    // Waited for only when the gate waits: the checks before the approval take no turn of the
    // event loop, so the user is asked as the call starts.
    const ending = verdict instanceof Promise ? await verdict : verdict;
    if (ending) return endCall(call, ending);
  }
  // The gates above found the tool and its definition; this tells the type checker so.
  const known = knownCall(call);
  if (!known) return endCall(call, { state: 'invalid', content: 'Error: unknown tool.' });
  for (const gate of MAY_IT_RUN) {
    const verdict = gate(known);
    const ending = verdict instanceof Promise ? await verdict : verdict;
    if (ending) return endCall(known, ending);
  }
  return runOnServer(known);
}

/** The call on its server (through Hearth's own shell tool when it carries a sudo ticket). */
async function runOnServer(call: KnownCall): Promise<CallResult> {
  const { owner, args, context, sudoTicket } = call;
  call.report('running');
  const started = performance.now();
  // With a password, the command runs through Hearth's own shell tool, whichever tool asked.
  const runner = sudoTicket ? (context.tools.sudoRunner() ?? owner) : owner;
  const runnerArgs = runner === owner ? args : { command: args.command };
  context.audit?.executed({
    ...auditIdentity(call, owner),
    ...(runner === owner ? {} : { ranAs: runner }),
  });
  try {
    const outcome = await context.tools.call(runner.server, runner.tool, runnerArgs, {
      signal: context.signal,
      callId: call.request.callId,
      conversationId: context.conversationId,
      ...(sudoTicket ? { meta: { [SUDO_TICKET_META_KEY]: sudoTicket } } : {}),
    });
    const durationMs = Math.round(performance.now() - started);
    const step = resultStep(outcome, {
      maxChars: context.maxResultChars,
      images: context.vision === true,
    });
    // The card says the server's error, or what the model saw of the result's images.
    const ended = endCall(
      call,
      { state: step.state, content: step.content, card: step.card ?? null },
      { durationMs, ...(step.result ? { result: step.result } : {}) },
    );
    return step.images.length ? { ...ended, images: step.images } : ended;
  } finally {
    if (sudoTicket) context.sudo.revoke(sudoTicket);
  }
}
