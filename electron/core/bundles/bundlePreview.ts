/**
 * What the install dialog shows about a staged bundle before anything is installed: its manifest
 * in the user's words, the command line it will run, the settings it asks for (with the values an
 * update keeps), and what stops or should give pause (wrong platform, missing runtime, signature,
 * secrets on the command line, another maker's bundle of the same name). Pure: everything it needs
 * from Hearth (launch context, platform, the servers and the keychain) arrives as arguments.
 */
import type {
  BundleCommandLine,
  BundlePreview,
  InstalledBundle,
  UserConfigValues,
} from '../../../preload/schemas/bundles';
import { installAdvice, resolveCommand } from '../programs';
import type { LaunchContext } from '../mcp';
import { bundleCommandLine, runsWithWords } from './bundleCommandLine';
import type { BundleChange, BundleIdentity } from './bundleIdentity';
import {
  launchEnvironmentOn,
  resolveDefault,
  runtimeNeeded,
  type LaunchEnvironment,
} from './bundleLaunch';
import type { BundleManifest } from './bundleManifest';
import type { SystemNode } from './nativeAddons';
import type { SignatureReport } from './bundleSignature';
import { satisfiesRange } from './versionRange';

/** The staged bundle as inspected: its file, manifest, signature and how it stands to what is installed. */
export interface PreviewInput {
  id: string;
  file: { fileName: string; size: number };
  sha256: string;
  /** The SHA-256 a registry gave for the file, if any. */
  expected: string | undefined;
  manifest: BundleManifest;
  signature: SignatureReport;
  /** The installed bundle this one may update. */
  installed: InstalledBundle | undefined;
  update?: { confirm: boolean; changes: BundleChange[] };
  /** Installed bundles of the same name by someone else: this one does not touch them. */
  others: InstalledBundle[];
  identity: BundleIdentity;
  /** The Node.js on this computer it will run on (it holds add-ons built for plain Node). */
  systemNode?: SystemNode;
  addonWarning?: string;
}

/** What the preview needs from Hearth, given rather than reached for. */
export interface PreviewContext {
  /** How Hearth launches bundles: the platform, home folder and Node it runs them with. */
  environment: LaunchEnvironment;
  /** The launch context servers start in: its PATH says whether a runtime is installed. */
  launchContext: LaunchContext;
  /** The version of the Node.js Hearth itself runs on. */
  hearthNodeVersion: string;
  /** The name of the server an installed bundle runs as now, if it still has one. */
  serverNameOf(record: InstalledBundle): string | undefined;
  /** A server name close to `wanted` that no configured server has yet. */
  freeServerName(wanted: string): string;
  /** The non-secret settings kept from the installed bundle's last install. */
  storedValues: UserConfigValues;
  /** Whether the keychain holds the installed bundle's secret setting `key`. */
  hasSecret(key: string): boolean;
}

export function bundlePreview(input: PreviewInput, context: PreviewContext): BundlePreview {
  const { manifest, signature, installed } = input;
  const runtime = runtimeNeeded(manifest);
  const commandLine = onSystemNode(
    bundleCommandLine(manifest, launchEnvironmentOn(context.environment, input.systemNode)),
    input.systemNode,
  );
  const missing = runtime !== undefined && !onPath(runtime, context.launchContext);
  const warnings = previewWarnings(input, context, {
    commandLine,
    missingRuntime: missing ? (runtime ?? '') : undefined,
  });
  return {
    stagedId: input.id,
    fileName: input.file.fileName,
    sizeBytes: input.file.size,
    sha256: input.sha256,
    ...manifestFacts(manifest),
    runsWith: runsWithWords(commandLine, manifest),
    commandLine,
    ...(missing ? { missingRuntime: missingRuntimeSentence(runtime ?? '') } : {}),
    ...offerings(manifest),
    userConfig: userSettings(manifest, installed, context),
    signature: signatureFacts(signature),
    ...(input.expected ? { sha256Matches: input.expected === input.sha256 } : {}),
    ...(installed ? { installed: installedFacts(input, installed, context) } : {}),
    serverName:
      (installed && context.serverNameOf(installed)) ??
      context.freeServerName(manifest.display_name || manifest.name),
    blockers: platformBlockers(manifest, context.environment.platform),
    warnings,
  };
}

