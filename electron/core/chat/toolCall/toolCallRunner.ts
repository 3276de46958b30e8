/**
 * One tool call the model asked for, from its name to the message the model gets back, as a list
 * of gates in the order a reader expects: is it a known tool, are its arguments an object, is its
 * server there, do the arguments fit, is it no repeat (whatIsCalled.ts); is it a command that
 * hands sudo its own password (sudoGates.ts); the user's rules, the user, the sandbox, the
 * user's answer (approvalGates.ts); the sudo password; then the call on its server and the result
 * for the model (resultStep.ts). Each gate lets the call go on or says how it ends (call.ts).
 * Every refusal is a clear sentence for the model; nothing here throws.
 */
import { SUDO_TICKET_META_KEY } from '../../builtin';
import {
  askUser,
  recordApproval,
  sandboxAllows,
  sandboxBoundsIt,
  standingRules,
  userAllows,
} from './approvalGates';
import {
  auditIdentity,
  endCall,
  knownCall,
  openCall,
  type Call,
  type Gate,
  type KnownCall,
} from './call';
import { resultStep } from './resultStep';
import { ownPasswordRefused, sudoPassword } from './sudoGates';
import type { CallContext, CallRequest, CallResult } from './types';
import { argumentsFit, argumentsParse, knownTool, notRepeated, serverReady } from './whatIsCalled';

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
