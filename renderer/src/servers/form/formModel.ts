/**
 * The server form's editable state (a draft) and its conversion to and from a server config.
 * The draft keeps both transports' fields, so switching back and forth loses nothing typed.
 */
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  serverConfigSchema,
  type LoggingLevel,
  type SandboxPolicy,
  type ServerConfig,
  type ServerConfigInput,
  type ToolSettings,
} from '../../../../preload/schemas/servers';
import { unencryptedHost, unencryptedReason } from '../../../../preload/schemas/clearText';
import { headerValueProblem } from '../../../../preload/schemas/headerValues';

export type FormMode = 'add' | 'edit' | 'duplicate';
export type HttpProtocol = 'auto' | 'streamable-http' | 'sse';

/** One argument in the list editor; the id keeps React's rows stable while they move. */
export interface ArgumentItem {
  id: number;
  value: string;
}

/** An environment variable or header row. */
export interface NamedValueRow {
  id: number;
  name: string;
  value: string;
  secret: boolean;
  /** Set when main holds a secret value under this name: an empty value keeps it. */
  storedAs?: string;
}

export interface ServerDraft {
  name: string;
  kind: 'stdio' | 'http';
  command: string;
  args: ArgumentItem[];
  env: NamedValueRow[];
  cwd: string;
  url: string;
  headers: NamedValueRow[];
  protocol: HttpProtocol;
  timeoutSeconds: string;
  /** Folders the server may work in (MCP roots). */
  roots: ArgumentItem[];
  /** Empty: the default (info). */
  logLevel: LoggingLevel | '';
  /** OAuth sign-in settings of a remote server; empty strings are left out. */
  oauth: OAuthDraft;
  /** The user allows plain http:// to this server on another computer (not encrypted). */
  allowUnencrypted: boolean;
  /** Carried over from the config being edited; the form does not change them. */
  enabled: boolean;
  tools: Record<string, ToolSettings>;
  registryEntry?: ServerConfig['registryEntry'];
  /** A stdio server's OS sandbox policy, kept through an edit (and a copy) as it was. */
  sandbox?: SandboxPolicy;
}

export interface OAuthDraft {
  /** True: Hearth signs in as itself with the client id and secret (client credentials). */
  machine: boolean;
  clientId: string;
  /** Typed only; an empty one keeps the secret main has stored (when `secretStored`). */
  clientSecret: string;
  /** A private key (PEM) for signed client assertions; typed only, like the secret. */
  clientPrivateKey: string;
  signingAlgorithm: string;
  secretStored: boolean;
  scopes: string;
  clientMetadataUrl: string;
}

/** Field groups whose problems show together once the user has touched the group. */
export type FieldGroup =
  'name' | 'command' | 'args' | 'env' | 'cwd' | 'url' | 'headers' | 'timeout' | 'other';

let lastRowId = 0;

/** A fresh id for a list row. */
export function nextRowId(): number {
  lastRowId += 1;
  return lastRowId;
}

/** The form of a server not yet configured. */
export function emptyDraft(): ServerDraft {
  return {
    name: '',
    kind: 'stdio',
    command: '',
    args: [],
    env: [],
    cwd: '',
    url: '',
    headers: [],
    protocol: 'auto',
    timeoutSeconds: String(DEFAULT_REQUEST_TIMEOUT_MS / 1_000),
    roots: [],
    logLevel: '',
    oauth: {
      machine: false,
      clientId: '',
      clientSecret: '',
      clientPrivateKey: '',
      signingAlgorithm: '',
      secretStored: false,
      scopes: '',
      clientMetadataUrl: '',
    },
    allowUnencrypted: false,
    enabled: true,
    tools: {},
  };
}