/** Whether the launch context's PATH has the runtime the bundle runs on. */
function onPath(runtime: string, launch: LaunchContext): boolean {
  return resolveCommand(runtime, {
    platform: launch.platform,
    path: launch.environment.PATH ?? launch.environment.Path ?? '',
    pathExt: launch.environment.PATHEXT,
  }).ok;
}

/** A bundle made for other platforms than this one cannot be installed. */
function platformBlockers(manifest: BundleManifest, platform: NodeJS.Platform): string[] {
  const platforms = manifest.compatibility?.platforms ?? [];
  return platforms.length > 0 && !platforms.includes(platform)
    ? [
        `This bundle runs on ${platforms.map(platformName).join(', ')}, not on ${platformName(platform)}.`,
      ]
    : [];
}

/** Who made the bundle and what it is, as its manifest says. */
function manifestFacts(manifest: BundleManifest) {
  return {
    manifestVersion: manifest.manifestVersion,
    name: manifest.name,
    displayName: manifest.display_name || manifest.name,
    version: manifest.version,
    description: manifest.description,
    ...(manifest.long_description ? { longDescription: manifest.long_description } : {}),
    author: manifest.author,
    ...(manifest.homepage ? { homepage: manifest.homepage } : {}),
    ...(manifest.repository ? { repository: manifest.repository.url } : {}),
    ...(manifest.license ? { license: manifest.license } : {}),
    serverType: manifest.server.type,
  };
}

/** The tools and prompts it lists, where it runs, and its privacy policies. */
function offerings(manifest: BundleManifest) {
  return {
    tools: (manifest.tools ?? []).map(({ name, description }) => ({
      name,
      ...(description ? { description } : {}),
    })),
    toolsGenerated: manifest.tools_generated === true,
    prompts: (manifest.prompts ?? []).map(({ name, description }) => ({
      name,
      ...(description ? { description } : {}),
    })),
    promptsGenerated: manifest.prompts_generated === true,
    platforms: manifest.compatibility?.platforms ?? [],
    runtimes: Object.fromEntries(
      Object.entries(manifest.compatibility?.runtimes ?? {}).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    ),
    privacyPolicies: manifest.privacy_policies ?? [],
  };
}

function signatureFacts(signature: SignatureReport): BundlePreview['signature'] {
  return {
    status: signature.status,
    ...(signature.publisher ? { publisher: signature.publisher } : {}),
    ...(signature.issuer ? { issuer: signature.issuer } : {}),
    ...(signature.validTo ? { validTo: signature.validTo } : {}),
    ...(signature.fingerprint ? { fingerprint: signature.fingerprint } : {}),
  };
}

/** The installed bundle this one would update: its server, and what the update changes. */
function installedFacts(
  input: PreviewInput,
  installed: InstalledBundle,
  context: PreviewContext,
): NonNullable<BundlePreview['installed']> {
  const { manifest } = input;
  return {
    version: installed.version,
    serverName: context.serverNameOf(installed) ?? installed.serverName,
    confirm: input.update?.confirm ?? false,
    ...(input.update?.confirm
      ? { separateServerName: context.freeServerName(manifest.display_name || manifest.name) }
      : {}),
    changes: input.update?.changes.slice(0, 20) ?? [],
  };
}

