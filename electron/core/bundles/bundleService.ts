/**
 * Installs MCP Bundles (`.mcpb`): a file is staged (from a path or uploaded by a page in
 * chunks), inspected (manifest, signature, hash, platform: a preview), then installed: unpacked
 * into `bundles/<name>/<version>` in the data folder and added as a stdio server whose launch the
 * user still reviews and approves. An update keeps the user's values and replaces the files;
 * uninstall removes both. Every step that can fail runs before anything is moved into place, and
 * a failure after that puts back what was there: nothing half-installed, nothing lost.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type {
  BundlePreview,
  InstalledBundle,
  UserConfigValues,
} from '../../../preload/schemas/bundles';
import { installedBundleSchema } from '../../../preload/schemas/bundles';
import type { ServerEntry } from '../../../preload/schemas/servers';
import { UserFacingError } from '../bridge/errors';
import type { EventHub } from '../bridge/events';
import type { LaunchContext, McpManager } from '../mcp';
import type { SecretVault } from '../secrets/secretVault';
import { openJsonDocument } from '../store/jsonDocument';
import { listArchive, readArchiveEntry, unpackArchive, type ArchiveEntry } from './bundleArchive';
import { bundleTransport, launchEnvironmentOn, type LaunchEnvironment } from './bundleLaunch';
import { bundleFolder, newBundleId, overlaps, removeBundleFolder } from './bundleFolders';
import {
  identityOf,
  relationOf,
  whatChanged,
  type BundleIdentity,
  type BundleRelation,
} from './bundleIdentity';
import { manifestHosts } from './bundleHosts';
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
import { bundlePreview } from './bundlePreview';
import { checkSignature, splitBundle, type SignatureReport } from './bundleSignature';
import { createBundleStaging, type UploadChunk } from './bundleStaging';
import { checkValues } from './userConfigValues';
import { satisfiesRange } from './versionRange';
import { defaultSandboxPolicy } from '../sandbox';

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
  upload(chunk: UploadChunk): Promise<{ stagedId: string; receivedBytes: number }>;
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
  const staging = createBundleStaging(join(root, '.staging'));
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

  const inspect = async (id: string, stageOptions?: StageOptions): Promise<Inspected> => {
    const { entry, bytes, sha256, expected } = await readStaged(id, stageOptions);
    const { split, signature, entries, manifest } = await openBundle(bytes);
    const identity = identityOf(manifest, signature);
    const { relations, match } = installedRelations(manifest, identity);
    const node = await nodeForAddons(manifest, entries, split.content);
    const preview = bundlePreview(
      {
        id,
        file: entry,
        sha256,
        expected,
        manifest,
        signature,
        installed: match?.record,
        ...(match ? { update: await updateOf(match, manifest, identity) } : {}),
        others: relations
          .filter((candidate) => candidate.relation === 'other')
          .map((c) => c.record),
        identity,
        ...(node.system.node ? { systemNode: node.system.node } : {}),
        ...(node.onOwnNode && !node.system.node
          ? { addonWarning: addonWarning(node.addons, node.range, node.system.found) }
          : {}),
      },
      {
        environment: options.environment,
        launchContext: options.launchContext(),
        hearthNodeVersion: process.versions.node,
        serverNameOf: (record) => serverOf(record)?.name,
        freeServerName,
        storedValues: match ? storedValues(match.record) : {},
        hasSecret: (key) =>
          match !== undefined && vault.get(secretKey(match.record.id ?? '', key)) !== undefined,
      },
    );
    return {
      preview,
      manifest,
      content: split.content,
      signature,
      entries,
      sha256,
      identity,
      ...(match ? { match: { record: match.record, relation: match.relation } } : {}),
      ...(node.system.node ? { systemNode: node.system.node } : {}),
    };
  };

  /** The staged file's bytes, refused when they are not the file a registry described. */
  const readStaged = async (id: string, stageOptions?: StageOptions) => {
    const entry = staging.entry(id);
    const bytes = await readFile(entry.path);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const expected = stageOptions?.expectedSha256?.toLowerCase() ?? entry.expectedSha256;
    if (expected && expected !== sha256)
      throw new UserFacingError(
        `The file is not the one the registry describes: its SHA-256 is ${sha256}, the registry says ${expected}. It may have been changed or damaged on the way.`,
      );
    return { entry, bytes, sha256, expected };
  };

  /** The archive, its signature checked, its manifest read and its entry point found in it. */
  const openBundle = async (bytes: Buffer) => {
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
    return { split, signature, entries, manifest };
  };

  /** The installed bundles of the same name, each as it stands to this one; the one it updates. */
  const installedRelations = (manifest: BundleManifest, identity: BundleIdentity) => {
    const sameName = records.read().bundles.filter((record) => record.name === manifest.name);
    const relations = sameName.map((record) => ({
      record,
      relation: relationOf(record, record.author ?? authorInFolder(record.folder), identity),
    }));
    const match = (['same', 'confirm'] as const)
      .map((wanted) => relations.find((candidate) => candidate.relation === wanted))
      .find((candidate) => candidate !== undefined) as Inspected['match'];
    return { relations, match };
  };

  /** What updating the installed bundle would change, and whether the user must confirm it. */
  const updateOf = async (
    match: NonNullable<Inspected['match']>,
    manifest: BundleManifest,
    identity: BundleIdentity,
  ) => ({
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
  });

  /** Add-ons tied to plain Node's ABI, and the Node.js on this computer that could load them. */
  const nodeForAddons = async (
    manifest: BundleManifest,
    entries: ArchiveEntry[],
    content: Uint8Array,
  ) => {
    // Node-API add-ons load on Electron's Node too; only those tied to plain Node's ABI need one.
    const addons = (manifest.server.type === 'node' ? nativeAddons(entries) : []).filter((name) => {
      const size = entries.find((candidate) => candidate.name === name)?.size ?? 0;
      if (size > MAX_ADDON_SCAN_BYTES) return true;
      const bytes = readArchiveEntry(content, entries, name, MAX_ADDON_SCAN_BYTES);
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
    return { addons, onOwnNode, range, system };
  };

  /** The server a bundle runs as now: by its name, or by its folder if the user renamed it. */
  const serverOf = (record: InstalledBundle) =>
    mcp.store.get(record.serverName) ??
    mcp.store
      .list()
      .find(
        (config) => config.transport.type === 'stdio' && config.transport.cwd === record.folder,
      );

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

  const install = async (
    id: string,
    given: UserConfigValues,
    stageOptions?: StageOptions,
  ): Promise<ServerEntry> => {
    const inspected = await inspect(id, stageOptions);
    const { preview, manifest, match } = inspected;
    if (preview.blockers.length > 0) throw new UserFacingError(preview.blockers.join(' '));
    // The same signer's bundle updates the installed one; an unsigned one of the same author's
    // name only when the user said so. Anything else is a server of its own.
    const installed =
      match && (match.relation === 'same' || stageOptions?.asUpdate === true)
        ? match.record
        : undefined;
    const values = valuesFor(manifest, installed, given);
    const { bundleId, target } = placeFor(inspected, installed);
    const files = await putFilesInPlace(id, inspected, target);
    let entry: ServerEntry;
    try {
      entry = await saveServer(inspected, installed, values, target);
    } catch (error) {
      files.restore();
      throw error;
    }
    // From here the new version is in use: store what to keep, then remove the old files.
    keepValues(bundleId, manifest, values);
    recordInstall(inspected, bundleId, entry, target);
    if (files.aside) rmSync(files.aside, { recursive: true, force: true });
    if (installed && installed.folder !== target) removeBundleFolder(root, installed.folder);
    await staging.forget(id);
    return entry;
  };

  /** The values the bundle runs with: those kept from the install it updates, then the user's. */
  const valuesFor = (
    manifest: BundleManifest,
    installed: InstalledBundle | undefined,
    given: UserConfigValues,
  ) => {
    const kept = installed ? storedValues(installed) : {};
    const keptSecrets: UserConfigValues = {};
    for (const [key, option] of Object.entries(manifest.user_config ?? {})) {
      if (option.sensitive !== true || !installed?.id) continue;
      const secret = vault.get(secretKey(installed.id, key));
      if (secret !== undefined) keptSecrets[key] = secret;
    }
    return checkValues(
      manifest.user_config ?? {},
      { ...kept, ...keptSecrets, ...given },
      options.environment,
    );
  };

  /** The bundle's id and folder, checked to be no other bundle's before a byte is written. */
  const placeFor = (
    { manifest, sha256 }: Inspected,
    installed: InstalledBundle | undefined,
  ): { bundleId: string; target: string } => {
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
    return { bundleId, target };
  };

  /** Unpacks the bundle into its folder; the files it replaces wait aside until it is in use. */
  const putFilesInPlace = async (
    id: string,
    { content, entries }: Inspected,
    target: string,
  ): Promise<{ aside: string | undefined; restore(): void }> => {
    const unpacked = join(staging.folder, `${id}-files`);
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
    return { aside, restore };
  };

  /** The bundle as a server: saved under its name (an update keeps the server's own settings). */
  const saveServer = (
    { preview, manifest, systemNode }: Inspected,
    installed: InstalledBundle | undefined,
    values: UserConfigValues,
    target: string,
  ): Promise<ServerEntry> => {
    const transport = bundleTransport(
      manifest,
      target,
      values,
      launchEnvironmentOn(options.environment, systemNode),
    );
    const previous = installed ? serverOf(installed) : undefined;
    return mcp.save(
      {
        ...(previous ?? {}),
        name:
          previous?.name ??
          (installed ? preview.serverName : freeServerName(manifest.display_name || manifest.name)),
        // From a bundle: in the OS sandbox by default, reaching the hosts its manifest names
        // (bundleHosts.ts); an update keeps the user's policy.
        transport: {
          ...transport,
          sandbox:
            (previous?.transport.type === 'stdio' ? previous.transport.sandbox : undefined) ??
            defaultSandboxPolicy(manifestHosts(manifest)),
        },
      },
      previous?.name,
    );
  };

  /** Secret values in the vault, the others in the values file, for the next update. */
  const keepValues = (bundleId: string, manifest: BundleManifest, values: UserConfigValues) => {
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
  };

  /** The installed bundle's record, in place of any earlier one of the same id. */
  const recordInstall = (
    { manifest, signature, identity }: Inspected,
    bundleId: string,
    entry: ServerEntry,
    target: string,
  ) => {
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
  };

  return {
    stageFile: (path, stageOptions) => staging.stageFile(path, stageOptions?.expectedSha256),
    upload: (chunk) => staging.upload(chunk),
    inspect: async (id, stageOptions) => (await inspect(id, stageOptions)).preview,
    install,
    discard: (id) => staging.forget(id),
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
      staging.markOpened(id);
      events.emit('bundles:opened', { stagedId: id });
      return id;
    },
    takeOpened: () => staging.takeOpened(),
    async installFile(path, values, stageOptions) {
      const id = await this.stageFile(path, stageOptions);
      try {
        return await install(id, values, stageOptions);
      } finally {
        await staging.forget(id);
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

/** Whether `version` meets a manifest's Node range (`>=18`, `^20.1`, `18 || 20`), as npm reads it. */
export function nodeSatisfies(range: string, version: string): boolean {
  return satisfiesRange(range, version);
}
