/**
 * One tool call the model asked for, from its name to the message the model gets back: resolve
 * the name through the catalog's table, parse and check the arguments, refuse repeats, apply the
 * user's policy and ask when it says to, get a sudo password for an escalating shell command,
 * run it on its server, and turn the result into text for the model. Every refusal is a clear
 * sentence for the model; nothing here throws.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type { z } from 'zod';
import type { approvalRequestSchema, toolCallEventSchema } from '../../../../preload/schemas/chat';
import type { ServerState, ToolApproval } from '../../../../preload/schemas/servers';
import { detectEscalation } from '../../builtin/sudo/detectEscalation';
import {
  DEFAULT_IMAGE_BOUNDS,
  pickAnnotations,
  resultForModel,
  type ToolCallOutcome as CallOutcome,
  type ToolImage,
} from '../../mcp';
import type { ApprovalBasis, AuditTrail } from './auditTrail';
import { matchesCommandRule, suggestPrefix, type CommandRule } from './commandRuleMatch';
import { sandboxRefusal } from './shellSandboxFacts';
import { callKey, checkArguments, parseArguments } from './toolArguments';
import type { UserQuestions } from '../../questions/userQuestions';
import { poisonWarnings } from '../../security/poisonedTools';

type ToolCallEvent = z.output<typeof toolCallEventSchema>;
type CallState = ToolCallEvent['state'];

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

export async function runToolCall(request: CallRequest, context: CallContext): Promise<CallResult> {
  const { callId, modelName } = request;
  const owner = context.tools.resolve(modelName);
  const base = {
    conversationId: context.conversationId,
    turnId: context.turnId,
    callId,
    modelName,
  };
  const report = (state: CallState, extra: Partial<ToolCallEvent> = {}) =>
    context.emit({
      ...base,
      server: owner?.server ?? '',
      tool: owner?.tool ?? modelName,
      arguments: args,
      state,
      ...extra,
    });
  let args: Record<string, unknown> = {};
  const end = (
    state: CallState,
    content: string,
    extra: Partial<ToolCallEvent> = {},
  ): CallResult => {
    report(state, { message: extra.message ?? content, ...extra });
    return {
      content,
      server: owner?.server ?? '',
      tool: owner?.tool ?? modelName,
      arguments: args,
      state,
    };
  };

  if (!owner) {
    const known = context.tools.modelNames();
    return end(
      'invalid',
      `Error: there is no tool named “${modelName}”.${known.length ? ` Available tools: ${known.slice(0, 40).join(', ')}.` : ' No tools are available.'}`,
    );
  }
  const parsed = parseArguments(request.rawArguments);
  if (!parsed.ok) return end('invalid', `Error: ${parsed.message}`);
  args = parsed.value;
  let definition = context.tools.definition(owner.server, owner.tool);
  if (!definition) {
    // A known tool of a server that is restarting (after a crash, or broken framing) waits for it.
    report('running', { message: `“${owner.server}” is restarting; waiting for it.` });
    const state = await context.tools.settled(owner.server, context.signal);
    definition = state === 'ready' ? context.tools.definition(owner.server, owner.tool) : undefined;
    if (!definition)
      return end(
        'failed',
        state === 'restarting'
          ? `Error: the server “${owner.server}” is restarting and was not ready in time, so “${modelName}” was not run. Try again in a moment.`
          : `Error: the server “${owner.server}” is not running, so “${modelName}” cannot be used now.`,
      );
  }
  const problem = checkArguments(definition.inputSchema, args);
  if (problem)
    return end(
      'invalid',
      `Error: the arguments do not fit “${modelName}”: ${problem}. Check its parameters and call it again.`,
    );
  const key = callKey(modelName, args);
  if (context.seen.has(key)) {
    return end(
      'invalid',
      `Error: “${modelName}” was already called with exactly these arguments in this turn; its result is above. Do not repeat the call.`,
    );
  }
  context.seen.add(key);

  const identity = { conversationId: context.conversationId, callId, ...owner };
  // Refused before anyone is asked: approving it could only end in the same refusal.
  if (passesOwnPassword(owner, args, context)) {
    context.audit?.refused({ ...identity, basis: 'rule' });
    return end('denied', OWN_PASSWORD_REFUSAL, {
      message: 'Refused before asking you: the command passes a password to sudo itself.',
    });
  }
  const decision = await decide(owner, definition, args, context, report, callId);
  if (!('basis' in decision)) {
    if (decision.state === 'denied')
      context.audit?.refused({ ...identity, basis: decision.byRule ? 'rule' : 'user' });
    return end(decision.state, decision.content, { message: decision.forUser });
  }
  context.audit?.approved({ ...identity, basis: decision.basis });

  const sudo = await sudoTicket(owner, args, context, report, callId);
  if (!sudo.ok) {
    if (sudo.refused) context.audit?.passwordRefused({ ...identity, why: sudo.refused });
    return end(sudo.state, sudo.content);
  }

  report('running');
  const started = performance.now();
  // With a password, the command runs through Hearth's own shell tool, whichever tool asked.
  const runner = sudo.ticket ? (context.tools.sudoRunner() ?? owner) : owner;
  const runnerArgs = runner === owner ? args : { command: args.command };
  context.audit?.executed({ ...identity, ...(runner === owner ? {} : { ranAs: runner }) });
  try {
    const outcome = await context.tools.call(runner.server, runner.tool, runnerArgs, {
      signal: context.signal,
      callId,
      conversationId: context.conversationId,
      ...(sudo.ticket ? { meta: { [SUDO_TICKET_META_KEY]: sudo.ticket } } : {}),
    });
    const durationMs = Math.round(performance.now() - started);
    if (!outcome.ok) {
      return end(outcome.cancelled ? 'cancelled' : 'failed', `Error: ${outcome.message}`, {
        durationMs,
        message: outcome.message,
      });
    }
    const forModel = resultForModel(outcome.result, {
      maxChars: context.maxResultChars,
      ...(context.vision ? { images: DEFAULT_IMAGE_BOUNDS } : {}),
    });
    const ended = end(outcome.result.isError ? 'failed' : 'done', forModel.text, {
      durationMs,
      result: outcome.result satisfies CallToolResult,
      // The card says what the model saw of the result's images.
      message: imagesNote(forModel.images?.length ?? 0, forModel.imagesLeftOut ?? 0),
    });
    return forModel.images?.length ? { ...ended, images: forModel.images } : ended;
  } finally {
    if (sudo.ticket) context.sudo.revoke(sudo.ticket);
  }
}

/** "The image was shown to the model", and how many were not, for a model that can see. */
function imagesNote(sent: number, leftOut: number): string | undefined {
  if (sent === 0 && leftOut === 0) return undefined;
  const shown =
    sent === 0
      ? 'No image was shown to the model'
      : sent === 1
        ? 'The image was shown to the model'
        : `${sent} images were shown to the model`;
  const rest =
    leftOut === 0
      ? ''
      : `; ${leftOut} ${leftOut === 1 ? 'was' : 'were'} left out (over the limit or of a kind it cannot read)`;
  return `${shown}${rest}.`;
}