/** The form for editing `config`, or for a copy of it (which cannot reuse its stored secrets). */
export function draftFrom(config: ServerConfig, mode: FormMode): ServerDraft {
  const draft = emptyDraft();
  const rows = (entries: { name: string; value?: string; secret: boolean }[]) =>
    entries.map((entry) => ({
      id: nextRowId(),
      name: entry.name,
      value: entry.value ?? '',
      secret: entry.secret,
      // A copy is a new server: main has no secrets stored for it yet.
      ...(entry.secret && entry.value === undefined && mode === 'edit'
        ? { storedAs: entry.name }
        : {}),
    }));
  const base: ServerDraft = {
    ...draft,
    name: mode === 'duplicate' ? copyName(config.name) : config.name,
    timeoutSeconds: String(config.requestTimeoutMs / 1_000),
    roots: config.roots.map((value) => ({ id: nextRowId(), value })),
    logLevel: config.logLevel ?? '',
    enabled: config.enabled,
    tools: config.tools,
    // A copy is a server of its own, not the registry's entry.
    ...(config.registryEntry && mode === 'edit' ? { registryEntry: config.registryEntry } : {}),
  };
  const { transport } = config;
  if (transport.type === 'stdio') {
    return {
      ...base,
      kind: 'stdio',
      command: transport.command,
      args: transport.args.map((value) => ({ id: nextRowId(), value })),
      env: rows(transport.env),
      cwd: transport.cwd ?? '',
      ...(transport.sandbox ? { sandbox: transport.sandbox } : {}),
    };
  }
  if (transport.type === 'http') {
    return {
      ...base,
      kind: 'http',
      url: transport.url,
      headers: rows(transport.headers),
      protocol: transport.protocol,
      allowUnencrypted: transport.allowUnencrypted === true,
      oauth: {
        machine: transport.oauth?.grant === 'client_credentials',
        clientId: transport.oauth?.clientId ?? '',
        clientSecret: '',
        clientPrivateKey: '',
        signingAlgorithm: transport.oauth?.signingAlgorithm ?? '',
        // A copy is a new server: main keeps no client secret for it yet.
        secretStored: mode === 'edit' && !!transport.oauth?.clientId,
        scopes: transport.oauth?.scopes ?? '',
        clientMetadataUrl: transport.oauth?.clientMetadataUrl ?? '',
      },
    };
  }
  return base;
}

function copyName(name: string): string {
  return `${name.slice(0, 59)} copy`;
}

/** True when the row stands for a secret main keeps, left untouched: saving keeps that value. */
export function keepsStoredSecret(row: NamedValueRow): boolean {
  return row.secret && row.storedAs === row.name && row.value === '';
}

function entryOf(row: NamedValueRow): { name: string; value?: string; secret: boolean } {
  return keepsStoredSecret(row)
    ? { name: row.name, secret: true }
    : { name: row.name, value: row.value, secret: row.secret };
}

/** The config the draft describes, as main's `servers:save` and `servers:test` take it. */
export function configFrom(draft: ServerDraft): ServerConfigInput {
  const trimmedCwd = draft.cwd.trim();
  const transport: ServerConfigInput['transport'] =
    draft.kind === 'stdio'
      ? {
          type: 'stdio',
          command: draft.command,
          args: draft.args.map((item) => item.value),
          env: draft.env.map(entryOf),
          ...(trimmedCwd ? { cwd: trimmedCwd } : {}),
          ...(draft.sandbox ? { sandbox: draft.sandbox } : {}),
        }
      : {
          type: 'http',
          url: draft.url.trim(),
          headers: draft.headers.map(entryOf),
          protocol: draft.protocol,
          ...oauthFrom(draft.oauth),
          // Kept only while it means something: an address that is plain http:// elsewhere.
          ...(draft.allowUnencrypted && unencryptedHost(draft.url.trim())
            ? { allowUnencrypted: true }
            : {}),
        };
  const seconds = draft.timeoutSeconds.trim() === '' ? NaN : Number(draft.timeoutSeconds);
  return {
    name: draft.name,
    enabled: draft.enabled,
    transport,
    requestTimeoutMs: Math.round(seconds * 1_000),
    tools: draft.tools,
    roots: draft.roots.map((item) => item.value.trim()).filter(Boolean),
    ...(draft.logLevel ? { logLevel: draft.logLevel } : {}),
    ...(draft.registryEntry ? { registryEntry: draft.registryEntry } : {}),
  };
}

