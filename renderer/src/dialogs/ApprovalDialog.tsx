/**
 * Asks whether a tool may run with the arguments the model gave it. A server's annotations are
 * its own claims, shown as such, and never make the question calmer: Deny has focus (Enter never
 * runs a tool) except for Hearth's own read-only tools, whose annotations Hearth wrote. Escape
 * denies. A shell command is the headline, in full; the answers it offers are ApprovalActions'.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ApprovalAnswer } from '../../../preload/schemas/chat';
import { missingForShell, whatIsMissing } from '../../../preload/sandboxWords';
import { revealHidden } from '../lib/revealHidden';
import { Dialog } from '../ui/Dialog';
import { ApprovalActions } from './ApprovalActions';
import { HarmlessOffer } from './HarmlessOffer';
import type { ApprovalRequest } from './useQuestionQueue';
import { useSending } from './useSending';
import './questions.css';
import { InlineError } from '../ui/InlineError';
import { useApi } from '../lib/apiContext';

type Annotations = NonNullable<ApprovalRequest['annotations']>;

/** Hearth's own tools: their annotations are Hearth's, so they are facts, not claims. */
const HEARTH_SERVER = 'hearth';

/**
 * What the hints say, most important first: a server's worded as its claims, Hearth's own (which
 * Hearth wrote) as facts.
 */
export function annotationSentences(annotations: Annotations | undefined, own = false): string[] {
  if (!annotations) return [];
  const says = own ? 'It' : 'The server says it';
  const sentences: string[] = [];
  if (annotations.destructiveHint === true) sentences.push(`${says} can delete or change things.`);
  else if (annotations.readOnlyHint === true)
    sentences.push(`${says} only reads and changes nothing.`);
  if (annotations.openWorldHint === true) sentences.push(`${says} reaches outside this computer.`);
  return sentences;
}

/** A claim of danger is believed even beside a claim of safety: caution costs a click. */
export function isDestructive(annotations: Annotations | undefined): boolean {
  return annotations?.destructiveHint === true;
}

export interface ApprovalDialogProps {
  request: ApprovalRequest;
  /** "2 more waiting", when others queue behind this one. */
  subtitle?: string;
  onAnswer(answer: ApprovalAnswer): Promise<void>;
}

