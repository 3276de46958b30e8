/**
 * A bundle's `manifest.json`, checked with the packaging tool's own schemas for its declared
 * version (0.2 to 0.4, the strict ones `mcpb validate` uses), each failure said in one sentence.
 */
import { UserFacingError } from '../bridge/errors';
import { checkManifestLimits, MAX_MANIFEST_BYTES } from './bundleManifestLimits';

/** The manifest versions Hearth reads; 0.1 was the `.dxt` preview. */
export const SUPPORTED_MANIFEST_VERSIONS = ['0.2', '0.3', '0.4'] as const;

export interface UserConfigOption {
  type: 'string' | 'number' | 'boolean' | 'directory' | 'file';
  title: string;
  description: string;
  required?: boolean;
  default?: string | number | boolean | string[];
  multiple?: boolean;
  sensitive?: boolean;
  min?: number;
  max?: number;
}

export interface McpConfig {
  command: string;
  args?: string[];
  env?: Record<string, string>;
  platform_overrides?: Record<string, Partial<Omit<McpConfig, 'platform_overrides'>>>;
}

/** The fields of a checked manifest that Hearth uses. */
export interface BundleManifest {
  manifestVersion: string;
  name: string;
  display_name?: string;
  version: string;
  description: string;
  long_description?: string;
  author: { name: string; email?: string; url?: string };
  repository?: { type: string; url: string };
  homepage?: string;
  license?: string;
  server: { type: 'node' | 'python' | 'binary' | 'uv'; entry_point: string; mcp_config: McpConfig };
  tools?: { name: string; description?: string }[];
  tools_generated?: boolean;
  prompts?: { name: string; description?: string }[];
  prompts_generated?: boolean;
  privacy_policies?: string[];
  compatibility?: {
    platforms?: string[];
    runtimes?: { python?: string; node?: string };
  } & Record<string, unknown>;
  user_config?: Record<string, UserConfigOption>;
}

interface ZodLikeIssue {
  path: (string | number)[];
  message: string;
}
type SafeParse = (
  value: unknown,
) => { success: true; data: unknown } | { success: false; error: { issues: ZodLikeIssue[] } };

let schemas: Promise<Record<string, { safeParse: SafeParse }>> | undefined;
/** The tool's schemas, loaded on first use (they bring their own zod). */
function manifestSchemas(): Promise<Record<string, { safeParse: SafeParse }>> {
  schemas ??= import('@anthropic-ai/mcpb/schemas').then(
    (module) =>
      module.VERSIONED_MANIFEST_SCHEMAS as unknown as Record<string, { safeParse: SafeParse }>,
  );
  return schemas;
}

/** Parses and checks manifest.json's text; throws a UserFacingError saying what is wrong. */
export async function readManifest(text: string): Promise<BundleManifest> {
  if (text.length > MAX_MANIFEST_BYTES)
    throw new UserFacingError(
      `The bundle's manifest.json is ${Math.round(text.length / 1024 / 1024)} MB; a manifest is at most ${MAX_MANIFEST_BYTES / 1024 / 1024} MB, so Hearth does not read it.`,
    );
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UserFacingError(
      `The bundle's manifest.json is not valid JSON (${(error as Error).message}).`,
    );
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new UserFacingError("The bundle's manifest.json is not a JSON object.");
  checkManifestLimits(raw);
  const record = raw as Record<string, unknown>;
  const declared = record.manifest_version ?? record.dxt_version;
  if (declared === undefined)
    throw new UserFacingError(
      "The bundle's manifest.json does not say its manifest_version, so Hearth cannot check it.",
    );
  const version = String(declared);
  if (!(SUPPORTED_MANIFEST_VERSIONS as readonly string[]).includes(version))
    throw new UserFacingError(
      `The bundle's manifest is version ${version.slice(0, 20)}; Hearth reads versions ${SUPPORTED_MANIFEST_VERSIONS[0]} to ${SUPPORTED_MANIFEST_VERSIONS.at(-1)}.`,
    );
  const schema = (await manifestSchemas())[version];
  if (!schema) throw new UserFacingError(`Hearth has no schema for manifest version ${version}.`);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map(describeIssue);
    const more = parsed.error.issues.length - issues.length;
    throw new UserFacingError(
      `The bundle's manifest.json (version ${version}) is not valid: ${issues.join('; ')}${more > 0 ? `; and ${more} more` : ''}.`,
    );
  }
  const manifest = {
    ...(parsed.data as Omit<BundleManifest, 'manifestVersion'>),
    manifestVersion: version,
  };
  checkReferences(manifest);
  return manifest;
}

function describeIssue(issue: ZodLikeIssue): string {
  const where = issue.path.length > 0 ? issue.path.join('.') : 'the manifest';
  // zod 3 (the tool's) says "Required" for a field left out.
  if (issue.message === 'Required') return `${where} is missing`;
  return `${where}: ${issue.message}`;
}

const USER_CONFIG_REFERENCE = /\$\{user_config\.([^}]*)\}/g;

/** Every `${user_config.X}` the command line uses must be a declared setting. */
function checkReferences(manifest: BundleManifest): void {
  const declared = new Set(Object.keys(manifest.user_config ?? {}));
  const config = manifest.server.mcp_config;
  const texts = [
    config.command,
    ...(config.args ?? []),
    ...Object.values(config.env ?? {}),
    ...Object.values(config.platform_overrides ?? {}).flatMap((override) => [
      override.command ?? '',
      ...(override.args ?? []),
      ...Object.values(override.env ?? {}),
    ]),
  ];
  const unknown = new Set<string>();
  for (const text of texts)
    for (const match of text.matchAll(USER_CONFIG_REFERENCE))
      if (!declared.has(match[1] ?? '')) unknown.add(match[1] ?? '');
  if (unknown.size > 0)
    throw new UserFacingError(
      `The bundle's manifest.json uses the setting ${[...unknown].map((key) => `“${key}”`).join(', ')} in its command, but declares no such setting in user_config.`,
    );
  const entry = manifest.server.entry_point;
  if (entry.startsWith('/') || entry.split(/[\\/]/).includes('..'))
    throw new UserFacingError(
      `The bundle's entry point (${entry}) must be a path inside the bundle.`,
    );
}
