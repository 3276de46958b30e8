/**
 * Origin checks for navigation and IPC senders. Origins are compared whole (scheme, host, port),
 * never by prefix: `http://127.0.0.1:5173.evil.test` must not pass for `http://127.0.0.1:5173`.
 */

/**
 * `scheme://host[:port]` of a URL, or undefined when it has none. Computed by hand because
 * `URL.origin` is "null" for custom schemes such as the app's own `app://`.
 */
export function originOf(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!parsed.host) return undefined;
  return `${parsed.protocol}//${parsed.host}`.toLowerCase();
}

/** True when `url` is on exactly `origin`. */
export function isSameOrigin(url: string, origin: string): boolean {
  const actual = originOf(url);
  return actual !== undefined && actual === originOf(origin);
}

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

/** True for localhost, 127.0.0.0/8 and [::1]: addresses that never leave this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(host) || /^127(\.\d{1,3}){3}$/.test(host);
}