/** What should give the user pause before installing, in the order the dialog lists it. */
function previewWarnings(
  input: PreviewInput,
  context: PreviewContext,
  found: { commandLine: BundleCommandLine; missingRuntime: string | undefined },
): string[] {
  const { manifest, signature, installed } = input;
  const { commandLine } = found;
  const warnings: string[] = [];
  if (signature.status === 'unsigned')
    warnings.push('The bundle is not signed: nothing says who made it.');
  if (signature.status === 'self-signed')
    warnings.push(
      `Signed with a certificate its maker made for themselves (“${signature.publisher}”): the signature shows the files are unchanged since, not who signed them.`,
    );
  if (signature.status === 'untrusted')
    warnings.push(
      `Signed by “${signature.publisher}”, whose certificate this computer does not trust (or which has expired).`,
    );
  if (found.missingRuntime !== undefined)
    warnings.push(missingRuntimeSentence(found.missingRuntime));
  if (commandLine.kind === 'shell')
    warnings.push(
      `It starts a shell (${commandLine.command}), which runs whatever command text it is given: read its command line before you install it.`,
    );
  if (commandLine.kind === 'interpreter')
    warnings.push(
      `It starts ${commandLine.command}, an interpreter outside the bundle, which runs whatever its arguments say: read its command line before you install it.`,
    );
  const onCommandLine = sensitiveInArguments(manifest);
  if (onCommandLine.length > 0)
    warnings.push(
      `It passes ${onCommandLine.map((title) => `“${title}”`).join(', ')} on its command line, where other programs on this computer can read it, and Hearth has to keep it with the server's settings rather than in the keychain.`,
    );
  if (input.addonWarning) warnings.push(input.addonWarning);
  for (const other of input.others)
    warnings.push(
      `You have another bundle named “${other.name}” installed (server “${context.serverNameOf(other) ?? other.serverName}”, by ${other.author ?? 'an unknown author'}, ${other.signedBy ?? signatureWords(other.signature)}). This one is by ${input.identity.author}, ${input.identity.signedBy === 'not signed' ? 'not signed' : `signed by ${input.identity.signedBy}`}: nothing shows the same maker, so it installs as a separate server and gets none of that one's files, settings or secrets.`,
    );
  if (input.update?.confirm)
    warnings.push(
      `Neither this bundle nor the installed “${installed?.displayName ?? manifest.name}” is signed, so only the author's name (“${input.identity.author}”) says they come from the same maker, and anyone can write that name. Say whether it updates the installed one (keeping your settings and secrets) or installs as a separate server.`,
    );
  const nodeWanted = manifest.compatibility?.runtimes?.node;
  const hearthNode = context.hearthNodeVersion;
  if (
    manifest.server.type === 'node' &&
    !input.systemNode &&
    nodeWanted &&
    !satisfiesRange(nodeWanted, hearthNode)
  )
    warnings.push(
      `It asks for Node.js ${nodeWanted}; Hearth's own Node.js is ${hearthNode}, so it may not run.`,
    );
  return warnings;
}

/** The settings the bundle asks for, with the defaults filled in and what an update keeps. */
function userSettings(
  manifest: BundleManifest,
  installed: InstalledBundle | undefined,
  context: PreviewContext,
): BundlePreview['userConfig'] {
  const stored = installed ? context.storedValues : {};
  return Object.entries(manifest.user_config ?? {}).map(([key, option]) => {
    const fallback = resolveDefault(option.default, context.environment);
    const kept = stored[key];
    const secretStored =
      option.sensitive === true && installed !== undefined ? context.hasSecret(key) : undefined;
    return {
      key,
      type: option.type,
      title: option.title,
      description: option.description,
      required: option.required === true,
      sensitive: option.sensitive === true,
      multiple: option.multiple === true,
      ...(option.min !== undefined ? { min: option.min } : {}),
      ...(option.max !== undefined ? { max: option.max } : {}),
      ...(fallback !== undefined && option.sensitive !== true ? { default: fallback } : {}),
      ...(kept !== undefined && option.sensitive !== true ? { current: kept } : {}),
      ...(secretStored !== undefined ? { secretStored } : {}),
    };
  });
}

/** A bundle run on the Node.js of this computer is its runtime, not Hearth's own Node. */
function onSystemNode(
  line: BundleCommandLine,
  systemNode: SystemNode | undefined,
): BundleCommandLine {
  return systemNode && line.kind === 'hearth-node' ? { ...line, kind: 'runtime' } : line;
}

function signatureWords(status: InstalledBundle['signature']): string {
  return status === 'unsigned' ? 'not signed' : `${status}`;
}

function missingRuntimeSentence(runtime: string): string {
  return (
    installAdvice(runtime) ||
    `“${runtime}” is not installed (or not on your PATH); the server will not start until it is.`
  );
}

/** Titles of secret settings the manifest puts in arguments (the keychain holds variables only). */
function sensitiveInArguments(manifest: BundleManifest): string[] {
  const config = manifest.server.mcp_config;
  const args = [
    ...(config.args ?? []),
    ...Object.values(config.platform_overrides ?? {}).flatMap((override) => override.args ?? []),
  ].join('\n');
  return Object.entries(manifest.user_config ?? {})
    .filter(([key, option]) => option.sensitive === true && args.includes(`\${user_config.${key}}`))
    .map(([, option]) => option.title);
}

function platformName(platform: string): string {
  return { darwin: 'macOS', win32: 'Windows', linux: 'Linux' }[platform] ?? platform;
}
