/**
 * The answers an approval offers, in the dialog's button row: Deny (which first asks why, then
 * sends the reason the model reads), allow once, and a standing allow. A shell command is never
 * allowed whole: its standing allows are this exact command, or commands starting with its program
 * and subcommand; other tools are allowed always or for this conversation. A shell command the
 * sandbox will refuse (it cannot run here, and Settings do not let commands run without it) is
 * offered no Allow at all: only Close, since no answer could make it run.
 */
import type { RefObject } from 'react';
import type { ApprovalAnswer } from '../../../preload/schemas/chat';
import { MenuButton } from '../ui/MenuButton';
import type { ApprovalRequest } from './useQuestionQueue';

export interface ApprovalActionsProps {
  shell: ApprovalRequest['shell'];
  /** The command will not run whatever the answer (main refuses it too). */
  refused: boolean;
  busy: boolean;
  /** Deny was chosen: Back and Deny take the row while the user may say why. */
  denying: boolean;
  setDenying(denying: boolean): void;
  /** Why the user denies, as typed so far; sent with Deny when not blank. */
  reason: string;
  send(answer: ApprovalAnswer): Promise<void>;
  /** The dialog gives one of these first focus, once it has opened. */
  allowOnceRef: RefObject<HTMLButtonElement | null>;
  denyRef: RefObject<HTMLButtonElement | null>;
}

export function ApprovalActions({
  shell,
  refused,
  busy,
  denying,
  setDenying,
  reason,
  send,
  allowOnceRef,
  denyRef,
}: ApprovalActionsProps) {
  const standing = standingAnswers(shell);
  const deny = () => {
    const trimmed = reason.trim();
    void send(trimmed ? { decision: 'deny', reason: trimmed } : { decision: 'deny' });
  };

  if (refused)
    return (
      <button
        ref={denyRef}
        type="button"
        className="button"
        disabled={busy}
        onClick={() => void send({ decision: 'deny' })}
      >
        Close
      </button>
    );

  if (denying)
    return (
      <>
        <button type="button" className="button" disabled={busy} onClick={() => setDenying(false)}>
          Back
        </button>
        <button type="button" className="button danger" disabled={busy} onClick={deny}>
          Deny
        </button>
      </>
    );

  return (
    <>
      <button
        ref={denyRef}
        type="button"
        className="button danger"
        disabled={busy}
        onClick={() => setDenying(true)}
      >
        Deny
      </button>
      {/* Side by side in a window; in a narrow one (the popup) a menu, so the row stays one. */}
      <span className="approval-standing">
        {standing.map((answer) => (
          <button
            key={answer.label}
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void send(answer.answer)}
          >
            {answer.label}
          </button>
        ))}
      </span>
      <MenuButton
        label="More answers"
        className="approval-standing-menu"
        disabled={busy}
        items={standing.map((answer) => ({
          label: answer.label,
          onSelect: () => void send(answer.answer),
        }))}
      />
      <button
        ref={allowOnceRef}
        type="button"
        className="button primary"
        disabled={busy}
        onClick={() => void send({ decision: 'once' })}
      >
        Allow once
      </button>
    </>
  );
}

/** The standing allows: for a shell command this exact line or its program's prefix, else the tool. */
function standingAnswers(
  shell: ApprovalRequest['shell'],
): { label: string; answer: ApprovalAnswer }[] {
  if (!shell)
    return [
      { label: 'Always allow', answer: { decision: 'always' } },
      { label: 'Allow for this conversation', answer: { decision: 'conversation' } },
    ];
  return [
    { label: 'Always allow this command', answer: { decision: 'command' } },
    ...(shell.prefix
      ? [
          {
            label: `Always allow “${shell.prefix} …”`,
            answer: { decision: 'command-prefix' } as ApprovalAnswer,
          },
        ]
      : []),
  ];
}
