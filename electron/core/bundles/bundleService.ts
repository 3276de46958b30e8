/**
 * Installs MCP Bundles (`.mcpb`): a file is staged (from a path or uploaded by a page in
 * chunks), inspected (manifest, signature, hash, platform: a preview), then installed: unpacked
 * into `bundles/<name>/<version>` in the data folder and added as a stdio server whose launch the
 * user still reviews and approves. An update keeps the user's values and replaces the files;
 * uninstall removes both. Every step that can fail runs before anything is moved into place, and
 * a failure after that puts back what was there: nothing half-installed, nothing lost.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { appendFile, copyFile, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import type {
  BundleCommandLine,
  BundlePreview,
  InstalledBundle,
  UserConfigValues,
} from '../../../preload/schemas/bundles';
import { installedBundleSchema, MAX_UPLOAD_CHUNK_BASE64 } from '../../../preload/schemas/bundles';
import type { ServerEntry } from '../../../preload/schemas/servers';
import { UserFacingError } from '../bridge/errors';
import type { EventHub } from '../bridge/events';
import type { McpManager } from '../mcp/manager';
import { resolveCommand } from '../mcp/launch';
import type { LaunchContext } from '../mcp/transports';
import { installAdvice } from '../runtimes/runtimes';
import type { SecretVault } from '../secrets/secretVault';
import { openJsonDocument } from '../store/jsonDocument';
import {
  listArchive,
  MAX_BUNDLE_BYTES,
  readArchiveEntry,
  unpackArchive,
  type ArchiveEntry,
} from './bundleArchive';
import {
  bundleTransport,
  resolveDefault,
  runtimeNeeded,
  type LaunchEnvironment,
} from './bundleLaunch';
import { bundleCommandLine, runsWithWords } from './bundleCommandLine';
import { bundleFolder, newBundleId, overlaps, removeBundleFolder } from './bundleFolders';
import {
  identityOf,
  relationOf,
  whatChanged,
  type BundleChange,
  type BundleIdentity,
  type BundleRelation,
} from './bundleIdentity';
import { readManifest, type BundleManifest } from './bundleManifest';
import { MAX_MANIFEST_BYTES } from './bundleManifestLimits';
import {
  addonWarning,
  findSystemNode,
  MAX_ADDON_SCAN_BYTES,
  nativeAddons,
  tiedToNodeAbi,
  type SystemNode,
} from './nativeAddons';
import { checkSignature, splitBundle, type SignatureReport } from './bundleSignature';
import { checkValues } from './userConfigValues';
import { satisfiesRange } from './versionRange';
import { defaultSandboxPolicy } from '../sandbox';

/** Most bundles staged at once; the oldest is dropped past this. */
const MAX_STAGED = 8;

export interface BundleServiceOptions {
  dataDir: string;
  mcp: McpManager;
  vault: SecretVault;
  events: EventHub;
  launchContext(): LaunchContext;
  environment: LaunchEnvironment;
  onProblem(message: string): void;
}

export interface StageOptions {
  /** A registry's `fileSha256` for this file: inspect and install refuse a file that differs. */
  expectedSha256?: string;
  /** The user confirmed that an unsigned bundle updates the installed one of the same author. */
  asUpdate?: boolean;
}

export interface BundleService {
  /** Copies a bundle file from disk into staging; returns the id the other calls take. */
  stageFile(path: string, options?: StageOptions): Promise<string>;
  /** Receives a chunk of a bundle from a page; chunks arrive in order. */
  upload(chunk: {
    stagedId?: string;
    fileName: string;
    offset: number;
    data: string;
  }): Promise<{ stagedId: string; receivedBytes: number }>;
  inspect(stagedId: string, options?: StageOptions): Promise<BundlePreview>;
  install(stagedId: string, values: UserConfigValues, options?: StageOptions): Promise<ServerEntry>;
  /** Forgets a staged bundle (the user closed the dialog). */
  discard(stagedId: string): Promise<boolean>;
  uninstall(serverName: string): Promise<boolean>;
  list(): InstalledBundle[];
  /** Stages a file opened from outside the window (`hearth --install`, the OS) and tells the window. */
  open(path: string, options?: StageOptions): Promise<string>;
  /** Bundles opened from outside that no window has shown yet; each is handed out once. */
  takeOpened(): string[];
  /** Stages, checks and installs in one go: for callers with the values already in hand. */
  installFile(path: string, values: UserConfigValues, options?: StageOptions): Promise<ServerEntry>;
}

