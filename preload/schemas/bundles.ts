/**
 * MCP Bundles (`.mcpb`, formerly `.dxt`) as they cross the bridge: the preview shown before an
 * install, the values the user gives for the bundle's settings, and the outcome. Secret values
 * go one way only, renderer to main; a preview says a secret is stored, never what it is.
 */
import { z } from 'zod';

const text = z.string().max(10_000);
const shortText = z.string().max(1_000);

/** A bundle staged for inspection: its bytes are in main, the renderer holds this id. */
export const stagedBundleIdSchema = z.string().regex(/^[a-f0-9]{32}$/, 'Not a staged bundle.');

/** A SHA-256 in hex, as a registry entry's `fileSha256` gives it. */
export const sha256Schema = z
  .string()
  .regex(/^[A-Fa-f0-9]{64}$/, 'A SHA-256 is 64 hexadecimal digits.')
  .transform((value) => value.toLowerCase());

export const bundleUserConfigFieldSchema = z.strictObject({
  key: shortText,
  type: z.enum(['string', 'number', 'boolean', 'directory', 'file']),
  title: shortText,
  description: text,
  required: z.boolean(),
  sensitive: z.boolean(),
  multiple: z.boolean(),
  min: z.number().optional(),
  max: z.number().optional(),
  /** The default with ${HOME} and the like filled in; never for a sensitive field. */
  default: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
  /** The value kept from the installed version (an update); a secret only says it is stored. */
  current: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
  secretStored: z.boolean().optional(),
});
export type BundleUserConfigField = z.output<typeof bundleUserConfigFieldSchema>;

/**
 * What a bundle's server will run: the command and its arguments as Hearth starts them (the
 * bundle's folder and each setting's title shown in ‹ ›), and what the command is: Hearth's own
 * Node, a program inside the bundle, the runtime its type expects, another program, or, marked,
 * an interpreter outside the bundle or a shell (each runs whatever its arguments say).
 */
export const bundleCommandLineSchema = z.strictObject({
  command: text,
  args: z.array(text).max(256),
  kind: z.enum(['hearth-node', 'bundle', 'runtime', 'program', 'interpreter', 'shell']),
});
export type BundleCommandLine = z.output<typeof bundleCommandLineSchema>;

export const signatureStatusSchema = z.enum([
  'unsigned',
  'signed',
  'self-signed',
  'untrusted',
  'bad',
]);

export const bundlePreviewSchema = z.strictObject({
  stagedId: stagedBundleIdSchema,
  fileName: shortText,
  sizeBytes: z.int().nonnegative(),
  sha256: z.string().max(64),
  manifestVersion: shortText,
  name: shortText,
  displayName: shortText,
  version: shortText,
  description: text,
  longDescription: text.optional(),
  author: z.strictObject({
    name: shortText,
    email: shortText.optional(),
    url: shortText.optional(),
  }),
  homepage: shortText.optional(),
  repository: shortText.optional(),
  license: shortText.optional(),
  serverType: z.enum(['node', 'python', 'binary', 'uv']),
  /** How Hearth will run it, in words ("Hearth's own Node.js", "uv (not found: install it)"). */
  runsWith: shortText,
  /** The command line it will run, as Hearth starts it. */
  commandLine: bundleCommandLineSchema,
  /** The runtime the bundle needs and Hearth cannot find; it installs, but will not start yet. */
  missingRuntime: shortText.optional(),
  tools: z.array(z.strictObject({ name: shortText, description: text.optional() })).max(1_000),
  toolsGenerated: z.boolean(),
  prompts: z.array(z.strictObject({ name: shortText, description: text.optional() })).max(1_000),
  promptsGenerated: z.boolean(),
  /** What it asks for: platforms, runtime versions, services its privacy policies name. */
  platforms: z.array(shortText).max(8),
  runtimes: z.record(shortText, shortText),
  privacyPolicies: z.array(shortText).max(50),
  /** What its command line will reach: environment variables it sets, folders and files it is given. */
  userConfig: z.array(bundleUserConfigFieldSchema).max(200),
  signature: z.strictObject({
    status: signatureStatusSchema,
    publisher: shortText.optional(),
    issuer: shortText.optional(),
    validTo: shortText.optional(),
    fingerprint: shortText.optional(),
  }),
  /** Checked against the hash a registry gave; absent when none was given. */
  sha256Matches: z.boolean().optional(),
  /** The installed version this replaces, when it is an update (or a reinstall). */
  installed: z
    .strictObject({
      version: shortText,
      serverName: shortText,
      /**
       * Both unsigned, by an author of the same name: nothing proves the same maker, so it updates
       * the installed one only when the user says so (`asUpdate`); otherwise it is a server of its own.
       */
      confirm: z.boolean(),
      /** The name it gets as a separate server, when `confirm` (the user may say it is not an update). */
      separateServerName: shortText.optional(),
      /** What the update changes: author, signer, version, command, what it asks for. */
      changes: z.array(z.strictObject({ what: shortText, before: text, after: text })).max(20),
    })
    .optional(),
  /** The server name it gets (or keeps, on update). */
  serverName: shortText,
  /** Reasons it cannot be installed here (a platform it does not support); empty when it can. */
  blockers: z.array(text).max(20),
  /** Things worth knowing that do not stop the install (an untrusted certificate). */
  warnings: z.array(text).max(20),
});
export type BundlePreview = z.output<typeof bundlePreviewSchema>;

export const userConfigValueSchema = z.union([
  z.string().max(32_768),
  z.number(),
  z.boolean(),
  z.array(z.string().max(4_096)).max(64),
]);
export const userConfigValuesSchema = z.record(z.string().max(1_000), userConfigValueSchema);
export type UserConfigValues = z.output<typeof userConfigValuesSchema>;

export const bundleInstallOptionsSchema = z.strictObject({
  /** The hash a registry entry gave; the install is refused when the file differs. */
  expectedSha256: sha256Schema.optional(),
  /** The user confirmed that this unsigned bundle updates the installed one of the same author. */
  asUpdate: z.boolean().optional(),
});

export const installedBundleSchema = z.strictObject({
  serverName: shortText,
  name: shortText,
  displayName: shortText,
  version: shortText,
  folder: text,
  installedAt: z.iso.datetime(),
  signature: signatureStatusSchema,
  /** The installed bundle's own id: its folder, settings and secrets are keyed by it. */
  id: z
    .string()
    .regex(/^[a-f0-9]{12}$/)
    .optional(),
  /** The manifest's author, and who signed it (what proves it, and in words), for updates. */
  author: shortText.optional(),
  signer: shortText.optional(),
  signedBy: shortText.optional(),
});
export type InstalledBundle = z.output<typeof installedBundleSchema>;

/** A chunk of a bundle's bytes sent from a page (the browser host, or a file dropped on the window). */
export const MAX_UPLOAD_CHUNK_BASE64 = 512 * 1024;
export const uploadChunkSchema = z.strictObject({
  /** Absent for the first chunk; main answers with the id the next chunks go to. */
  stagedId: stagedBundleIdSchema.optional(),
  fileName: z.string().min(1).max(255),
  /** Where this chunk starts in the file. */
  offset: z.int().nonnegative(),
  data: z.string().max(MAX_UPLOAD_CHUNK_BASE64),
});
