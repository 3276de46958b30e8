/**
 * The configured MCP servers, kept in `servers.json`, with every value marked secret moved to the
 * secret vault: the file holds the variable's name and `"secret": true`, never its value.
 */
import { z } from 'zod';
import {
  serverConfigSchema,
  type ServerConfig,
  type ServerConfigInput,
} from '../../../../preload/schemas/servers';
import { headerValueProblem } from '../../../../preload/schemas/headerValues';
import { UserFacingError } from '../../bridge/errors';
import type { SecretVault } from '../../secrets/secretVault';
import { openJsonDocument } from '../../store/jsonDocument';
import { namedValuesOf, withNamedValues, type NamedValue, type NamedValues } from './namedValues';
import { storeClientSecret, withClientSecret } from '../oauth/clientSecret';
import { createOAuthStore } from '../oauth/tokenStore';

const serversFileSchema = z.object({
  servers: z.array(serverConfigSchema).default([]),
  /** Set once the built-in server has been added, so deleting it is respected. */
  builtinAdded: z.boolean().default(false),
});

export interface ServerStore {
  /** Configs as shown to the user: secret values left out. */
  list(): ServerConfig[];
  get(name: string): ServerConfig | undefined;
  /** The config with secret values filled in from the vault, for launching. */
  withSecrets(name: string): ServerConfig | undefined;
  /** Adds or updates a server; `previousName` renames. A secret left without a value keeps the stored one. */
  save(input: ServerConfigInput, previousName?: string): ServerConfig;
  delete(name: string): boolean;
  /** Adds `config` the first time this is ever called for the data folder, never again. */
  addBuiltinOnce(config: ServerConfigInput): void;
}

export function openServerStore(options: {
  dataDir: string;
  vault: SecretVault;
  onProblem(message: string): void;
}): ServerStore {
  const { vault } = options;
  const oauth = createOAuthStore(vault);
  const document = openJsonDocument({
    dataDir: options.dataDir,
    name: 'servers',
    schema: serversFileSchema,
    what: 'Your MCP server list',
    insteadUsed: 'no servers configured',
    onProblem: options.onProblem,
  });
  const servers = () => document.read().servers;
  // Names looked up by their lower case, rebuilt when the list is replaced (every write): a
  // status for each of fifty servers otherwise compares every name with every other.
  let index: { servers: ServerConfig[]; byName: Map<string, ServerConfig> } | undefined;
  const find = (name: string): ServerConfig | undefined => {
    const list = servers();
    if (index?.servers !== list) {
      const byName = new Map<string, ServerConfig>();
      for (const server of list) {
        const key = server.name.toLowerCase();
        if (!byName.has(key)) byName.set(key, server);
      }
      index = { servers: list, byName };
    }
    return index.byName.get(name.toLowerCase());
  };

  const fill = (server: string, { kind, entries }: NamedValues) =>
    entries.map((entry) =>
      entry.secret ? { ...entry, value: vault.get(secretKey(server, kind, entry.name)) } : entry,
    );

  return {
    list: servers,
    get: find,
    withSecrets(name) {
      const config = find(name);
      if (!config) return undefined;
      const values = namedValuesOf(config);
      const filled = values ? withNamedValues(config, fill(config.name, values)) : config;
      return withClientSecret(oauth, filled);
    },
    save(input, previousName) {
      const config = serverConfigSchema.parse(input);
      refuseBadHeaderValues(config);
      const previous = previousName === undefined ? undefined : find(previousName);
      if (previousName !== undefined && !previous)
        throw new UserFacingError(`There is no server named “${previousName}”.`);
      const clash = find(config.name);
      if (clash && clash !== previous) {
        throw new UserFacingError(
          `A server named “${clash.name}” already exists. Choose another name.`,
        );
      }
      const stored = storeClientSecret(
        oauth,
        storeSecrets(vault, config, previous?.name),
        previous?.name,
      );
      const others = servers().filter((server) => server !== previous);
      const index = previous ? servers().indexOf(previous) : others.length;
      document.write({
        ...document.read(),
        servers: [...others.slice(0, index), stored, ...others.slice(index)],
      });
      return stored;
    },
    delete(name) {
      const config = find(name);
      if (!config) return false;
      for (const key of vault.keys(`server:${config.name}:`)) vault.delete(key);
      oauth.forget(config.name);
      document.write({
        ...document.read(),
        servers: servers().filter((server) => server !== config),
      });
      return true;
    },
    addBuiltinOnce(input) {
      if (document.read().builtinAdded) return;
      const config = serverConfigSchema.parse(input);
      const servers = find(config.name)
        ? document.read().servers
        : [config, ...document.read().servers];
      document.write({ servers, builtinAdded: true });
    },
  };
}

/** A header value fetch would refuse at every connect is refused now, at save, with its name. */
function refuseBadHeaderValues(config: ServerConfig): void {
  if (config.transport.type !== 'http') return;
  for (const header of config.transport.headers) {
    const problem = header.value === undefined ? undefined : headerValueProblem(header.value);
    if (problem) throw new UserFacingError(`The header “${header.name}” was not saved. ${problem}`);
  }
}

/** Server names are unique regardless of case, so "GitHub" and "github" cannot both exist. */
export function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function secretKey(server: string, kind: 'env' | 'header', name: string): string {
  return `server:${server}:${kind}:${name}`;
}

/** The config as the plain file keeps it, secret values moved into the vault. */
function storeSecrets(
  vault: SecretVault,
  config: ServerConfig,
  previousServer: string | undefined,
): ServerConfig {
  const values = namedValuesOf(config);
  if (!values) return config;
  const { kind, entries } = values;
  const kept = entries.map((entry) => storeEntry(vault, kind, config.name, previousServer, entry));
  if (previousServer !== undefined)
    dropStaleSecrets(vault, previousServer, config.name, kind, kept);
  return withNamedValues(config, kept);
}

/** Moves a secret value into the vault and returns the entry as the plain file keeps it. */
function storeEntry(
  vault: SecretVault,
  kind: 'env' | 'header',
  server: string,
  previousServer: string | undefined,
  entry: NamedValue,
): NamedValue {
  if (!entry.secret) return { name: entry.name, value: entry.value ?? '', secret: false };
  const key = secretKey(server, kind, entry.name);
  if (entry.value !== undefined) {
    vault.set(key, entry.value);
  } else if (previousServer !== undefined && previousServer !== server) {
    // Renamed: the stored secret follows the server to its new name.
    const earlier = vault.get(secretKey(previousServer, kind, entry.name));
    if (earlier !== undefined) vault.set(key, earlier);
  }
  return { name: entry.name, secret: true };
}

/** Removes secrets the saved config no longer has (or has under a new server name). */
function dropStaleSecrets(
  vault: SecretVault,
  previousServer: string,
  server: string,
  kind: 'env' | 'header',
  kept: NamedValue[],
): void {
  const stillSecret = new Set(
    kept.filter((entry) => entry.secret).map((entry) => secretKey(server, kind, entry.name)),
  );
  for (const key of vault.keys(`server:${previousServer}:`)) {
    if (!stillSecret.has(key)) vault.delete(key);
  }
}
