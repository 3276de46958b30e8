/**
 * Browsing and installing from the MCP registry named in Settings. Search pages and entries go to
 * the renderer as summaries and install options; an install reads the entry again from the
 * registry (the renderer names an option and gives values, never a command), builds the config
 * and saves it like the server form does: secrets go to the vault, and a local server waits for
 * the user to approve its command before it first starts. Any problem leaves nothing installed.
 */
import type {
  InstallOption,
  RegistryBundleRequest,
  RegistryStagedBundle,
  RegistryInstall,
  RegistryPage,
  RegistryServer,
  RegistrySummary,
} from '../../../preload/schemas/registry';
import {
  serverConfigSchema,
  serverNameSchema,
  type ServerEntry,
  type ServerConfigInput,
} from '../../../preload/schemas/servers';
import { unencryptedHost, unencryptedReason } from '../../../preload/schemas/clearText';
import { UserFacingError } from '../bridge/errors';
import { downloadBundle } from './bundleDownload';
import { buildConfig, planOptions, type PlannedOption } from './installPlan';
import type { FetchLike, RegistryClient } from './registryClient';
import { OFFICIAL_META, type RegistryServerResponse } from './registrySchemas';

/**
 * The bundle installer, when the host has one: an entry's `.mcpb` package is downloaded and staged
 * there with the entry's `fileSha256`, and the bundle's own install dialog takes it from there
 * (manifest, signature, hash, its settings). Without it, such options say to install the file.
 */
export interface RegistryBundleInstaller {
  stageFile(path: string, options?: { expectedSha256?: string }): Promise<string>;
}

export interface RegistryService {
  search(query: { search?: string; cursor?: string }): Promise<RegistryPage>;
  server(name: string, version?: string): Promise<RegistryServer>;
  install(request: RegistryInstall): Promise<ServerEntry>;
  /** Downloads an entry's bundle and stages it for the bundle install dialog. */
  stageBundle(request: RegistryBundleRequest): Promise<RegistryStagedBundle>;
}