type Decision =
  | { basis: ApprovalBasis }
  /** `content` is for the model; `forUser`, when set, is what the user sees on the card. */
  | { state: CallState; content: string; forUser?: string; byRule?: boolean };

/** The user's policy, and the user when the policy says to ask. */
async function decide(
  owner: { server: string; tool: string },
  definition: Tool,
  args: Record<string, unknown>,
  context: CallContext,
  report: (state: CallState, extra?: Partial<ToolCallEvent>) => void,
  callId: string,
): Promise<Decision> {
  const { server, tool } = owner;
  const policy = context.tools.policy(server, tool);
  if (policy === 'deny')
    return {
      state: 'denied',
      byRule: true,
      content: `The user does not allow “${tool}” to run. Do not call it again; continue without it.`,
      forUser: `Not run: “${tool}” is set to never run.`,
    };
  const command =
    context.tools.isShellTool(server, tool) && typeof args.command === 'string'
      ? args.command
      : undefined;
  // A shell tool is never allowed whole (not by an old "always allow", not for a conversation):
  // only its command rules let a command run without asking.
  const allowedHere = command === undefined && context.allowedHere.has(`${server}\u0000${tool}`);
  const alwaysAllowed =
    command === undefined && policy === 'allow' && context.tools.isAlwaysAllowed(server, tool);
  if (!context.askForEveryTool && (allowedHere || alwaysAllowed))
    return { basis: allowedHere ? 'rule:conversation' : 'rule:always-allow' };
  if (
    !context.askForEveryTool &&
    command !== undefined &&
    context.tools.commandRules(server, tool).some((rule) => matchesCommandRule(command, rule))
  )
    return { basis: 'rule:command' };

  report('waiting-approval');
  const changes =
    policy === 'allow' && !alwaysAllowed && command === undefined
      ? context.tools.reviewChange(server, tool)
      : [];
  const warnings = poisonWarnings(definition);
  // Only the shell's answer is a promise (it checks the sandbox): the rest take no extra turn.
  const pending = context.tools.sandbox?.(server, tool, args);
  const sandbox = pending instanceof Promise ? await pending : pending;
  const shell = command === undefined ? undefined : shellFacts(command);
  const refusal = sandboxRefusal(sandbox, shell?.asRoot === true);
  const answer = await context.questions.askApproval(
    {
      conversationId: context.conversationId,
      callId,
      server,
      tool,
      ...(definition.title ? { title: definition.title.slice(0, 1_000) } : {}),
      description: (definition.description ?? '').slice(0, 32_768),
      ...(definition.annotations ? { annotations: pickAnnotations(definition.annotations) } : {}),
      arguments: args,
      ...(changes.length ? { changes } : {}),
      ...(warnings.length ? { warnings } : {}),
      ...(context.readBefore?.length ? { readBefore: context.readBefore.slice(0, 20) } : {}),
      ...titleOf(context),
      ...(shell ? { shell } : {}),
      ...sandboxFacts(sandbox),
    },
    context.signal,
  );
  if (answer === 'cancelled')
    return { state: 'cancelled', content: 'The call was cancelled before it ran.' };
  // Asked so the user learns why (the page offers no Allow); no answer makes it run or leaves a rule.
  if (refusal)
    return {
      state: 'denied',
      byRule: true,
      content: `Error: ${refusal}. Do not call it again; tell the user, who can install what is missing or let shell commands run without the sandbox in Settings › Chat.`,
      forUser: `Not run: ${refusal}.`,
    };
  if (answer.decision === 'deny') {
    const reason = answer.reason?.trim().slice(0, 2_000);
    return {
      state: 'denied',
      content: `The user denied this call${reason ? `: ${reason}` : '.'} Do not repeat it; continue without it.`,
      forUser: reason ? `You denied this call: “${reason}”` : 'You denied this call.',
    };
  }
  if (command !== undefined) return allowCommand(owner, command, answer.decision, context);
  if (answer.decision === 'conversation') context.allowedHere.add(`${server}\u0000${tool}`);
  if (answer.decision === 'always') context.tools.alwaysAllow(server, tool);
  if (answer.decision === 'command' || answer.decision === 'command-prefix')
    return { basis: 'user:once' }; // A command rule needs a shell command; this runs once.
  return { basis: `user:${answer.decision}` };
}

