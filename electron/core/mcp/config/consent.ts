/**
 * The user's consent to run things: which exact stdio launch (approvedLaunch.ts: command,
 * arguments, environment, folder, sandbox and any later field) they approved, and which tool
 * definitions they chose to "always allow". Both are fingerprints, so any change, made in the app or on disk behind its back, needs a new yes.
 * Launch fingerprints are keyed with a secret from the vault, so a process that can edit the
 * files but not read the keychain cannot forge an approval.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import type { CommandRuleEntry } from '../../../../preload/schemas/chat';
import type { SecretVault } from '../../secrets/secretVault';
import { writeFileAtomically } from '../../store/atomicFile';
import { openJsonDocument } from '../../store/jsonDocument';
import { fingerprintForm, type ApprovedLaunch } from './approvedLaunch';

const CONSENT_KEY = 'consent:hmac-key';

const toolApprovalSchema = z.object({
  fingerprint: z.string(),
  /** What the user approved, to show what changed when the server serves something else. */
  snapshot: z.object({
    title: z.string().optional(),
    description: z.string().optional(),
    inputSchema: z.unknown().optional(),
    outputSchema: z.unknown().optional(),
    annotations: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ToolApproval = z.output<typeof toolApprovalSchema>;

/** `mac` signs the rule with the consent key, so a rule written into the file by hand is ignored. */
const commandRuleSchema = z.object({
  kind: z.enum(['exact', 'prefix']),
  text: z.string(),
  mac: z.string().default(''),
});

const consentFileSchema = z.object({
  launches: z.record(z.string(), z.string()).default({}),
  tools: z.record(z.string(), z.record(z.string(), toolApprovalSchema)).default({}),
  /** Shell commands allowed without asking per server and tool (chat/toolCall/commandRuleMatch). */
  commandRules: z.record(z.string(), z.record(z.string(), z.array(commandRuleSchema))).default({}),
  /**
   * Servers whose calls run without asking while their sandbox bounds them (harmlessCalls.ts):
   * the signed fingerprint of the whole sandbox policy the user turned it on under.
   */
  harmlessCalls: z.record(z.string(), z.string()).default({}),
});

/** A standing approval of shell commands for one tool (the shape the contract carries). */
export type StoredCommandRule = CommandRuleEntry;
type CommandRule = Pick<CommandRuleEntry, 'kind' | 'text'>;

export interface ConsentStore {
  /** The fingerprint of exactly this launch, secrets included. */
  launchFingerprint(server: string, launch: ApprovedLaunch): string;
  launchState(server: string, launch: ApprovedLaunch): 'approved' | 'required' | 'changed';
  approveLaunch(server: string, fingerprint: string): void;
  toolApproval(server: string, tool: string): ToolApproval | undefined;
  setToolApproval(server: string, tool: string, approval: ToolApproval | undefined): void;
  /** Every command rule, of every server and tool. */
  commandRules(): StoredCommandRule[];
  /** Adds `rule` unless the tool has it already. */
  addCommandRule(rule: StoredCommandRule): void;
  /** False when there was no such rule. */
  removeCommandRule(rule: StoredCommandRule): boolean;
  /** Lets the server's calls run unasked under exactly this policy (harmlessCalls.ts `policyText`). */
  grantHarmlessCalls(server: string, policyText: string): void;
  /** `none` without a grant; with `policyText`, whether the grant is for exactly that policy. */
  harmlessCallsGrant(server: string, policyText?: string): 'none' | 'granted' | 'changed';
  revokeHarmlessCalls(server: string): void;
  forget(server: string): void;
  rename(from: string, to: string): void;
}

export function openConsentStore(options: {
  dataDir: string;
  vault: SecretVault;
  onProblem(message: string): void;
}): ConsentStore {
  const document = openJsonDocument({
    dataDir: options.dataDir,
    name: 'consent',
    schema: consentFileSchema,
    what: 'Your approvals of servers and tools',
    insteadUsed: 'no approvals, so each server asks again',
    onProblem: options.onProblem,
  });
  // Read (or made) once: every server's status checks its launch, and reading the key file or
  // decrypting the keychain entry each time cost more than the check itself. A key changed on
  // disk behind Hearth's back is not taken up until the next start.
  let knownKey: string | undefined;
  const key = () => (knownKey ??= consentKey(options.vault, options.dataDir));
  const fingerprint = (server: string, launch: ApprovedLaunch) =>
    createHmac('sha256', key())
      // Signs the launch as approvedLaunch describes it: every field that can change what runs.
      .update(JSON.stringify(fingerprintForm(server, launch)))
      .digest('hex');
  const ruleMac = (server: string, tool: string, rule: CommandRule) =>
    createHmac('sha256', key())
      .update(JSON.stringify(['command-rule', server, tool, rule.kind, rule.text]))
      .digest('hex');
  const policyMac = (server: string, policyText: string) =>
    createHmac('sha256', key())
      .update(JSON.stringify(['harmless-calls', server, policyText]))
      .digest('hex');
  const update = (change: (file: z.output<typeof consentFileSchema>) => void) => {
    const file = structuredClone(document.read());
    change(file);
    document.write(file);
  };
  return {
    launchFingerprint: fingerprint,
    launchState(server, launch) {
      const approved = document.read().launches[server];
      if (approved === undefined) return 'required';
      return approved === fingerprint(server, launch) ? 'approved' : 'changed';
    },
    approveLaunch: (server, value) => update((file) => void (file.launches[server] = value)),
    toolApproval: (server, tool) => document.read().tools[server]?.[tool],
    setToolApproval: (server, tool, approval) =>
      update((file) => {
        const tools = without(file.tools[server] ?? {}, tool);
        file.tools[server] = approval ? { ...tools, [tool]: approval } : tools;
      }),
    commandRules: () =>
      Object.entries(document.read().commandRules).flatMap(([server, tools]) =>
        Object.entries(tools).flatMap(([tool, rules]) =>
          rules
            .filter((rule) => rule.mac === ruleMac(server, tool, rule))
            .map((rule) => ({ server, tool, kind: rule.kind, text: rule.text })),
        ),
      ),
    addCommandRule: ({ server, tool, kind, text }) =>
      update((file) => {
        const tools = file.commandRules[server] ?? {};
        const rules = (tools[tool] ?? []).filter(
          (rule) => rule.kind !== kind || rule.text !== text,
        );
        const mac = ruleMac(server, tool, { kind, text });
        file.commandRules[server] = { ...tools, [tool]: [...rules, { kind, text, mac }] };
      }),
    removeCommandRule({ server, tool, kind, text }) {
      const rules = document.read().commandRules[server]?.[tool] ?? [];
      const kept = rules.filter((rule) => rule.kind !== kind || rule.text !== text);
      if (kept.length === rules.length) return false;
      update((file) => {
        const tools = without(file.commandRules[server] ?? {}, tool);
        file.commandRules[server] = kept.length ? { ...tools, [tool]: kept } : tools;
      });
      return true;
    },
    grantHarmlessCalls: (server, policyText) =>
      update((file) => void (file.harmlessCalls[server] = policyMac(server, policyText))),
    harmlessCallsGrant(server, policyText) {
      const granted = document.read().harmlessCalls[server];
      if (granted === undefined) return 'none';
      if (policyText === undefined) return 'granted';
      return granted === policyMac(server, policyText) ? 'granted' : 'changed';
    },
    revokeHarmlessCalls(server) {
      if (document.read().harmlessCalls[server] === undefined) return;
      update((file) => void (file.harmlessCalls = without(file.harmlessCalls, server)));
    },
    forget: (server) =>
      update((file) => {
        file.harmlessCalls = without(file.harmlessCalls, server);
        file.launches = without(file.launches, server);
        file.tools = without(file.tools, server);
        file.commandRules = without(file.commandRules, server);
      }),
    rename: (from, to) =>
      update((file) => {
        // The launch fingerprint includes the name, so a renamed server is approved again.
        file.launches = without(file.launches, from);
        // Its sandbox policy (its own folder) goes with its name: the switch is asked again.
        file.harmlessCalls = without(file.harmlessCalls, from);
        const tools = file.tools[from];
        file.tools = { ...without(file.tools, from), ...(tools ? { [to]: tools } : {}) };
        // Rules are signed with the server's name: those that held move, signed anew.
        const rules = Object.fromEntries(
          Object.entries(file.commandRules[from] ?? {}).map(([tool, list]) => [
            tool,
            list
              .filter((rule) => rule.mac === ruleMac(from, tool, rule))
              .map((rule) => ({ ...rule, mac: ruleMac(to, tool, rule) })),
          ]),
        );
        file.commandRules = { ...without(file.commandRules, from), [to]: rules };
      }),
  };
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
}

/**
 * Where the approval key is kept when there is no keychain: beside the data folder, not in it,
 * so a tool given the data folder (a server's roots) does not get the key with the approvals it
 * signs; Hearth's own tools refuse both folders.
 */
export function consentKeyFolder(dataDir: string): string {
  return join(dirname(dataDir), `${basename(dataDir)}.keys`);
}

/**
 * The key approvals are signed with. In the keychain when there is one; otherwise (the browser
 * host, a Linux desktop without a keyring) in an owner-only file outside the data folder, so
 * approvals survive a restart instead of every server asking again as if its command had changed.
 */
function consentKey(vault: SecretVault, dataDir: string): string {
  if (vault.persistent) {
    let value = vault.get(CONSENT_KEY);
    if (!value) {
      value = randomBytes(32).toString('hex');
      vault.set(CONSENT_KEY, value);
    }
    return value;
  }
  const folder = consentKeyFolder(dataDir);
  const file = join(folder, 'consent.key');
  const legacy = join(dataDir, 'consent.key');
  const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8').trim() : '');
  // A key cut short (or emptied) would let anyone forge approvals: make a new one, so every
  // server asks again, rather than sign with it.
  const valid = (key: string) => /^[0-9a-f]{64}$/.test(key);
  const kept = read(file);
  // A key from before it moved out of the data folder keeps the approvals it signed.
  const earlier = valid(kept) ? '' : read(legacy);
  const value = valid(kept) ? kept : valid(earlier) ? earlier : randomBytes(32).toString('hex');
  if (value !== kept) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    writeFileAtomically(file, value);
  }
  // Never left beside the approvals it signs.
  if (existsSync(legacy)) rmSync(legacy, { force: true });
  return value;
}

/** Variables that change what a program loads or runs, shown with a warning before launch. */
const RISKY_VARIABLES: [RegExp, string][] = [
  [/^NODE_OPTIONS$/, 'makes Node.js load extra code (--require, --import) before the server'],
  [/^NODE_PATH$/, 'changes where Node.js finds modules'],
  [/^LD_PRELOAD$|^LD_AUDIT$/, 'loads a library into the program before anything else'],
  [/^LD_LIBRARY_PATH$/, 'changes which shared libraries the program loads'],
  [/^DYLD_/, 'changes which libraries macOS loads into the program'],
  [/^PYTHONPATH$|^PYTHONSTARTUP$|^PYTHONHOME$/, 'changes which Python code runs'],
  [/^PERL5OPT$|^PERL5LIB$|^RUBYOPT$|^RUBYLIB$/, 'makes the interpreter load extra code'],
  [
    /^JAVA_TOOL_OPTIONS$|^_JAVA_OPTIONS$|^JDK_JAVA_OPTIONS$/,
    'adds options, agents included, to every Java program',
  ],
  [/^BASH_ENV$|^ENV$|^ZDOTDIR$/, 'makes a shell run a file of commands at start'],
  [/^PATH$/, 'changes which programs run when a command is named'],
  [/^ELECTRON_RUN_AS_NODE$/, 'turns an Electron app into a plain Node.js runtime'],
  [/^GIT_SSH_COMMAND$|^GIT_EXEC_PATH$/, 'changes which programs git runs'],
];

export function riskyVariables(names: string[]): { name: string; reason: string }[] {
  return names.flatMap((name) => {
    const match = RISKY_VARIABLES.find(([pattern]) => pattern.test(name.toUpperCase()));
    return match ? [{ name, reason: `${name} ${match[1]}.` }] : [];
  });
}