interface Staged {
  path: string;
  fileName: string;
  size: number;
  expectedSha256?: string;
  complete: boolean;
}

interface Inspected {
  preview: BundlePreview;
  manifest: BundleManifest;
  content: Uint8Array;
  signature: SignatureReport;
  entries: ArchiveEntry[];
  sha256: string;
  identity: BundleIdentity;
  /** The installed bundle of the same name this one may update, and how it stands to it. */
  match?: { record: InstalledBundle; relation: Exclude<BundleRelation, 'other'> };
  /** The Node.js on this computer to run it on (it holds add-ons built for plain Node). */
  systemNode?: SystemNode;
}

const recordsSchema = z.object({ bundles: z.array(installedBundleSchema).default([]) });

export function createBundleService(options: BundleServiceOptions): BundleService {
  const { dataDir, mcp, vault, events } = options;
  const root = join(dataDir, 'bundles');
  const staging = join(root, '.staging');
  // What a previous run left in staging is never needed again.
  rmSync(staging, { recursive: true, force: true });
  const records = openJsonDocument({
    dataDir,
    name: 'bundles',
    schema: recordsSchema,
    what: 'Your list of installed bundles',
    insteadUsed: 'an empty list (their servers are still configured)',
    onProblem: options.onProblem,
  });
  const valuesDocument = openJsonDocument({
    dataDir,
    name: 'bundle-settings',
    schema: z.object({
      values: z
        .record(
          z.string(),
          z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
        )
        .default({}),
    }),
    what: 'The settings you gave your bundles',
    insteadUsed: 'no saved bundle settings',
    onProblem: options.onProblem,
  });
  const staged = new Map<string, Staged>();
  let opened: string[] = [];
  giveRecordsIds();

  /**
   * Bundles installed before each had an id kept their settings and secrets under their name,
   * which another bundle of that name could reach: they move to the id, once.
   */
  function giveRecordsIds(): void {
    const bundles = records.read().bundles;
    if (bundles.every((record) => record.id !== undefined)) return;
    const values = new Map(Object.entries(valuesDocument.read().values));
    const taken = new Set(bundles.flatMap((record) => (record.id ? [record.id] : [])));
    const withIds = bundles.map((record) => {
      if (record.id) return record;
      const id = newBundleId((candidate) => taken.has(candidate));
      taken.add(id);
      const legacy = `bundle:${record.name}:user_config:`;
      for (const key of vault.keys(legacy)) {
        const value = vault.get(key);
        if (value !== undefined) vault.set(secretKey(id, key.slice(legacy.length)), value);
        vault.delete(key);
      }
      const kept = values.get(record.name);
      values.delete(record.name);
      if (kept) values.set(id, kept);
      const author = record.author ?? authorInFolder(record.folder);
      return { ...record, id, ...(author !== undefined ? { author } : {}) };
    });
    valuesDocument.write({ values: Object.fromEntries(values) });
    records.write({ bundles: withIds });
  }

  const newStaging = (fileName: string, options: StageOptions | undefined): [string, Staged] => {
    mkdirSync(staging, { recursive: true });
    while (staged.size >= MAX_STAGED) {
      const [oldest] = staged.keys();
      if (oldest === undefined) break;
      void forget(oldest);
    }
    const id = randomBytes(16).toString('hex');
    const entry: Staged = {
      path: join(staging, `${id}.mcpb`),
      fileName: basename(fileName).slice(0, 255),
      size: 0,
      complete: false,
      ...(options?.expectedSha256 ? { expectedSha256: options.expectedSha256.toLowerCase() } : {}),
    };
    staged.set(id, entry);
    return [id, entry];
  };

  const forget = async (id: string) => {
    const entry = staged.get(id);
    staged.delete(id);
    opened = opened.filter((openedId) => openedId !== id);
    if (entry) await rm(entry.path, { force: true });
    return entry !== undefined;
  };

  const stagedEntry = (id: string): Staged => {
    const entry = staged.get(id);
    if (!entry || !entry.complete)
      throw new UserFacingError('That bundle is no longer open. Open the file again.');
    return entry;
  };

  const inspect = async (id: string, stageOptions?: StageOptions): Promise<Inspected> => {
    const entry = stagedEntry(id);
    const bytes = await readFile(entry.path);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const expected = stageOptions?.expectedSha256?.toLowerCase() ?? entry.expectedSha256;
    if (expected && expected !== sha256)
      throw new UserFacingError(
        `The file is not the one the registry describes: its SHA-256 is ${sha256}, the registry says ${expected}. It may have been changed or damaged on the way.`,
      );
    const split = await splitBundle(bytes);
    const signature = await checkSignature(split.content, split.signature, split.malformed);
    if (signature.status === 'bad')
      throw new UserFacingError(
        `The bundle's signature is not valid: ${signature.problem ?? 'it does not match'}. It may have been tampered with or damaged.`,
      );
    const entries = listArchive(split.content);
    const manifestBytes = readArchiveEntry(
      split.content,
      entries,
      'manifest.json',
      MAX_MANIFEST_BYTES,
    );
    if (!manifestBytes)
      throw new UserFacingError(
        'This file is not an MCP bundle: it has no manifest.json at its top level.',
      );
    const manifest = await readManifest(new TextDecoder().decode(manifestBytes));
    const entryPoint = manifest.server.entry_point.replace(/\\/g, '/').replace(/^\.\//, '');
    if (!entries.some((candidate) => candidate.name === entryPoint))
      throw new UserFacingError(
        `The bundle's entry point (${manifest.server.entry_point}) is not in the bundle.`,
      );
    const identity = identityOf(manifest, signature);
    const sameName = records.read().bundles.filter((record) => record.name === manifest.name);
    const relations = sameName.map((record) => ({
      record,
      relation: relationOf(record, record.author ?? authorInFolder(record.folder), identity),
    }));
    const match = (['same', 'confirm'] as const)
      .map((wanted) => relations.find((candidate) => candidate.relation === wanted))
      .find((candidate) => candidate !== undefined) as Inspected['match'];
    // Node-API add-ons load on Electron's Node too; only those tied to plain Node's ABI need one.
    const addons = (manifest.server.type === 'node' ? nativeAddons(entries) : []).filter((name) => {
      const size = entries.find((candidate) => candidate.name === name)?.size ?? 0;
      if (size > MAX_ADDON_SCAN_BYTES) return true;
      const bytes = readArchiveEntry(split.content, entries, name, MAX_ADDON_SCAN_BYTES);
      return bytes === undefined || tiedToNodeAbi(bytes);
    });
    const onOwnNode =
      addons.length > 0 &&
      /^node(\.exe)?$/i.test(manifest.server.mcp_config.command) &&
      (options.environment.ownNodeIsElectron ?? process.versions.electron !== undefined);
    const range = manifest.compatibility?.runtimes?.node;
    const system = onOwnNode
      ? await findSystemNode(options.launchContext(), range, nodeSatisfies)
      : {};
    const preview = previewOf({
      id,
      entry,
      sha256,
      expected,
      manifest,
      signature,
      installed: match?.record,
      ...(match
        ? {
            update: {
              confirm: match.relation === 'confirm',
              changes: whatChanged(
                {
                  record: match.record,
                  manifest: await manifestInFolder(match.record.folder),
                  author: match.record.author ?? authorInFolder(match.record.folder),
                },
                { manifest, identity },
                options.environment.platform,
              ),
            },
          }
        : {}),
      others: relations.filter((candidate) => candidate.relation === 'other').map((c) => c.record),
      identity,
      ...(system.node ? { systemNode: system.node } : {}),
      ...(onOwnNode && !system.node
        ? { addonWarning: addonWarning(addons, range, system.found) }
        : {}),
    });
    return {
      preview,
      manifest,
      content: split.content,
      signature,
      entries,
      sha256,
      identity,
      ...(match ? { match: { record: match.record, relation: match.relation } } : {}),
      ...(system.node ? { systemNode: system.node } : {}),
    };
  };

  /** The server a bundle runs as now: by its name, or by its folder if the user renamed it. */
  const serverOf = (record: InstalledBundle) =>
    mcp.store.get(record.serverName) ??
    mcp.store
      .list()
      .find(
        (config) => config.transport.type === 'stdio' && config.transport.cwd === record.folder,
      );

  const previewOf = (input: {
    id: string;
    entry: Staged;
    sha256: string;
    expected: string | undefined;
    manifest: BundleManifest;
    signature: SignatureReport;
    installed: InstalledBundle | undefined;
    update?: { confirm: boolean; changes: BundleChange[] };
    /** Installed bundles of the same name by someone else: this one does not touch them. */
    others: InstalledBundle[];
    identity: BundleIdentity;
    systemNode?: SystemNode;
    addonWarning?: string;
  }): BundlePreview => {
    const { manifest, signature, installed } = input;
    const runtime = runtimeNeeded(manifest);
    const commandLine = onSystemNode(
      bundleCommandLine(manifest, launchEnvironment(input.systemNode)),
      input.systemNode,
    );
    const context = options.launchContext();
    const missing =
      runtime !== undefined &&
      !resolveCommand(runtime, {
        platform: context.platform,
        path: context.environment.PATH ?? context.environment.Path ?? '',
        pathExt: context.environment.PATHEXT,
      }).ok;
    const platforms = manifest.compatibility?.platforms ?? [];
    const blockers =
      platforms.length > 0 && !platforms.includes(options.environment.platform)
        ? [
            `This bundle runs on ${platforms.map(platformName).join(', ')}, not on ${platformName(options.environment.platform)}.`,
          ]
        : [];
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
    if (missing) warnings.push(missingRuntimeSentence(runtime ?? ''));
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
        `You have another bundle named “${other.name}” installed (server “${serverOf(other)?.name ?? other.serverName}”, by ${other.author ?? 'an unknown author'}, ${other.signedBy ?? signatureWords(other.signature)}). This one is by ${input.identity.author}, ${input.identity.signedBy === 'not signed' ? 'not signed' : `signed by ${input.identity.signedBy}`}: nothing shows the same maker, so it installs as a separate server and gets none of that one's files, settings or secrets.`,
      );
    if (input.update?.confirm)
      warnings.push(
        `Neither this bundle nor the installed “${installed?.displayName ?? manifest.name}” is signed, so only the author's name (“${input.identity.author}”) says they come from the same maker, and anyone can write that name. Say whether it updates the installed one (keeping your settings and secrets) or installs as a separate server.`,
      );
    const nodeWanted = manifest.compatibility?.runtimes?.node;
    if (
      manifest.server.type === 'node' &&
      !input.systemNode &&
      nodeWanted &&
      !nodeSatisfies(nodeWanted, process.versions.node)
    )
      warnings.push(
        `It asks for Node.js ${nodeWanted}; Hearth's own Node.js is ${process.versions.node}, so it may not run.`,
      );
    const stored = installed ? storedValues(installed) : {};
    return {
      stagedId: input.id,
      fileName: input.entry.fileName,
      sizeBytes: input.entry.size,
      sha256: input.sha256,
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
      runsWith: runsWithWords(commandLine, manifest),
      commandLine,
      ...(missing ? { missingRuntime: missingRuntimeSentence(runtime ?? '') } : {}),
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
      platforms,
      runtimes: Object.fromEntries(
        Object.entries(manifest.compatibility?.runtimes ?? {}).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      ),
      privacyPolicies: manifest.privacy_policies ?? [],
      userConfig: Object.entries(manifest.user_config ?? {}).map(([key, option]) => {
        const fallback = resolveDefault(option.default, options.environment);
        const kept = stored[key];
        const secretStored =
          option.sensitive === true && installed !== undefined
            ? vault.get(secretKey(installed.id ?? '', key)) !== undefined
            : undefined;
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
      }),
      signature: {
        status: signature.status,
        ...(signature.publisher ? { publisher: signature.publisher } : {}),
        ...(signature.issuer ? { issuer: signature.issuer } : {}),
        ...(signature.validTo ? { validTo: signature.validTo } : {}),
        ...(signature.fingerprint ? { fingerprint: signature.fingerprint } : {}),
      },
      ...(input.expected ? { sha256Matches: input.expected === input.sha256 } : {}),
      ...(installed
        ? {
            installed: {
              version: installed.version,
              serverName: serverOf(installed)?.name ?? installed.serverName,
              confirm: input.update?.confirm ?? false,
              ...(input.update?.confirm
                ? { separateServerName: freeServerName(manifest.display_name || manifest.name) }
                : {}),
              changes: input.update?.changes.slice(0, 20) ?? [],
            },
          }
        : {}),
      serverName:
        (installed && serverOf(installed)?.name) ??
        freeServerName(manifest.display_name || manifest.name),
      blockers,
      warnings,
    };
  };

  const freeServerName = (wanted: string): string => {
    const base =
      wanted
        .replace(/[^A-Za-z0-9 ._-]+/g, '-')
        .replace(/^[^A-Za-z0-9]+/, '')
        .trim()
        .slice(0, 56)
        .trim() || 'bundle';
    const taken = new Set(mcp.store.list().map((config) => config.name.toLowerCase()));
    if (!taken.has(base.toLowerCase())) return base;
    for (let suffix = 2; ; suffix++) {
      const candidate = `${base}-${suffix}`;
      if (!taken.has(candidate.toLowerCase())) return candidate;
    }
  };

  /** Non-secret values kept from the last install, as the record file holds them. */
  const storedValues = (record: InstalledBundle): UserConfigValues =>
    (record.id ? valuesDocument.read().values[record.id] : undefined) ?? {};

  /** Hearth's own Node, or the Node.js on this computer a bundle with native add-ons runs on. */
  const launchEnvironment = (systemNode: SystemNode | undefined): LaunchEnvironment =>
    systemNode
      ? { ...options.environment, nodeExecutable: systemNode.file, systemNode: true }
      : options.environment;

  const install = async (
    id: string,
    given: UserConfigValues,
    stageOptions?: StageOptions,
  ): Promise<ServerEntry> => {
    const inspected = await inspect(id, stageOptions);
    const { preview, manifest, content, signature, entries, sha256, identity, match } = inspected;
    if (preview.blockers.length > 0) throw new UserFacingError(preview.blockers.join(' '));
    // The same signer's bundle updates the installed one; an unsigned one of the same author's
    // name only when the user said so. Anything else is a server of its own.
    const installed =
      match && (match.relation === 'same' || stageOptions?.asUpdate === true)
        ? match.record
        : undefined;
    const kept = installed ? storedValues(installed) : {};
    const keptSecrets: UserConfigValues = {};
    for (const [key, option] of Object.entries(manifest.user_config ?? {})) {
      if (option.sensitive !== true || !installed?.id) continue;
      const secret = vault.get(secretKey(installed.id, key));
      if (secret !== undefined) keptSecrets[key] = secret;
    }
    const values = checkValues(
      manifest.user_config ?? {},
      { ...kept, ...keptSecrets, ...given },
      options.environment,
    );
    const others = records.read().bundles.filter((record) => record !== installed);
    const bundleId =
      installed?.id ??
      newBundleId(
        (candidate) =>
          others.some((record) => record.id === candidate) ||
          existsSync(dirname(bundleFolder(root, { ...manifest, id: candidate, sha256 }))),
      );
    const target = bundleFolder(root, {
      name: manifest.name,
      id: bundleId,
      version: manifest.version,
      sha256,
    });
    // Checked before a byte is written: no other bundle's files are in, or hold, this folder.
    if (others.some((record) => overlaps(record.folder, target)))
      throw new UserFacingError(
        `Hearth's folder for this bundle (${target}) is already used by another installed bundle, so nothing was installed.`,
      );
    const unpacked = join(staging, `${id}-files`);
    await rm(unpacked, { recursive: true, force: true });
    try {
      await unpackArchive(content, entries, unpacked);
    } catch (error) {
      await rm(unpacked, { recursive: true, force: true });
      throw error;
    }
    // The very same file again: the files in place step aside, and come back if anything fails.
    const aside = existsSync(target) ? `${target}.previous-${Date.now()}` : undefined;
    mkdirSync(dirname(target), { recursive: true });
    if (aside) renameSync(target, aside);
    renameSync(unpacked, target);
    const restore = () => {
      rmSync(target, { recursive: true, force: true });
      if (aside) renameSync(aside, target);
      else removeBundleFolder(root, target);
    };
    const transport = bundleTransport(
      manifest,
      target,
      values,
      launchEnvironment(inspected.systemNode),
    );
    const previous = installed ? serverOf(installed) : undefined;
    let entry: ServerEntry;
    try {
      entry = await mcp.save(
        {
          ...(previous ?? {}),
          name:
            previous?.name ??
            (installed
              ? preview.serverName
              : freeServerName(manifest.display_name || manifest.name)),
          // From a bundle: in the OS sandbox by default; an update keeps the user's policy.
          transport: {
            ...transport,
            sandbox:
              (previous?.transport.type === 'stdio' ? previous.transport.sandbox : undefined) ??
              defaultSandboxPolicy(),
          },
        },
        previous?.name,
      );
    } catch (error) {
      restore();
      throw error;
    }
    // From here the new version is in use: store what to keep, then remove the old files.
    for (const [key, option] of Object.entries(manifest.user_config ?? {})) {
      const storeKey = secretKey(bundleId, key);
      if (option.sensitive === true && values[key] !== undefined)
        vault.set(storeKey, String(values[key]));
      else vault.delete(storeKey);
    }
    const plain = Object.fromEntries(
      Object.entries(values).filter(([key]) => manifest.user_config?.[key]?.sensitive !== true),
    );
    valuesDocument.write({
      values: { ...valuesDocument.read().values, [bundleId]: plain },
    });
    const record: InstalledBundle = {
      id: bundleId,
      serverName: entry.config.name,
      name: manifest.name,
      displayName: manifest.display_name || manifest.name,
      version: manifest.version,
      folder: target,
      installedAt: new Date().toISOString(),
      signature: signature.status,
      author: identity.author,
      ...(identity.signer ? { signer: identity.signer } : {}),
      signedBy: identity.signedBy,
    };
    records.write({
      bundles: [...records.read().bundles.filter((other) => other.id !== bundleId), record],
    });
    if (aside) rmSync(aside, { recursive: true, force: true });
    if (installed && installed.folder !== target) removeBundleFolder(root, installed.folder);
    await forget(id);
    return entry;
  };

  return {
    async stageFile(path, stageOptions) {
      let size: number;
      try {
        size = (await stat(path)).size;
      } catch {
        throw new UserFacingError(`Hearth cannot read ${path}.`);
      }
      if (size > MAX_BUNDLE_BYTES) throw tooLarge(size);
      const [id, entry] = newStaging(basename(path), stageOptions);
      await copyFile(path, entry.path);
      entry.size = size;
      entry.complete = true;
      return id;
    },
    async upload(chunk) {
      const data = Buffer.from(chunk.data, 'base64');
      if (chunk.data.length > MAX_UPLOAD_CHUNK_BASE64)
        throw new UserFacingError('That piece of the file is too large.');
      let id = chunk.stagedId;
      let entry = id === undefined ? undefined : staged.get(id);
      if (id === undefined) {
        [id, entry] = newStaging(chunk.fileName, undefined);
        await writeFile(entry.path, new Uint8Array(0));
      }
      if (!entry)
        throw new UserFacingError('That upload is no longer open. Choose the file again.');
      if (chunk.offset !== entry.size)
        throw new UserFacingError(
          'A piece of the file arrived out of order. Choose the file again.',
        );
      if (entry.size + data.length > MAX_BUNDLE_BYTES) {
        await forget(id);
        throw tooLarge(entry.size + data.length);
      }
      await appendFile(entry.path, data);
      entry.size += data.length;
      entry.complete = true;
      return { stagedId: id, receivedBytes: entry.size };
    },
    inspect: async (id, stageOptions) => (await inspect(id, stageOptions)).preview,
    install,
    discard: forget,
    async uninstall(serverName) {
      const record = records
        .read()
        .bundles.find(
          (candidate) =>
            serverOf(candidate)?.name.toLowerCase() === serverName.toLowerCase() ||
            candidate.serverName.toLowerCase() === serverName.toLowerCase(),
        );
      if (!record) return false;
      const server = serverOf(record);
      if (server) await mcp.delete(server.name);
      // Its own folder only: another bundle of the same name (or one that cleans up to the
      // same folder name) keeps its files.
      removeBundleFolder(root, record.folder);
      if (record.id) for (const key of vault.keys(secretPrefix(record.id))) vault.delete(key);
      const values = Object.entries(valuesDocument.read().values).filter(
        ([key]) => key !== record.id,
      );
      valuesDocument.write({ values: Object.fromEntries(values) });
      records.write({ bundles: records.read().bundles.filter((other) => other !== record) });
      return true;
    },
    list: () => records.read().bundles,
    async open(path, stageOptions) {
      const id = await this.stageFile(path, stageOptions);
      opened.push(id);
      events.emit('bundles:opened', { stagedId: id });
      return id;
    },
    takeOpened() {
      const waiting = opened.filter((id) => staged.has(id));
      opened = [];
      return waiting;
    },
    async installFile(path, values, stageOptions) {
      const id = await this.stageFile(path, stageOptions);
      try {
        return await install(id, values, stageOptions);
      } finally {
        await forget(id);
      }
    },
  };
}

