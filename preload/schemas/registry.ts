/**
 * What crosses the bridge for browsing an MCP registry (the official registry API, v0.1, or any
 * registry that implements it) and installing a server from it. Main reads the registry and
 * turns each entry into install options; the renderer never sends a command line, only which
 * option to take and the values the user typed, and main builds the config from the entry again.
 */
import { z } from 'zod';
import { serverNameSchema } from './servers';

const MAX_VALUE_LENGTH = 32_768;
const shortText = z.string().max(1_000);
const longText = z.string().max(MAX_VALUE_LENGTH);

/** The official registry, the default address of Settings › registry. */
export const OFFICIAL_REGISTRY_URL = 'https://registry.modelcontextprotocol.io';

/** How a server can be had: a package of a package registry, or a remote (HTTP) endpoint. */
export const installKindSchema = z.enum(['npm', 'pypi', 'oci', 'mcpb', 'nuget', 'remote', 'other']);
export type InstallKind = z.output<typeof installKindSchema>;

export const registryStatusSchema = z.enum(['active', 'deprecated', 'deleted']);

/** One server in a list of search results. */
export const registrySummarySchema = z.strictObject({
  /** The registry's name for it, reverse-DNS: `io.github.user/weather`. */
  name: shortText,
  title: shortText.optional(),
  description: longText,
  version: shortText,
  status: registryStatusSchema.optional(),
  statusMessage: longText.optional(),
  /** What it comes as, one entry per package or remote, for a glance in the list. */
  kinds: z.array(installKindSchema).max(64),
});
export type RegistrySummary = z.output<typeof registrySummarySchema>;

/** An entry of the registry's answer that Hearth could not read, and why; it is left out. */
export const registrySkippedSchema = z.strictObject({
  name: shortText.optional(),
  reason: longText,
});

export const registryPageSchema = z.strictObject({
  /** The registry asked, as it was asked (the setting in force). */
  registry: z.string().max(2_048),
  servers: z.array(registrySummarySchema).max(100),
  skipped: z.array(registrySkippedSchema).max(100),
  /** Pass back as `cursor` for the next page; absent on the last one. */
  nextCursor: z.string().max(4_096).optional(),
  /** Said when the registry sent more than a page holds, and Hearth kept only a page of it. */
  overfull: shortText.optional(),
});
export type RegistryPage = z.output<typeof registryPageSchema>;

export const registrySearchSchema = z.strictObject({
  search: z.string().max(200).optional(),
  cursor: z.string().max(4_096).optional(),
});

/** A value the user gives when installing: an argument, a variable, a header, part of an address. */
export const installFieldSchema = z.strictObject({
  /** Stable within its option: the key of `values` in the install request. */
  id: z.string().max(300),
  label: shortText,
  description: longText.optional(),
  /** Where the value goes, in words for the form: `Environment variable`, `Header`, … */
  target: z.enum(['env', 'header', 'argument', 'url']),
  required: z.boolean(),
  /** Kept in the secret vault, typed in a password field, never shown again. */
  secret: z.boolean(),
  format: z.enum(['string', 'number', 'boolean', 'filepath']),
  default: longText.optional(),
  placeholder: shortText.optional(),
  choices: z.array(shortText).max(200).optional(),
});
export type InstallField = z.output<typeof installFieldSchema>;

/** One way to install a server: one of its packages or one of its remotes. */
export const installOptionSchema = z.strictObject({
  id: z.string().max(100),
  kind: installKindSchema,
  /** `npm package @scope/name 1.2.3`, `Remote server (Streamable HTTP)`. */
  label: shortText,
  /** False: Hearth cannot install it this way, and `reason` says why. */
  available: z.boolean(),
  reason: longText.optional(),
  /** The runtime its command needs (see the runtime doctor). */
  runtime: z.enum(['node', 'uv', 'docker']).optional(),
  /** What will run, or the address connected to, with `<…>` where the form's values go. */
  preview: longText.optional(),
  fields: z.array(installFieldSchema).max(200),
  /**
   * A remote at plain http:// on another computer (this host): not encrypted, so it installs only
   * with `allowUnencrypted` (see clearText.ts).
   */
  unencryptedHost: shortText.optional(),
});
export type InstallOption = z.output<typeof installOptionSchema>;

/** A server's entry in full, with how Hearth can install it. */
export const registryServerSchema = registrySummarySchema.extend({
  repositoryUrl: z.string().max(2_048).optional(),
  websiteUrl: z.string().max(2_048).optional(),
  publishedAt: z.string().max(100).optional(),
  /** A name for it among the user's servers, free and valid. */
  suggestedName: serverNameSchema,
  options: z.array(installOptionSchema).max(64),
});
export type RegistryServer = z.output<typeof registryServerSchema>;

export const registryInstallSchema = z.strictObject({
  name: shortText,
  /** The exact version the user looked at: the install reads that version again. */
  version: shortText,
  option: z.string().max(100),
  serverName: serverNameSchema,
  values: z.record(z.string().max(300), z.string().max(MAX_VALUE_LENGTH)),
  /** The user allows plain http:// to another computer for this server (not encrypted). */
  allowUnencrypted: z.boolean().optional(),
});
export type RegistryInstall = z.output<typeof registryInstallSchema>;

/** An entry's `.mcpb` package, to download and hand to the bundle install dialog. */
export const registryBundleRequestSchema = z.strictObject({
  name: shortText,
  version: shortText,
  option: z.string().max(100),
});
export type RegistryBundleRequest = z.output<typeof registryBundleRequestSchema>;

export const registryStagedBundleSchema = z.strictObject({
  /** The bundle installer's id for the downloaded file (see `bundles:inspect`). */
  stagedId: z.string().regex(/^[a-f0-9]{32}$/),
  /** The entry's `fileSha256`, which the installer holds the file to. */
  expectedSha256: z
    .string()
    .regex(/^[a-f0-9]{64}$/)
    .optional(),
});
export type RegistryStagedBundle = z.output<typeof registryStagedBundleSchema>;
