/**
 * The shapes of MCP server configuration, status, logs and tools as they cross the bridge.
 * Secret values never travel from main to the renderer: a stored secret comes back without its
 * `value`, and a save that leaves `value` out keeps the stored one.
 */
import { z } from 'zod';

const MAX_VALUE_LENGTH = 32_768;
const MAX_PATH_LENGTH = 4_096;

export const serverNameSchema = z
  .string()
  .min(1, 'A server needs a name.')
  .max(64, 'Server names are at most 64 characters.')
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/,
    'Use letters, digits, spaces, dots, dashes and underscores; start with a letter or digit.',
  )
  .refine((name) => name.trim() === name, 'A server name cannot start or end with a space.');

/** An environment variable or header: a secret one is kept with safeStorage, never in the plain store. */
function namedValue(name: z.ZodString) {
  return z.strictObject({
    name,
    value: z.string().max(MAX_VALUE_LENGTH).optional(),
    secret: z.boolean().default(false),
  });
}

export const envVariableSchema = namedValue(
  z
    .string()
    .min(1)
    .max(256)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Variable names use letters, digits and underscores.'),
);
export const headerSchema = namedValue(
  z
    .string()
    .min(1)
    .max(256)
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'Not a valid HTTP header name.'),
);
export type EnvVariable = z.output<typeof envVariableSchema>;
export type Header = z.output<typeof headerSchema>;

/**
 * The OS sandbox a stdio server runs in (electron/core/sandbox): what it may not read beyond the
 * secret places Hearth always hides, where it may write beyond its own folder, temp and its roots,
 * and which hosts it may reach beyond what its launcher needs. Part of the launch consent.
 */
export const sandboxPolicySchema = z.strictObject({
  enabled: z.boolean(),
  denyRead: z.array(z.string().trim().min(1).max(MAX_PATH_LENGTH)).max(256).default([]),
  allowWrite: z.array(z.string().trim().min(1).max(MAX_PATH_LENGTH)).max(256).default([]),
  /** Places inside a hidden one the user allowed it to read after all (“allow this folder”). */
  allowRead: z.array(z.string().trim().min(1).max(MAX_PATH_LENGTH)).max(256).default([]),
  /**
   * Host names, `*.example.com` wildcards, optionally with `:port`. There is no "every host":
   * sandbox-runtime refuses `*` and `*.com` in a launch's own list by design, and a session-wide
   * allowance would reach every other sandboxed server too.
   */
  allowHosts: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/, 'Not a host name.'),
    )
    .max(256)
    .default([]),
  allowAllWrites: z.boolean().default(false),
  /** Where the sandbox cannot run, the user agreed to run this server without it every time. */
  unsandboxedWhenUnavailable: z.boolean().default(false),
});
export type SandboxPolicy = z.output<typeof sandboxPolicySchema>;

/**
 * "Don't ask for calls this sandbox makes harmless" for one server: whether the user turned it on
 * (for the policy its sandbox runs under now) and whether its sandbox allows it, with the reason
 * in plain words when not. A call also needs the conversation's model to run on this computer.
 */
export const harmlessCallsSchema = z.strictObject({
  on: z.boolean(),
  allowed: z.boolean(),
  reason: z.string().max(2_000).optional(),
});
export type HarmlessCalls = z.output<typeof harmlessCallsSchema>;

export const stdioTransportSchema = z.strictObject({
  type: z.literal('stdio'),
  command: z.string().trim().min(1, 'Which command starts the server?').max(MAX_PATH_LENGTH),
  args: z.array(z.string().max(MAX_VALUE_LENGTH)).max(256).default([]),
  env: z.array(envVariableSchema).max(256).default([]),
  cwd: z.string().max(MAX_PATH_LENGTH).optional(),
  sandbox: sandboxPolicySchema.optional(),
});

