/**
 * SEP-2352: a server's protected-resource metadata may name a new authorization server. A client
 * id and tokens belong to the authorization server that issued them, so after a move they must
 * not be offered anywhere again. Hearth checks where the server signs in now whenever the server
 * turns a token down (a 401), before any refresh would send the old refresh token and client id
 * back: the SDK's discovery, compared with the issuer the stored sign-in was stamped with.
 */
import { discoverOAuthServerInfo } from '@modelcontextprotocol/client';
import type { FetchLike, OAuthDiscoveryState } from '@modelcontextprotocol/client';

export interface Rediscovery {
  /** What discovery found, for the provider, so the sign-in that follows does not ask twice. */
  discovery: OAuthDiscoveryState;
  /** Set when the server signs in somewhere else now: from where, and where. */
  moved?: { from: string; to: string };
}

/** The issuer a stored value (tokens, client registration) was stamped with by the SDK. */
export function stampedIssuer(value: object | undefined): string | undefined {
  const issuer = (value as { issuer?: unknown } | undefined)?.issuer;
  return typeof issuer === 'string' ? issuer : undefined;
}

/** The issuer a discovery names (its metadata's, else the address it was found at). */
export function issuerOf(discovery: OAuthDiscoveryState | undefined): string | undefined {
  if (!discovery) return undefined;
  return discovery.authorizationServerMetadata?.issuer ?? String(discovery.authorizationServerUrl);
}

/** The SDK's comparison (auth.ts `issuersMatch`): one trailing slash of difference is the same. */
function sameIssuer(a: string, b: string): boolean {
  const trim = (value: string) => (value.endsWith('/') ? value.slice(0, -1) : value);
  return trim(a) === trim(b);
}

/**
 * Where the server signs in now, and whether that is not `recorded`. A discovery that fails says
 * nothing about a move (undefined): the sign-in that follows meets the same failure and reports it.
 */
export async function rediscover(options: {
  serverUrl: string;
  resourceMetadataUrl?: URL;
  recorded: string;
  fetchFn: FetchLike;
}): Promise<Rediscovery | undefined> {
  const { recorded } = options;
  let discovery: OAuthDiscoveryState;
  try {
    const info = await discoverOAuthServerInfo(options.serverUrl, {
      resourceMetadataUrl: options.resourceMetadataUrl,
      fetchFn: options.fetchFn,
    });
    discovery = {
      ...info,
      authorizationServerUrl: String(info.authorizationServerUrl),
      resourceMetadataUrl: options.resourceMetadataUrl?.toString(),
    };
  } catch {
    return undefined;
  }
  const now = issuerOf(discovery);
  if (!now || sameIssuer(now, recorded)) return { discovery };
  return { discovery, moved: { from: recorded, to: now } };
}
