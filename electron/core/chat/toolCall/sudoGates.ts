/**
 * The sudo gates of a shell command: one that gives sudo a password of its own (piped, -S,
 * askpass) is refused before anyone is asked, since approving it could only end in the same
 * refusal; one that escalates runs only with the user's password, asked once it is approved and
 * bound to exactly this command.
 */
import { detectEscalation } from '../../builtin';
import type { Gate, KnownCall } from './call';

const OWN_PASSWORD_REFUSAL =
  'Error: the command passes a password to sudo itself (sudo -S, --stdin, -A or an askpass helper), which Hearth refuses; it was not run. Run it with plain sudo and no password; Hearth asks the user for it.';

/** A shell command's escalation, when the call is one. */
function escalationOf(call: KnownCall) {
  return call.command === undefined ? undefined : detectEscalation(call.command);
}

export const ownPasswordRefused: Gate<KnownCall> = (call) => {
  const escalation = escalationOf(call);
  if (!escalation?.escalates || escalation.pipedPassword !== true) return undefined;
  return {
    state: 'denied',
    refusedBy: 'rule',
    content: OWN_PASSWORD_REFUSAL,
    card: 'Refused before asking you: the command passes a password to sudo itself.',
  };
};

/** For a shell command that escalates: the user's password, as a ticket for this command. */
export const sudoPassword: Gate<KnownCall> = async (call) => {
  const { command, context } = call;
  const escalation = escalationOf(call);
  if (command === undefined || !escalation?.escalates) return undefined;
  call.report('waiting-password');
  const answer = await context.questions.askSudoPassword(
    { conversationId: context.conversationId, callId: call.request.callId, command },
    context.signal,
  );
  if ('refused' in answer) {
    const why =
      answer.refused === 'expired'
        ? 'the password prompt expired'
        : 'the user cancelled the password prompt';
    return {
      state: 'cancelled',
      content: `The command was not run: ${why}.`,
      passwordRefused: answer.refused === 'expired' ? 'expired' : 'cancelled',
    };
  }
  call.sudoTicket = context.sudo.issue(command, answer.password);
  return undefined;
};