export const httpUrlSchema = z
  .string()
  .max(2_048)
  .refine(
    (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
    'Use an http:// or https:// address.',
  );

/**
 * How Hearth signs in to a remote server that asks for OAuth. All optional: discovery and dynamic
 * registration find the rest. The client secret is kept in the vault, never in servers.json; a
 * save without it keeps the stored one.
 */
export const oauthSettingsSchema = z
  .strictObject({
    /**
     * `client_credentials`: Hearth signs in as itself with the client id and secret, no browser
     * (machine-to-machine servers); the browser sign-in (authorization code) otherwise.
     */
    grant: z.enum(['authorization_code', 'client_credentials']).optional(),
    /** A client registered with the authorization server beforehand (no dynamic registration). */
    clientId: z.string().trim().min(1).max(1_000).optional(),
    clientSecret: z.string().max(MAX_VALUE_LENGTH).optional(),
    /**
     * Instead of a secret: a private key (PEM, PKCS#8) Hearth signs a client assertion with
     * (private_key_jwt). Kept in the vault like the secret; a save without it keeps it.
     */
    clientPrivateKey: z.string().max(MAX_VALUE_LENGTH).optional(),
    signingAlgorithm: z
      .enum(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512'])
      .optional(),
    /** Scopes to ask for when neither the server's challenge nor its metadata names any. */
    scopes: z.string().trim().min(1).max(2_000).optional(),
    /** An https address of a client ID metadata document for Hearth, used where supported. */
    clientMetadataUrl: z
      .string()
      .max(2_048)
      .refine(
        (value) => URL.canParse(value) && new URL(value).protocol === 'https:',
        'Use an https:// address.',
      )
      .optional(),
  })
  .refine((settings) => settings.grant !== 'client_credentials' || !!settings.clientId, {
    message: 'Signing in without a browser needs the client id (and its secret).',
    path: ['clientId'],
  });
export type OAuthSettings = z.output<typeof oauthSettingsSchema>;

export const httpTransportSchema = z.strictObject({
  type: z.literal('http'),
  url: httpUrlSchema,
  headers: z.array(headerSchema).max(64).default([]),
  /** `auto` tries Streamable HTTP and falls back to SSE for older servers. */
  protocol: z.enum(['auto', 'streamable-http', 'sse']).default('auto'),
  oauth: oauthSettingsSchema.optional(),
  /**
   * The user allows plain http:// to this server on another computer (not encrypted: see
   * clearText.ts); without it Hearth refuses to connect there. Not needed for this computer.
   */
  allowUnencrypted: z.boolean().optional(),
});

/** Hearth's own tools (shell commands, files, system info), served in-process. */
export const builtinTransportSchema = z.strictObject({ type: z.literal('builtin') });

export const transportSchema = z.discriminatedUnion('type', [
  stdioTransportSchema,
  httpTransportSchema,
  builtinTransportSchema,
]);
export type StdioTransportConfig = z.output<typeof stdioTransportSchema>;
export type HttpTransportConfig = z.output<typeof httpTransportSchema>;

/** ask: each call asks; allow: runs without asking while its definition stays as approved; deny: never runs. */
export const toolApprovalSchema = z.enum(['ask', 'allow', 'deny']);
export type ToolApproval = z.output<typeof toolApprovalSchema>;
export const toolSettingsSchema = z.strictObject({
  enabled: z.boolean().default(true),
  /** `allow` runs the tool without asking, for as long as its definition stays as approved. */
  approval: toolApprovalSchema.default('ask'),
  /**
   * Its `command` argument is a shell command: one that escalates (sudo, doas, pkexec, su) asks
   * for the password and runs through Hearth's own shell tool, never this server.
   */
  shellCommand: z.boolean().default(false),
  /** Always offered to the model, whatever the tool budget and the message. */
  pinned: z.boolean().default(false),
});
export type ToolSettings = z.output<typeof toolSettingsSchema>;
export const toolSettingsPatchSchema = z.strictObject({
  enabled: z.boolean().optional(),
  approval: toolApprovalSchema.optional(),
  shellCommand: z.boolean().optional(),
  pinned: z.boolean().optional(),
});

/** MCP's logging levels (RFC 5424 severities), least severe first. */
export const loggingLevelSchema = z.enum([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]);
export type LoggingLevel = z.output<typeof loggingLevelSchema>;

/** The longest a single request to a server may take unless progress keeps it alive. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

export const serverConfigSchema = z.strictObject({
  name: serverNameSchema,
  enabled: z.boolean().default(true),
  transport: transportSchema,
  requestTimeoutMs: z.int().min(1_000).max(3_600_000).default(DEFAULT_REQUEST_TIMEOUT_MS),
  tools: z.record(z.string().min(1).max(256), toolSettingsSchema).default({}),
  /** Folders the server may work in, sent to it as MCP roots (absolute paths). */
  roots: z.array(z.string().min(1).max(MAX_PATH_LENGTH)).max(64).default([]),
  /** The least severe log messages the server sends (logging/setLevel); `info` when unset. */
  logLevel: loggingLevelSchema.optional(),
  /**
   * The registry entry it was installed from (Servers › Browse): its name and version there,
   * which may differ from the name in Hearth and from what the server calls itself.
   */
  registryEntry: z
    .strictObject({ name: z.string().min(1).max(1_000), version: z.string().min(1).max(1_000) })
    .optional(),
});
export type ServerConfig = z.output<typeof serverConfigSchema>;
export type ServerConfigInput = z.input<typeof serverConfigSchema>;