type ApprovalRequest = z.output<typeof approvalRequestSchema>;

function sandboxFacts(sandbox: ApprovalRequest['sandbox']): Pick<ApprovalRequest, 'sandbox'> {
  return sandbox ? { sandbox } : {};
}

function titleOf(context: CallContext): { conversationTitle?: string } {
  const title = context.conversationTitle?.()?.trim();
  return title ? { conversationTitle: title.slice(0, 1_000) } : {};
}

function shellFacts(command: string): { command: string; prefix?: string; asRoot?: true } {
  const prefix = suggestPrefix(command);
  // The shell runs the whole line under sudo's privilege, so the user is told before approving.
  const asRoot = detectEscalation(command).escalates;
  return {
    command: command.slice(0, 100_000),
    ...(prefix ? { prefix } : {}),
    ...(asRoot ? { asRoot: true as const } : {}),
  };
}

/**
 * A shell tool is never allowed whole by one answer: "always" or "for this conversation" runs
 * this call only, and a rule
 * covers exactly this command or the prefix Hearth worked out (never one the renderer sends).
 */
function allowCommand(
  owner: { server: string; tool: string },
  command: string,
  decision: 'once' | 'conversation' | 'always' | 'command' | 'command-prefix',
  context: CallContext,
): Decision {
  if (decision === 'command') {
    context.tools.addCommandRule(owner.server, owner.tool, { kind: 'exact', text: command.trim() });
    return { basis: 'user:command' };
  }
  if (decision === 'command-prefix') {
    const prefix = suggestPrefix(command);
    if (prefix)
      context.tools.addCommandRule(owner.server, owner.tool, { kind: 'prefix', text: prefix });
    return { basis: prefix ? 'user:command' : 'user:once' };
  }
  // "For this conversation" or "always" would allow every command: this call runs, once.
  return { basis: 'user:once' };
}

type SudoOutcome =
  | { ok: true; ticket?: string }
  | { ok: false; state: CallState; content: string; refused?: 'cancelled' | 'expired' };

const OWN_PASSWORD_REFUSAL =
  'Error: the command passes a password to sudo itself (sudo -S, --stdin, -A or an askpass helper), which Hearth refuses; it was not run. Run it with plain sudo and no password; Hearth asks the user for it.';

/** A shell command that gives sudo a password of its own (piped, -S, askpass). */
function passesOwnPassword(
  owner: { server: string; tool: string },
  args: Record<string, unknown>,
  context: CallContext,
): boolean {
  const command = args.command;
  if (!context.tools.isShellTool(owner.server, owner.tool) || typeof command !== 'string')
    return false;
  const escalation = detectEscalation(command);
  return escalation.escalates && escalation.pipedPassword === true;
}

/** For a shell command that escalates: the user's password, bound to exactly this command. */
async function sudoTicket(
  owner: { server: string; tool: string },
  args: Record<string, unknown>,
  context: CallContext,
  report: (state: CallState, extra?: Partial<ToolCallEvent>) => void,
  callId: string,
): Promise<SudoOutcome> {
  const command = args.command;
  if (!context.tools.isShellTool(owner.server, owner.tool) || typeof command !== 'string')
    return { ok: true };
  const escalation = detectEscalation(command);
  if (!escalation.escalates) return { ok: true };
  if (escalation.pipedPassword)
    return { ok: false, state: 'denied', content: OWN_PASSWORD_REFUSAL };
  report('waiting-password');
  const answer = await context.questions.askSudoPassword(
    { conversationId: context.conversationId, callId, command },
    context.signal,
  );
  if ('refused' in answer) {
    const why =
      answer.refused === 'expired'
        ? 'the password prompt expired'
        : 'the user cancelled the password prompt';
    return {
      ok: false,
      state: 'cancelled',
      content: `The command was not run: ${why}.`,
      refused: answer.refused === 'expired' ? 'expired' : 'cancelled',
    };
  }
  return { ok: true, ticket: context.sudo.issue(command, answer.password) };
}
