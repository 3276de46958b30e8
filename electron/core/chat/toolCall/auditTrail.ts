/**
 * An append-only record of consent: every approval (by the user's answer, or by a standing rule
 * the user set) and every tool execution, one JSON line each in `audit.jsonl` in the data folder.
 * It names the server, tool, conversation and call, never the arguments, which may hold secrets.
 * It lets anyone check afterwards that no tool ran without a matching approval.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const AUDIT_FILE_NAME = 'audit.jsonl';

/** Why a call was allowed: the user's answer to this call, or a rule the user set earlier. */
export type ApprovalBasis =
  | 'user:once'
  | 'user:conversation'
  | 'user:always'
  /** The user allowed this shell command, or its prefix, from now on. */
  | 'user:command'
  | 'rule:conversation'
  | 'rule:always-allow'
  /** A command rule the user made allowed this shell command. */
  | 'rule:command'
  /** The user's "Don't ask for calls this sandbox makes harmless" for its server. */
  | 'rule:sandbox';

interface CallIdentity {
  conversationId: string;
  callId: string;
  server: string;
  tool: string;
}

export type AuditEntry = CallIdentity & { at: string } & (
    | { kind: 'approved'; basis: ApprovalBasis }
    | { kind: 'refused'; basis: 'user' | 'rule' }
    /** `ranAs` is the tool that actually ran, when it differs (a sudo command runs in Hearth's shell tool). */
    | { kind: 'executed'; ranAs?: { server: string; tool: string } }
    /** The sudo password was not given: the user cancelled the prompt, or it expired. */
    | { kind: 'password-refused'; why: 'cancelled' | 'expired' }
  );

type Omitted<K extends AuditEntry['kind']> = Omit<Extract<AuditEntry, { kind: K }>, 'at' | 'kind'>;

export interface AuditTrail {
  approved(entry: Omitted<'approved'>): void;
  refused(entry: Omitted<'refused'>): void;
  executed(entry: Omitted<'executed'>): void;
  passwordRefused(entry: Omitted<'password-refused'>): void;
}

/** Appends to `audit.jsonl` in `dataDir`; a failed append is reported, never thrown. */
export function openAuditTrail(options: {
  dataDir: string;
  onProblem?: (message: string) => void;
  now?: () => Date;
}): AuditTrail {
  const path = join(options.dataDir, AUDIT_FILE_NAME);
  const now = options.now ?? (() => new Date());
  let reported = false;
  const append = (entry: Record<string, unknown>) => {
    try {
      appendFileSync(path, `${JSON.stringify({ at: now().toISOString(), ...entry })}\n`, {
        mode: 0o600,
      });
    } catch (error) {
      if (reported) return;
      reported = true;
      options.onProblem?.(`Hearth could not add to its audit log: ${(error as Error).message}`);
    }
  };
  return {
    approved: (entry) => append({ kind: 'approved', ...entry }),
    refused: (entry) => append({ kind: 'refused', ...entry }),
    executed: (entry) => append({ kind: 'executed', ...entry }),
    passwordRefused: (entry) => append({ kind: 'password-refused', ...entry }),
  };
}

/** Every entry of an audit file; lines that do not parse (a torn last line) are skipped. */
export function readAuditTrail(dataDir: string): AuditEntry[] {
  let text: string;
  try {
    text = readFileSync(join(dataDir, AUDIT_FILE_NAME), 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').flatMap((line) => {
    try {
      return line ? [JSON.parse(line) as AuditEntry] : [];
    } catch {
      return [];
    }
  });
}

/** Executions with no approval of the same call before them: zero, when consent held. */
export function unapprovedExecutions(entries: readonly AuditEntry[]): AuditEntry[] {
  const approved = new Set<string>();
  const key = (entry: CallIdentity) =>
    [entry.conversationId, entry.callId, entry.server, entry.tool].join('\u0000');
  const unapproved: AuditEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'approved') approved.add(key(entry));
    if (entry.kind === 'executed' && !approved.has(key(entry))) unapproved.push(entry);
  }
  return unapproved;
}