export const serverStateSchema = z.enum(['stopped', 'starting', 'ready', 'error', 'restarting']);
export type ServerState = z.output<typeof serverStateSchema>;

/** Whether the user has approved launching this exact command (stdio servers only). */
export const launchConsentSchema = z.enum(['approved', 'required', 'changed']);

export const serverStatusSchema = z.strictObject({
  name: serverNameSchema,
  state: serverStateSchema,
  /** What went wrong, in words a user can act on. */
  error: z.string().max(MAX_VALUE_LENGTH).optional(),
  consent: launchConsentSchema,
  serverInfo: z
    .strictObject({
      name: z.string().max(256),
      version: z.string().max(256),
      title: z.string().max(256).optional(),
    })
    .optional(),
  protocolVersion: z.string().max(64).optional(),
  /**
   * How the version was found: asked with `server/discover` (or the 2025 handshake after it),
   * remembered from an earlier start, or fixed (Hearth's built-in server).
   */
  protocolSource: z.enum(['probed', 'remembered', 'built-in']).optional(),
  capabilities: z
    .strictObject({
      tools: z.boolean(),
      resources: z.boolean(),
      prompts: z.boolean(),
      logging: z.boolean(),
      completions: z.boolean(),
      /** It can tell when a resource changes (`resources.subscribe`). */
      resourceSubscribe: z.boolean().optional(),
    })
    .optional(),
  transport: z.enum(['stdio', 'streamable-http', 'sse', 'in-process']).optional(),
  /** OAuth: the server waits for the user to sign in, a sign-in is open, or Hearth is signed in. */
  signIn: z.enum(['required', 'waiting', 'signed-in']).optional(),
  /** The authorization page while a sign-in waits (the browser host opens it from the page). */
  signInUrl: z.string().max(8_192).optional(),
  /** Why the server asks again, when Hearth knows why: one sentence (its sign-in moved). */
  signInNote: z.string().max(2_000).optional(),
  pid: z.int().positive().optional(),
  /**
   * While it starts: its launcher (npx, uvx) is still downloading the package, with what is
   * known of the progress. The start limit counts from the end of the download.
   */
  download: z
    .strictObject({
      launcher: z.enum(['npx', 'uvx']),
      package: z.string().max(1_000),
      bytes: z.int().nonnegative().optional(),
      step: z.string().max(1_000).optional(),
    })
    .optional(),
  /** The OS sandbox of a stdio server with a policy: how it ran, and what it blocked. */
  sandbox: z
    .strictObject({
      state: z.enum(['on', 'off', 'unsandboxed', 'unavailable', 'docker']),
      blocked: z.array(z.string().max(MAX_PATH_LENGTH)).max(64),
      missing: z.string().max(1_000).optional(),
      advice: z.string().max(1_000).optional(),
    })
    .optional(),
  restarts: z.int().nonnegative(),
  toolCount: z.int().nonnegative(),
});
export type ServerStatus = z.output<typeof serverStatusSchema>;

export const serverEntrySchema = z.strictObject({
  config: serverConfigSchema,
  status: serverStatusSchema,
});
export type ServerEntry = z.output<typeof serverEntrySchema>;

export const logEntrySchema = z.strictObject({
  at: z.iso.datetime(),
  /** stderr: what the server printed; mcp: its logging messages; hearth: what Hearth did. */
  source: z.enum(['stderr', 'mcp', 'hearth']),
  level: loggingLevelSchema,
  text: z.string().max(MAX_VALUE_LENGTH),
  /**
   * Counts up across every log of this run of Hearth: the pane merges the list it fetched with
   * the batches that came meanwhile by it, so no line shows twice. Absent on Hearth's own notes.
   */
  seq: z.int().min(0).optional(),
});
export type LogEntry = z.output<typeof logEntrySchema>;

export const riskyVariableSchema = z.strictObject({
  name: z.string().max(256),
  reason: z.string().max(1_000),
});

/** Exactly what will run, shown to the user before a stdio server first starts. */
/** The most folders named by a server's arguments that its review offers to let it write. */
export const MAX_ARGUMENT_FOLDERS = 64;

/** The folders of a review's `argumentFolders` the user chose, sent back with the approval. */
export const argumentFolderChoiceSchema = z
  .array(z.string().max(MAX_PATH_LENGTH))
  .max(MAX_ARGUMENT_FOLDERS);