export function ApprovalDialog({ request, subtitle, onAnswer }: ApprovalDialogProps) {
  const api = useApi();
  const { busy, failure, send } = useSending(onAnswer);
  const [denying, setDenying] = useState(false);
  const [reason, setReason] = useState('');
  const allowOnce = useRef<HTMLButtonElement>(null);
  const denyButton = useRef<HTMLButtonElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const reasonId = useId();
  const destructive = isDestructive(request.annotations);
  // Only Hearth's own read-only tools are drawn calm and offer Allow once first.
  const readOnly =
    request.server === HEARTH_SERVER && request.annotations?.readOnlyHint === true && !destructive;
  const sentences = annotationSentences(request.annotations, request.server === HEARTH_SERVER);
  const title = request.title ?? request.annotations?.title;
  const shell = request.shell;
  const safeDefault = readOnly && !shell;
  // The sandbox will refuse it whatever the answer: the dialog says why, and asks nothing.
  const refused = missingForShell(request.sandbox, shell?.asRoot === true) !== undefined;
  const name = `${revealHidden(request.tool)} from ${revealHidden(request.server)}`;

  // Runs after the dialog opened (children's effects run first), so it wins the initial focus.
  useEffect(() => {
    if (denying) reasonField.current?.focus();
    else (safeDefault ? allowOnce : denyButton).current?.focus();
  }, [denying, safeDefault]);

  return (
    <Dialog
      open
      title={refused ? `${name} cannot run here` : `Allow ${name}?`}
      subtitle={
        [request.conversationTitle ? `In “${request.conversationTitle}”` : undefined, subtitle]
          .filter(Boolean)
          .join(' · ') || undefined
      }
      tone={destructive ? 'danger' : 'normal'}
      className={`question-dialog${readOnly ? ' question-calm' : ''}`}
      onCancel={() => void send({ decision: 'deny' })}
      actions={
        <ApprovalActions
          shell={shell}
          refused={refused}
          busy={busy}
          denying={denying}
          setDenying={setDenying}
          reason={reason}
          send={send}
          allowOnceRef={allowOnce}
          denyRef={denyButton}
        />
      }
    >
      {destructive && !refused && (
        <p className="question-warning" role="note">
          <strong>This tool can delete or change things.</strong> Check the arguments before you
          allow it.
        </p>
      )}
      {request.fromApp && (
        <p className="question-app" role="note">
          Asked by the app shown in the card of “{revealHidden(request.fromApp.tool)}”, not by the
          model.
        </p>
      )}
      {title && <p className="question-tool-title">{revealHidden(title)}</p>}
      {shell && <CommandHeadline command={shell.command} />}
      {shell?.asRoot && (
        <p className="question-warning" role="note">
          <strong>This command uses sudo: the whole line runs as administrator (root)</strong>, also
          what comes before or after sudo in it. Hearth asks for your password next.
        </p>
      )}
      <SandboxNote sandbox={request.sandbox} asRoot={shell?.asRoot === true} />
      <HarmlessOffer request={request} />
      {request.description &&
        (shell ? (
          <details className="question-about">
            <summary>About this tool</summary>
            <p className="question-description">{revealHidden(request.description)}</p>
          </details>
        ) : (
          <p className="question-description">{revealHidden(request.description)}</p>
        ))}
      {sentences.length > 0 && (
        <div className="question-hints">
          <ul aria-label="What the server says about this tool">
            {sentences.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
          <small className="muted">
            {request.server === HEARTH_SERVER
              ? 'Hearth’s own tool: these describe it as built.'
              : `These are claims of ${request.server}; Hearth cannot check that they are true, and they never make a tool run without asking.`}
          </small>
        </div>
      )}
      {request.readBefore && request.readBefore.length > 0 && (
        <div className="question-warning" role="note">
          <p>
            The model asked for this after reading what{' '}
            {request.readBefore.length === 1 ? 'a tool' : 'tools'} returned, which came from outside
            Hearth and may have steered it:
          </p>
          <ul aria-label="Results the model read first">
            {request.readBefore.map((read) => (
              <li key={`${read.server}\u0000${read.tool}`}>
                {revealHidden(read.tool)} from {revealHidden(read.server)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {request.warnings && request.warnings.length > 0 && (
        <div className="question-warning" role="note">
          <p>
            <strong>This tool’s description speaks to the model</strong>, which can be a server
            trying to steer it:
          </p>
          <ul>
            {request.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
          <button
            type="button"
            className="button danger"
            disabled={busy}
            onClick={() =>
              void api.tools
                .configure(request.server, request.tool, { enabled: false })
                .then(() => send({ decision: 'deny', reason: 'The user switched this tool off.' }))
                .catch(() => send({ decision: 'deny' }))
            }
          >
            Deny and switch the tool off
          </button>
        </div>
      )}
      {request.changes && request.changes.length > 0 && (
        <div className="question-warning" role="note">
          <p>This tool changed since you chose Always allow:</p>
          <ul>
            {request.changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        </div>
      )}
      {shell ? (
        <OtherArguments args={request.arguments} />
      ) : (
        <ArgumentsBlock args={request.arguments} />
      )}
      {denying && (
        <div className="field">
          <label htmlFor={reasonId}>Why not? (optional, the model reads it)</label>
          <textarea
            ref={reasonField}
            id={reasonId}
            className="input"
            rows={2}
            maxLength={2_000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      )}
      <InlineError message={failure} />
    </Dialog>
  );
}

/** Where a shell command runs: in the sandbox, or, where it cannot run, without it or not at all. */
function shellSandboxWords(
  unavailable: { missing: string; runAnyway: boolean } | undefined,
  folder: string | undefined,
): string {
  if (!unavailable)
    return `It runs in Hearth’s sandbox: it can write only in ${folder ?? 'the folder it runs in'} and a temp folder of its own (never git hooks, shell start-up files or editor tasks there), cannot read your keys and passwords, and reaches no network.`;
  const missing = `Hearth’s sandbox cannot run here (${whatIsMissing(unavailable.missing)})`;
  return unavailable.runAnyway
    ? `${missing}: as Settings allow, this command runs without it, with your full rights.`
    : `${missing}, so this command will not run. Install what is missing, or let shell commands run without the sandbox in Settings › Chat.`;
}

/** Where the call runs: in the OS sandbox (and what it may reach), or, for sudo, outside it. */
function SandboxNote({
  sandbox,
  asRoot,
}: {
  sandbox: ApprovalRequest['sandbox'];
  asRoot: boolean;
}) {
  if (!sandbox) return null;
  if (sandbox.kind === 'shell')
    return (
      <p className="question-sandbox" role="note">
        {asRoot
          ? 'With sudo the command runs outside Hearth’s sandbox, with full rights, once you give the password.'
          : shellSandboxWords(sandbox.unavailable, sandbox.writable[0])}
      </p>
    );
  const hosts = sandbox.hosts.length === 0 ? 'no host' : sandbox.hosts.join(', ');
  const writes = sandbox.writable.includes('/')
    ? 'anywhere you can (you allowed all writes)'
    : 'only in its own folders';
  return (
    <p className="question-sandbox" role="note">
      Its server runs in the sandbox: it can write {writes}, cannot read your keys and passwords,
      and may reach {hosts}. Being sandboxed does not make it safe to allow blindly.
    </p>
  );
}

/** The shell command itself, whole, first: what the user is really asked about. */
function CommandHeadline({ command }: { command: string }) {
  const labelId = useId();
  return (
    <div className="question-arguments">
      <p id={labelId} className="question-label">
        Command
      </p>
      <pre className="code question-command" tabIndex={0} role="region" aria-labelledby={labelId}>
        {revealHidden(command)}
      </pre>
    </div>
  );
}

/** A shell tool's arguments besides the command (a folder, a timeout), when there are any. */
function OtherArguments({ args }: { args: Record<string, unknown> }) {
  const rest = Object.fromEntries(Object.entries(args).filter(([name]) => name !== 'command'));
  return Object.keys(rest).length > 0 ? <ArgumentsBlock args={rest} /> : null;
}

function ArgumentsBlock({ args }: { args: Record<string, unknown> }) {
  const labelId = useId();
  if (Object.keys(args).length === 0) return <p className="muted">No arguments.</p>;
  return (
    <div className="question-arguments">
      <p id={labelId} className="question-label">
        Arguments
      </p>
      {/* A focusable region, so the keyboard can scroll a long block. */}
      <pre className="code" tabIndex={0} role="region" aria-labelledby={labelId}>
        {revealHidden(JSON.stringify(args, null, 2))}
      </pre>
    </div>
  );
}
