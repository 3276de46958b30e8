/**
 * Plain `http://` to another computer is not encrypted: whoever is on the network between can read
 * and change everything Hearth sends and gets, a secret header or sign-in token included. Hearth
 * connects that way only to this computer (localhost, 127.0.0.0/8, [::1]) unless the user allows
 * it for that one server. Shared by main (which refuses at connect and at registry install) and
 * the server form (which asks before saving).
 */

/** localhost, 127.0.0.0/8 and [::1] (also written as an IPv4-mapped address), as URL gives them. */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    // WHATWG URL writes [::ffff:127.0.0.1] as [::ffff:7f00:1] .. [::ffff:7fff:ffff].
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host)
  );
}

/**
 * The host of `url` when it is plain http:// to another computer, so not encrypted; undefined for
 * https://, for this computer, and for what is not a web address (other checks say so).
 */
export function unencryptedHost(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' || isLoopbackHostname(parsed.hostname)) return undefined;
  return parsed.hostname;
}

/** Why Hearth will not connect to `host` over plain http:// without the user's say-so. */
export function unencryptedReason(host: string): string {
  return `The address uses plain http:// to another computer (${host}), so the connection is not encrypted: anyone on the network between could read what Hearth sends, secret headers and sign-in tokens included, and change what comes back.`;
}