export const launchReviewSchema = z.strictObject({
  name: serverNameSchema,
  /** new: never approved; changed: differs from what was approved. */
  reason: z.enum(['new', 'changed', 'approved']),
  command: z.string().max(MAX_PATH_LENGTH),
  /** Where the command was found on PATH, when it was. */
  resolvedCommand: z.string().max(MAX_PATH_LENGTH).optional(),
  args: z.array(z.string().max(MAX_VALUE_LENGTH)),
  env: z.array(
    z.strictObject({
      name: z.string().max(256),
      value: z.string().max(MAX_VALUE_LENGTH),
      secret: z.boolean(),
      /** Hearth adds it itself (ELECTRON_RUN_AS_NODE for a Node bundle): not judged as risky. */
      byHearth: z.boolean().optional(),
    }),
  ),
  cwd: z.string().max(MAX_PATH_LENGTH).optional(),
  risky: z.array(riskyVariableSchema),
  /**
   * The OS sandbox it will run in: `on` with what it may not read, where it may write and which
   * hosts it may reach; `docker` when Docker isolates it instead; absent when it runs unsandboxed.
   */
  sandbox: z
    .strictObject({
      state: z.enum(['on', 'docker']),
      hidden: z.array(z.string().max(MAX_PATH_LENGTH)).max(400),
      writable: z.array(z.string().max(MAX_PATH_LENGTH)).max(400),
      allWrites: z.boolean(),
      hosts: z.array(z.string().max(300)).max(300),
      /**
       * Folders its own arguments name that it may not write yet (server-filesystem's allowed
       * directories): offered with the approval. `broad` ones (the home folder or wider) are
       * offered but not chosen in advance.
       */
      argumentFolders: z
        .array(z.strictObject({ path: z.string().max(MAX_PATH_LENGTH), broad: z.boolean() }))
        .max(MAX_ARGUMENT_FOLDERS)
        .optional(),
    })
    .optional(),
  /** Pass back to approve exactly this; a config changed since gets a new one. */
  fingerprint: z.string().max(128),
});
export type LaunchReview = z.output<typeof launchReviewSchema>;

/**
 * The git repositories in the folders a sandboxed server may write whose hooks and config it
 * cannot change, as its start finds them; `complete` false when the look stopped short.
 */
export const launchRepositoriesSchema = z.strictObject({
  repositories: z.array(z.string()),
  complete: z.boolean(),
});
export type LaunchRepositories = z.output<typeof launchRepositoriesSchema>;

export const toolAnnotationsSchema = z.strictObject({
  title: z.string().max(1_000).optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});

export const catalogToolSchema = z.strictObject({
  server: serverNameSchema,
  /** The tool's own name on its server. */
  tool: z.string().max(1_000),
  /** The name the model sees: `[A-Za-z0-9_-]{1,64}`, unique across servers. */
  modelName: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  title: z.string().max(1_000).optional(),
  description: z.string().max(MAX_VALUE_LENGTH),
  inputSchema: z.record(z.string(), z.unknown()),
  annotations: toolAnnotationsSchema.optional(),
  enabled: z.boolean(),
  approval: toolApprovalSchema,
  shellCommand: z.boolean(),
  /** True when "always allow" was given to a different definition of this tool than the one now served. */
  approvalStale: z.boolean(),
  pinned: z.boolean().optional(),
  /** What in its definition speaks to the model rather than describing the tool. */
  warnings: z.array(z.string().max(500)).max(20).optional(),
});
export type CatalogTool = z.output<typeof catalogToolSchema>;

/** A runtime servers are started with (Node.js, uv, Python, Docker) as found on this computer. */
export const runtimeReportSchema = z.strictObject({
  id: z.enum(['node', 'uv', 'python', 'docker']),
  label: z.string().max(100),
  install: z.string().max(MAX_VALUE_LENGTH),
  commands: z.array(
    z.strictObject({
      name: z.string().max(100),
      path: z.string().max(MAX_VALUE_LENGTH).optional(),
    }),
  ),
  version: z.string().max(200).optional(),
  problem: z.string().max(MAX_VALUE_LENGTH).optional(),
});

