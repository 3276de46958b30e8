/**
 * What a sign-in leaves behind, per server: the tokens, the client registration (or client ID
 * metadata document id) and a pre-registered client secret. All of it is secret, so it lives in
 * the vault (safeStorage in the desktop app, memory in the browser host), never in servers.json.
 * Values are kept exactly as the SDK gave them (it stamps them with the issuer they belong to).
 */
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/client';
import type { SecretVault } from '../../secrets/secretVault';

type Part = 'tokens' | 'client' | 'client-secret' | 'client-key';

/** Tokens as the SDK gave them, and when they came (`expires_in` counts from then). */
interface StoredTokens {
  tokens: OAuthTokens;
  savedAt: number;
}
const PARTS: Part[] = ['tokens', 'client', 'client-secret', 'client-key'];

export interface OAuthStore {
  tokens(server: string): OAuthTokens | undefined;
  saveTokens(server: string, tokens: OAuthTokens, now?: number): void;
  /** When the access token runs out (ms since the epoch), if the server said. */
  expiresAt(server: string): number | undefined;
  client(server: string): OAuthClientInformationMixed | undefined;
  saveClient(server: string, client: OAuthClientInformationMixed): void;
  /** The secret of a pre-registered client, set in the server's settings. */
  clientSecret(server: string): string | undefined;
  saveClientSecret(server: string, secret: string): void;
  /** Its private key (PEM), when it signs client assertions instead. */
  clientKey(server: string): string | undefined;
  saveClientKey(server: string, key: string): void;
  forget(server: string, parts?: Part[]): void;
  /** Moves everything to a renamed server. */
  rename(from: string, to: string): void;
}

/** Vault keys are per server name, regardless of case (as server names are unique that way). */
function key(server: string, part: Part): string {
  return `oauth:${server.toLowerCase()}:${part}`;
}

export function createOAuthStore(vault: SecretVault): OAuthStore {
  const read = <T>(server: string, part: Part): T | undefined => {
    const raw = vault.get(key(server, part));
    if (raw === undefined) return undefined;
    try {
      const value: unknown = JSON.parse(raw);
      return value && typeof value === 'object' ? (value as T) : undefined;
    } catch {
      return undefined;
    }
  };
  const write = (server: string, part: Part, value: unknown) =>
    vault.set(key(server, part), JSON.stringify(value));
  return {
    tokens: (server) => read<StoredTokens>(server, 'tokens')?.tokens,
    saveTokens: (server, tokens, now = Date.now()) =>
      write(server, 'tokens', { tokens, savedAt: now } satisfies StoredTokens),
    expiresAt(server) {
      const stored = read<StoredTokens>(server, 'tokens');
      const lifetime = stored?.tokens.expires_in;
      return stored && typeof lifetime === 'number' ? stored.savedAt + lifetime * 1_000 : undefined;
    },
    client: (server) => read<OAuthClientInformationMixed>(server, 'client'),
    saveClient: (server, client) => write(server, 'client', client),
    clientSecret: (server) => read<{ secret: string }>(server, 'client-secret')?.secret,
    saveClientSecret: (server, secret) => write(server, 'client-secret', { secret }),
    clientKey: (server) => read<{ key: string }>(server, 'client-key')?.key,
    saveClientKey: (server, key) => write(server, 'client-key', { key }),
    forget(server, parts = PARTS) {
      for (const part of parts) vault.delete(key(server, part));
    },
    rename(from, to) {
      if (from.toLowerCase() === to.toLowerCase()) return;
      for (const part of PARTS) {
        const value = vault.get(key(from, part));
        vault.delete(key(from, part));
        // A client secret or key typed in the same save is already under the new name.
        if ((part === 'client-secret' || part === 'client-key') && vault.get(key(to, part)))
          continue;
        if (value === undefined) vault.delete(key(to, part));
        else vault.set(key(to, part), value);
      }
    },
  };
}