export function createRegistryService(options: {
  /** A client for the registry the settings name now. */
  client(): RegistryClient;
  servers: {
    list(): ServerEntry[];
    save(input: ServerConfigInput): Promise<ServerEntry>;
  };
  bundles?: RegistryBundleInstaller;
  /** How bundles are downloaded (tests pass their own). */
  fetch?: FetchLike;
}): RegistryService {
  const { servers, bundles } = options;
  const optionsOf = (entry: RegistryServerResponse): PlannedOption[] => {
    const planned = planOptions(entry.server);
    const status = statusOf(entry);
    return planned.map((item) => {
      if (status === 'deleted') {
        return {
          option: {
            ...item.option,
            available: false,
            reason: 'Its publisher withdrew it from the registry.',
            fields: [],
          },
        };
      }
      if (item.bundle && bundles) {
        const option: InstallOption = { ...item.option, available: true };
        delete option.reason;
        return { ...item, option };
      }
      return item;
    });
  };

  return {
    async search(query) {
      const client = options.client();
      const page = await client.list(query);
      return {
        registry: client.baseUrl,
        servers: page.entries.map(summaryOf),
        skipped: page.skipped,
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
        ...(page.overfull
          ? {
              overfull: `The registry sent ${page.overfull.sent} servers for a page of ${page.overfull.kept}, more than a page holds: Hearth shows the first ${page.overfull.kept}. It does not keep to the page size it is asked for, so the others may not be reachable from here; search for a name to narrow the list.`,
            }
          : {}),
      };
    },
    async server(name, version) {
      const entry = await options.client().server(name, version);
      const { server } = entry;
      const official = entry._meta?.[OFFICIAL_META];
      return {
        ...summaryOf(entry),
        ...(safeLink(server.repository?.url) ? { repositoryUrl: server.repository?.url } : {}),
        ...(safeLink(server.websiteUrl) ? { websiteUrl: server.websiteUrl } : {}),
        ...(official?.publishedAt ? { publishedAt: official.publishedAt } : {}),
        suggestedName: suggestName(server.title, server.name, servers.list()),
        options: optionsOf(entry).map((item) => item.option),
      };
    },
    async install(request) {
      const entry = await options.client().server(request.name, request.version);
      const chosen = optionsOf(entry).find((item) => item.option.id === request.option);
      if (!chosen) throw new UserFacingError('That way of installing it is not in its entry.');
      if (!chosen.option.available) {
        throw new UserFacingError(chosen.option.reason ?? 'Hearth cannot install it this way.');
      }
      if (!chosen.plan) throw new UserFacingError('Hearth cannot install it this way.');
      const built = buildConfig(chosen.plan, request.values, request.serverName);
      if (!built.ok) throw new UserFacingError(`Not installed: ${built.problems.join(' ')}`);
      const config = withUnencryptedLeave(built.config, request.allowUnencrypted === true);
      const checked = serverConfigSchema.safeParse(config);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw new UserFacingError(
          `Not installed: the entry and your values make a config Hearth cannot use (${issue?.message ?? 'invalid'}).`,
        );
      }
      // Remembered, so the server's page and Browse can say which entry it came from.
      return servers.save({
        ...config,
        registryEntry: { name: entry.server.name, version: entry.server.version },
      });
    },
    async stageBundle(request) {
      const entry = await options.client().server(request.name, request.version);
      const chosen = optionsOf(entry).find((item) => item.option.id === request.option);
      if (!chosen?.bundle) throw new UserFacingError('That bundle is not in its entry.');
      if (!bundles || !chosen.option.available) {
        throw new UserFacingError(chosen.option.reason ?? 'Hearth cannot install bundles here.');
      }
      const { fileSha256 } = chosen.bundle;
      const downloaded = await downloadBundle(chosen.bundle.url, {
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      try {
        const stagedId = await bundles.stageFile(
          downloaded.path,
          fileSha256 ? { expectedSha256: fileSha256 } : {},
        );
        return { stagedId, ...(fileSha256 ? { expectedSha256: fileSha256 } : {}) };
      } finally {
        await downloaded.dispose();
      }
    },
  };
}

/**
 * A remote at plain http:// on another computer (its address as the values made it) is installed
 * only with the user's leave, which its config then keeps; refused with the reason otherwise.
 */
function withUnencryptedLeave(config: ServerConfigInput, allowed: boolean): ServerConfigInput {
  const { transport } = config;
  if (transport.type !== 'http') return config;
  const host = unencryptedHost(transport.url);
  if (host === undefined) return config;
  if (!allowed)
    throw new UserFacingError(
      `Not installed: ${unencryptedReason(host)} Install its https:// address if it has one, or allow the unencrypted connection for this server.`,
    );
  return { ...config, transport: { ...transport, allowUnencrypted: true } };
}

function statusOf(entry: RegistryServerResponse): RegistrySummary['status'] {
  const status = entry._meta?.[OFFICIAL_META]?.status;
  return status === 'active' || status === 'deprecated' || status === 'deleted'
    ? status
    : undefined;
}

function summaryOf(entry: RegistryServerResponse): RegistrySummary {
  const { server } = entry;
  const official = entry._meta?.[OFFICIAL_META];
  const status = statusOf(entry);
  return {
    name: server.name,
    ...(server.title ? { title: server.title.slice(0, 1_000) } : {}),
    description: server.description.slice(0, 32_768),
    version: server.version,
    ...(status ? { status } : {}),
    ...(official?.statusMessage ? { statusMessage: official.statusMessage.slice(0, 32_768) } : {}),
    kinds: planOptions(server)
      .map((item) => item.option.kind)
      .slice(0, 64),
  };
}

/** Only web addresses are offered as links (the link check looks at them again on opening). */
function safeLink(url: string | undefined): boolean {
  return !!url && url.length <= 2_048 && /^https?:\/\//.test(url) && URL.canParse(url);
}

/**
 * A name for the new server: its title, else the last part of its registry name, in the
 * characters server names allow, made unique among the user's servers with a number.
 */
export function suggestName(
  title: string | undefined,
  registryName: string,
  existing: ServerEntry[],
): string {
  const raw = title?.trim() || registryName.split('/').pop() || registryName;
  const cleaned =
    raw
      .replace(/[^A-Za-z0-9 ._-]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^[^A-Za-z0-9]+/, '')
      .slice(0, 56)
      .trim() || 'Registry server';
  const taken = new Set(existing.map((entry) => entry.config.name.toLowerCase()));
  let name = cleaned;
  for (let number = 2; taken.has(name.toLowerCase()); number += 1) name = `${cleaned} ${number}`;
  return serverNameSchema.safeParse(name).success ? name : 'Registry server';
}