/** What the OS sandbox needs on this computer, each part checked, for the runtime doctor. */
export const sandboxNeedsSchema = z.strictObject({
  platform: z.enum(['linux', 'darwin', 'win32', 'other']),
  /** Linux: bubblewrap, socat and ripgrep, each with where it was found (absent: not found). */
  tools: z
    .array(
      z.strictObject({
        command: z.string().max(100),
        label: z.string().max(100),
        package: z.string().max(100),
        path: z.string().max(MAX_VALUE_LENGTH).optional(),
      }),
    )
    .max(10),
  /** Linux: whether bubblewrap may create user namespaces (absent: not checked, bwrap missing). */
  namespaces: z.boolean().optional(),
  ok: z.boolean(),
  /** When it cannot run: what is missing, and how to get it. */
  missing: z.string().max(1_000).optional(),
  advice: z.string().max(1_000).optional(),
});
export type SandboxNeedsReport = z.output<typeof sandboxNeedsSchema>;

export const importFormatSchema = z.enum(['claude-desktop', 'vscode', 'cursor']);
export const importItemSchema = z.strictObject({
  name: z.string().max(256),
  /** added; replaced (the user asked); renamed (a server had that name); skipped (with the reason). */
  outcome: z.enum(['added', 'replaced', 'renamed', 'skipped']),
  finalName: z.string().max(256).optional(),
  /** Everything not taken as it was: unknown fields, inputs left for the user, and so on. */
  notes: z.array(z.string().max(2_000)),
  /** What would stop it working here: its command is not found, its address answers nothing. */
  problems: z.array(z.string().max(2_000)).optional(),
});
export const importReportSchema = z.strictObject({
  format: importFormatSchema.optional(),
  items: z.array(importItemSchema),
  /** Problems with the file as a whole (not JSON, no servers in it). */
  errors: z.array(z.string().max(2_000)),
});
export type ImportReport = z.output<typeof importReportSchema>;

export const detectedConfigSchema = z.strictObject({
  app: z.string().max(100),
  path: z.string().max(MAX_PATH_LENGTH),
  serverCount: z.int().nonnegative(),
});
export type DetectedConfig = z.output<typeof detectedConfigSchema>;

export const importSourceSchema = z.union([
  z.strictObject({ text: z.string().max(1_048_576) }),
  /** One of the paths `servers:detectImports` reported; no other file is read. */
  z.strictObject({ detectedPath: z.string().max(MAX_PATH_LENGTH) }),
]);
export const importOptionsSchema = z.strictObject({
  /** Apply the import; false only reports what would happen. */
  apply: z.boolean().default(false),
  /** Existing servers the user agreed to replace; any other clash is imported under a new name. */
  replace: z.array(serverNameSchema).max(256).default([]),
  /** The servers to take, by their names in the file; absent: every one that can be. */
  only: z.array(z.string().max(256)).max(1_000).optional(),
});

export const progressEventSchema = z.strictObject({
  callId: z.string().max(128),
  progress: z.number(),
  total: z.number().optional(),
  message: z.string().max(MAX_VALUE_LENGTH).optional(),
  /** The server runs the call as a task (MCP Tasks): its status, and when it started (ms). */
  task: z
    .strictObject({
      status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
      startedAt: z.number(),
    })
    .optional(),
});

const shortText = z.string().max(1_000);
const longText = z.string().max(MAX_VALUE_LENGTH);

/** A resource a server offers, for browsing (attaching it to a message comes later). */
export const resourceItemSchema = z.strictObject({
  server: serverNameSchema,
  uri: z.string().max(MAX_PATH_LENGTH),
  name: shortText,
  title: shortText.optional(),
  description: longText.optional(),
  mimeType: z.string().max(256).optional(),
});
export const resourceTemplateItemSchema = z.strictObject({
  server: serverNameSchema,
  uriTemplate: z.string().max(MAX_PATH_LENGTH),
  name: shortText,
  title: shortText.optional(),
  description: longText.optional(),
  mimeType: z.string().max(256).optional(),
});
export const promptItemSchema = z.strictObject({
  server: serverNameSchema,
  name: shortText,
  title: shortText.optional(),
  description: longText.optional(),
  arguments: z.array(
    z.strictObject({ name: shortText, description: longText.optional(), required: z.boolean() }),
  ),
});
export const offeringsSchema = z.strictObject({
  resources: z.array(resourceItemSchema),
  resourceTemplates: z.array(resourceTemplateItemSchema),
  prompts: z.array(promptItemSchema),
});
export type Offerings = z.output<typeof offeringsSchema>;

export const trialReportSchema = z.strictObject({
  status: serverStatusSchema,
  tools: z.array(
    z.strictObject({ name: z.string().max(1_000), description: z.string().max(2_000) }),
  ),
  log: z.array(logEntrySchema),
});
