/**
 * Addresses an authorization server or a protected resource names in its metadata are the
 * server's word, not the user's: each is checked before Hearth fetches it or opens it. Only
 * http(s) passes (a `data:`, `file:` or custom-scheme address is never fetched or opened), and
 * no address may carry a user name or password.
 */
import type { FetchLike } from '@modelcontextprotocol/client';
import { unencryptedHost, unencryptedReason } from '../../../../preload/schemas/clearText';
import { checkExternalUrl } from '../../security/externalLinks';

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * An address Hearth may fetch for OAuth (metadata, registration, token endpoint). Plain http://
 * to another computer passes only where the user allowed an unencrypted connection for the
 * server, the same rule as for the server's own address.
 */
export function checkFetchableUrl(raw: string | URL, allowUnencrypted = false): UrlCheck {
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    return { ok: false, reason: `“${String(raw).slice(0, 200)}” is not a web address.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: `Hearth fetches only http(s) addresses, not “${url.protocol}”.` };
  }
  if (url.username || url.password) {
    return { ok: false, reason: 'The address carries a user name or password.' };
  }
  const unencrypted = allowUnencrypted ? undefined : unencryptedHost(url.href);
  if (unencrypted !== undefined)
    return {
      ok: false,
      reason: `${unencryptedReason(unencrypted)} Allow an unencrypted connection for this server in its settings if you trust that network.`,
    };
  return { ok: true, url };
}

/**
 * An authorization page Hearth may open in the browser: the same rules as any link leaving the
 * app (https, or http only to this computer).
 */
export function checkAuthorizationPage(url: URL): UrlCheck {
  const check = checkExternalUrl(url.href);
  return check.ok ? { ok: true, url: new URL(check.url) } : check;
}

export class RefusedUrlError extends Error {
  constructor(reason: string) {
    super(`Hearth refused an address from the server’s sign-in metadata: ${reason}`);
    this.name = 'RefusedUrlError';
  }
}

/** `fetchFn` that refuses, before any network access, every address that fails the check. */
export function checkedFetch(
  fetchFn: FetchLike,
  allowUnencrypted: () => boolean = () => false,
): FetchLike {
  return (input, init) => {
    const check = checkFetchableUrl(input, allowUnencrypted());
    if (!check.ok) return Promise.reject(new RefusedUrlError(check.reason));
    return fetchFn(input, init);
  };
}