/** Secrets are kept under the installed bundle's id, never its name, which others can take. */
function secretPrefix(bundleId: string): string {
  return `bundle-id:${bundleId}:`;
}

function secretKey(bundleId: string, key: string): string {
  return `${secretPrefix(bundleId)}user_config:${key}`;
}

/** The author of a bundle installed before Hearth kept it, from its unpacked manifest. */
function authorInFolder(folder: string): string | undefined {
  try {
    const raw = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as {
      author?: { name?: unknown };
    };
    return typeof raw.author?.name === 'string' ? raw.author.name : undefined;
  } catch {
    return undefined;
  }
}

/** An installed bundle's manifest, to show what an update changes (absent if it cannot be read). */
async function manifestInFolder(folder: string): Promise<BundleManifest | undefined> {
  try {
    const path = join(folder, 'manifest.json');
    if ((await stat(path)).size > MAX_MANIFEST_BYTES) return undefined;
    return await readManifest(await readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
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

function tooLarge(size: number): UserFacingError {
  return new UserFacingError(
    `The bundle is ${Math.round(size / 1024 / 1024)} MB; Hearth installs bundles up to ${MAX_BUNDLE_BYTES / 1024 / 1024} MB.`,
  );
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

/** Whether `version` meets a manifest's Node range (`>=18`, `^20.1`, `18 || 20`), as npm reads it. */
export function nodeSatisfies(range: string, version: string): boolean {
  return satisfiesRange(range, version);
}

function platformName(platform: string): string {
  return { darwin: 'macOS', win32: 'Windows', linux: 'Linux' }[platform] ?? platform;
}
