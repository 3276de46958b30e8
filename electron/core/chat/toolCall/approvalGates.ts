/**
 * The consent gates of a tool call: the user's standing rules (a tool set to never run, allowed
 * for this conversation or always, a shell command a command rule covers), the server's "Don't
 * ask for calls this sandbox makes harmless" (while the OS bounds the call and the model runs on
 * this computer; never a server's own `readOnlyHint`), then the user, asked
 * with everything the approval shows (changes since it was allowed, poisoned-description
 * warnings, the tools read before, the shell's facts and its sandbox), the sandbox's refusal of a
 * command it cannot run, and the user's answer. The last gate records the approval.
 */
import { detectEscalation } from '../../builtin';
import { pickAnnotations } from '../../mcp';
import { poisonWarnings } from '../../security/poisonedTools';
import type { ApprovalBasis } from './auditTrail';
import { auditIdentity, type Gate, type KnownCall } from './call';
import { matchesCommandRule, suggestPrefix } from './commandRuleMatch';
import { sandboxRefusal } from './shellSandboxFacts';
import type { CallContext } from './types';

/** The user's policy and standing rules: never, or allowed without asking. */
export const standingRules: Gate<KnownCall> = (call) => {
  const { server, tool } = call.owner;
  const { tools, askForEveryTool } = call.context;
  const policy = tools.policy(server, tool);
  if (policy === 'deny')
    return {
      state: 'denied',
      refusedBy: 'rule',
      content: `The user does not allow “${tool}” to run. Do not call it again; continue without it.`,
      card: `Not run: “${tool}” is set to never run.`,
    };
  const { command } = call;
  // A shell tool is never allowed whole (not by an old "always allow", not for a conversation):
  // only its command rules let a command run without asking.
  const allowedHere =
    command === undefined && call.context.allowedHere.has(`${server}\u0000${tool}`);
  const alwaysAllowed =
    command === undefined && policy === 'allow' && tools.isAlwaysAllowed(server, tool);
  // Set to always run, yet not allowed now (its definition changed): the approval says what changed.
  call.reviewChanges = policy === 'allow' && !alwaysAllowed && command === undefined;
  if (askForEveryTool) return undefined;
  if (allowedHere || alwaysAllowed)
    call.basis = allowedHere ? 'rule:conversation' : 'rule:always-allow';
  else if (
    command !== undefined &&
    tools.commandRules(server, tool).some((rule) => matchesCommandRule(command, rule))
  )
    call.basis = 'rule:command';
  return undefined;
};

/** Why a call its sandbox bounds runs without a question, on its card. */
export const UNASKED_IN_SANDBOX =
  'Not asked: you let this server’s calls run without asking while its sandbox keeps it off the network and writing only in its own folder, and the model runs on this computer.';

/**
 * The server's "Don't ask for calls this sandbox makes harmless": the call runs unasked only
 * while the switch is on, the sandbox bounds the server now (no host, no write beyond its own
 * folder: mcp/config/harmlessCalls.ts) and the conversation's model runs on this computer. A
 * shell command is never let through whole (a sudo line would run outside the sandbox). When it
 * does not apply, the question says whether it could.
 */
export const sandboxBoundsIt: Gate<KnownCall> = async (call) => {
  const { context, owner, command } = call;
  if (call.basis || context.askForEveryTool || command !== undefined) return undefined;
  // An app's own call (no model turn): its result goes to the app's view, so it always asks.
  if (!context.modelRunsHere) return undefined;
  const harmless = context.tools.harmlessCalls?.(owner.server);
  if (!harmless) return undefined;
  const modelHere = harmless.allowed && (await modelRunsHere(context));
  if (harmless.on && modelHere) {
    call.basis = 'rule:sandbox';
    call.unaskedBecause = UNASKED_IN_SANDBOX;
    return undefined;
  }
  call.harmlessOffer =
    harmless.allowed && !modelHere
      ? { allowed: false, reason: MODEL_NOT_HERE }
      : { allowed: harmless.allowed, ...(harmless.reason ? { reason: harmless.reason } : {}) };
  return undefined;
};

const MODEL_NOT_HERE =
  'This conversation’s model does not run on this computer, so what a call reads would leave it.';

async function modelRunsHere(context: CallContext): Promise<boolean> {
  try {
    return (await context.modelRunsHere?.()) === true;
  } catch {
    // Not knowing where the model runs is no reason to skip a question.
    return false;
  }
}