/** The OAuth settings the draft sets, or nothing when all are empty. */
function oauthFrom(draft: OAuthDraft): { oauth?: NonNullable<HttpOAuth> } {
  const clientId = draft.clientId.trim();
  const scopes = draft.scopes.trim();
  const clientMetadataUrl = draft.clientMetadataUrl.trim();
  const oauth = {
    ...(draft.machine ? { grant: 'client_credentials' as const } : {}),
    ...(clientId ? { clientId } : {}),
    ...(clientId && draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
    ...(clientId && draft.clientPrivateKey.trim()
      ? { clientPrivateKey: draft.clientPrivateKey.trim() }
      : {}),
    ...(clientId && draft.signingAlgorithm
      ? { signingAlgorithm: draft.signingAlgorithm as NonNullable<HttpOAuth>['signingAlgorithm'] }
      : {}),
    ...(scopes ? { scopes } : {}),
    ...(clientMetadataUrl ? { clientMetadataUrl } : {}),
  };
  return Object.keys(oauth).length > 0 ? { oauth } : {};
}

type HttpOAuth = Extract<ServerConfigInput['transport'], { type: 'http' }>['oauth'];

/** Problems keyed by field path (`name`, `transport.env.0.name`), one message each. */
export type DraftIssues = Map<string, string>;

/** Every problem with the draft, in words, as the user types; empty when it can be saved. */
export function validateDraft(draft: ServerDraft, takenNames: readonly string[]): DraftIssues {
  const issues: DraftIssues = new Map();
  const result = serverConfigSchema.safeParse(configFrom(draft));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (!issues.has(key)) issues.set(key, friendlyMessage(key, issue.code, issue.message));
    }
  }
  const unencrypted = draft.kind === 'http' ? unencryptedHost(draft.url.trim()) : undefined;
  if (unencrypted !== undefined && !draft.allowUnencrypted && !issues.has('transport.url'))
    issues.set(
      'transport.url',
      `${unencryptedReason(unencrypted)} Use its https:// address, or allow an unencrypted connection below.`,
    );
  const lowered = draft.name.toLowerCase();
  if (!issues.has('name') && takenNames.some((name) => name.toLowerCase() === lowered)) {
    issues.set('name', `A server named “${draft.name}” already exists. Choose another name.`);
  }
  if (draft.kind === 'http')
    draft.headers.forEach((row, index) => {
      const key = `transport.headers.${index}.value`;
      const problem = keepsStoredSecret(row) ? undefined : headerValueProblem(row.value);
      if (problem && !issues.has(key)) issues.set(key, problem);
    });
  const rows = draft.kind === 'stdio' ? draft.env : draft.headers;
  const prefix = draft.kind === 'stdio' ? 'transport.env' : 'transport.headers';
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const key = `${prefix}.${index}.name`;
    const folded = draft.kind === 'stdio' ? row.name : row.name.toLowerCase();
    if (row.name !== '' && seen.has(folded) && !issues.has(key))
      issues.set(key, `“${row.name}” is already listed above.`);
    seen.add(folded);
  });
  return issues;
}

function friendlyMessage(key: string, code: string, message: string): string {
  if (key === 'requestTimeoutMs') return 'Use a number of seconds from 1 to 3600.';
  if (/^transport\.env\.\d+\.name$/.test(key) && code === 'too_small')
    return 'Give the variable a name.';
  if (/^transport\.headers\.\d+\.name$/.test(key) && code === 'too_small')
    return 'Give the header a name.';
  return message;
}

/** Which group of fields a problem belongs to, so it shows once that group was touched. */
export function groupOf(key: string): FieldGroup {
  if (key === 'name') return 'name';
  if (key === 'requestTimeoutMs') return 'timeout';
  const [, field] = key.split('.');
  switch (field) {
    case 'command':
    case 'args':
    case 'env':
    case 'cwd':
    case 'url':
    case 'headers':
      return field;
    default:
      return 'other';
  }
}

/** What each group of the form's transport fields is given by the form. */
export interface TransportFieldsProps {
  draft: ServerDraft;
  edit(group: FieldGroup, patch: Partial<ServerDraft>): void;
  touch(group: FieldGroup): () => void;
  errorFor(key: string): string | undefined;
}