/** The user, when no rule allowed the call. */
export const askUser: Gate<KnownCall> = async (call) => {
  if (call.basis) return undefined;
  const { owner, definition, args, command, context } = call;
  const { server, tool } = owner;
  call.report('waiting-approval');
  const changes = call.reviewChanges ? context.tools.reviewChange(server, tool) : [];
  const warnings = poisonWarnings(definition);
  // Only the shell's answer is a promise (it checks the sandbox): the rest take no extra turn.
  const pending = context.tools.sandbox?.(server, tool, args);
  const sandbox = pending instanceof Promise ? await pending : pending;
  const shell = command === undefined ? undefined : shellFacts(command);
  call.sandboxRefusal = sandboxRefusal(sandbox, shell?.asRoot === true);
  const answer = await context.questions.askApproval(
    {
      conversationId: context.conversationId,
      callId: call.request.callId,
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
      ...(sandbox ? { sandbox } : {}),
      ...(call.harmlessOffer ? { harmlessCalls: call.harmlessOffer } : {}),
    },
    context.signal,
  );
  if (answer === 'cancelled')
    return { state: 'cancelled', content: 'The call was cancelled before it ran.', card: null };
  call.answer = answer;
  return undefined;
};

/** A command the sandbox cannot run is refused, whatever the answer. */
export const sandboxAllows: Gate<KnownCall> = (call) => {
  // Asked so the user learns why (the page offers no Allow); no answer makes it run or leaves a rule.
  if (!call.sandboxRefusal) return undefined;
  return {
    state: 'denied',
    refusedBy: 'rule',
    content: `Error: ${call.sandboxRefusal}. Do not call it again; tell the user, who can install what is missing or let shell commands run without the sandbox in Settings › Chat.`,
    card: `Not run: ${call.sandboxRefusal}.`,
  };
};

/** The user's answer: denied, or allowed (once, here, always, or by a new command rule). */
export const userAllows: Gate<KnownCall> = (call) => {
  const { answer } = call;
  if (!answer) return undefined;
  if (answer.decision === 'deny') {
    const reason = answer.reason?.trim().slice(0, 2_000);
    return {
      state: 'denied',
      refusedBy: 'user',
      content: `The user denied this call${reason ? `: ${reason}` : '.'} Do not repeat it; continue without it.`,
      card: reason ? `You denied this call: “${reason}”` : 'You denied this call.',
    };
  }
  call.basis = allowedBy(call, answer.decision);
  return undefined;
};

/** Every call that runs has its approval in the audit trail first. */
export const recordApproval: Gate<KnownCall> = (call) => {
  if (call.basis)
    call.context.audit?.approved({ ...auditIdentity(call, call.owner), basis: call.basis });
  return undefined;
};

type Allowed = 'once' | 'conversation' | 'always' | 'command' | 'command-prefix';

function allowedBy(call: KnownCall, decision: Allowed): ApprovalBasis {
  const { owner, command, context } = call;
  if (command !== undefined) return allowCommand(call, command, decision);
  if (decision === 'conversation') context.allowedHere.add(`${owner.server}\u0000${owner.tool}`);
  if (decision === 'always') context.tools.alwaysAllow(owner.server, owner.tool);
  if (decision === 'command' || decision === 'command-prefix') return 'user:once'; // A command rule needs a shell command; this runs once.
  return `user:${decision}`;
}

/**
 * A shell tool is never allowed whole by one answer: "always" or "for this conversation" runs
 * this call only, and a rule covers exactly this command or the prefix Hearth worked out (never
 * one the renderer sends).
 */
function allowCommand(call: KnownCall, command: string, decision: Allowed): ApprovalBasis {
  const { owner, context } = call;
  if (decision === 'command') {
    context.tools.addCommandRule(owner.server, owner.tool, { kind: 'exact', text: command.trim() });
    return 'user:command';
  }
  if (decision === 'command-prefix') {
    const prefix = suggestPrefix(command);
    if (prefix)
      context.tools.addCommandRule(owner.server, owner.tool, { kind: 'prefix', text: prefix });
    return prefix ? 'user:command' : 'user:once';
  }
  // "For this conversation" or "always" would allow every command: this call runs, once.
  return 'user:once';
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
