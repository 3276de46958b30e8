/**
 * Ollama's address as Ollama's own tools read OLLAMA_HOST, so Hearth talks to the same server the
 * `ollama` CLI does: envconfig.Var/Host/ConnectableHost in ollama/ollama envconfig/config.go
 * (ported step by step, with Go's net.SplitHostPort, net.ParseIP and url.URL.String), then what a
 * client must add to dial it, as ollama-js formatHost does (src/utils.ts): an empty host (`:1234`)
 * is this computer. The path is kept, for an Ollama behind a reverse proxy on a sub-path.
 * Plain functions without imports: main and the Settings page both use them.
 */

export const DEFAULT_OLLAMA_PORT = '11434';

/** Ollama's address split as Go's url.URL holds it. */
export interface OllamaHostParts {
  scheme: string;
  /** `host:port`, brackets around an IPv6 host (net.JoinHostPort). */
  hostPort: string;
  path: string;
}

/** net.SplitHostPort (go/src/net/ipsock.go); undefined where Go returns an error. */
export function splitHostPort(hostPort: string): { host: string; port: string } | undefined {
  const colon = hostPort.lastIndexOf(':');
  if (colon < 0) return undefined;
  let host: string;
  let from = 0;
  let to = 0;
  if (hostPort.startsWith('[')) {
    const end = hostPort.indexOf(']');
    if (end < 0 || end + 1 !== colon) return undefined;
    host = hostPort.slice(1, end);
    from = 1;
    to = end + 1;
  } else {
    host = hostPort.slice(0, colon);
    if (host.includes(':')) return undefined;
  }
  if (hostPort.slice(from).includes('[') || hostPort.slice(to).includes(']')) return undefined;
  return { host, port: hostPort.slice(colon + 1) };
}

/** net.JoinHostPort. */
export function joinHostPort(host: string, port: string): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** net.ParseIP then IP.String(): the canonical text of an IP address, or undefined. */
export function canonicalIp(text: string): string | undefined {
  if (IPV4.test(text)) return text;
  if (!text.includes(':') || /[[\]/%]/.test(text)) return undefined;
  let hostname: string;
  try {
    // The URL parser reads IPv6 as Go does and writes it compressed, as IP.String does.
    hostname = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  // IP.String writes an IPv4-mapped address as IPv4.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(hostname);
  if (mapped) {
    const high = Number.parseInt(mapped[1] ?? '0', 16);
    const low = Number.parseInt(mapped[2] ?? '0', 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return hostname;
}

/** envconfig.Var: spaces, then any quotes around the value, trimmed. */
export function envValue(raw: string): string {
  return raw.trim().replace(/^["']+|["']+$/g, '');
}

/** envconfig.Host: the address Ollama serves on, from OLLAMA_HOST's value (after envValue). */
export function ollamaHost(value: string): OllamaHostParts {
  let defaultPort = DEFAULT_OLLAMA_PORT;
  const text = value.trim();
  const cut = text.indexOf('://');
  let scheme = cut < 0 ? 'http' : text.slice(0, cut);
  let rest = cut < 0 ? text : text.slice(cut + 3);
  if (cut < 0 && text === 'ollama.com') {
    scheme = 'https';
    rest = 'ollama.com:443';
  } else if (cut >= 0 && scheme === 'http') defaultPort = '80';
  else if (cut >= 0 && scheme === 'https') defaultPort = '443';
  const slash = rest.indexOf('/');
  const hostPortText = slash < 0 ? rest : rest.slice(0, slash);
  const path = slash < 0 ? '' : rest.slice(slash + 1);
  let split = splitHostPort(hostPortText);
  if (!split) {
    split = { host: '127.0.0.1', port: defaultPort };
    const ip = canonicalIp(hostPortText.replace(/^[[\]]+|[[\]]+$/g, ''));
    if (ip !== undefined) split.host = ip;
    else if (hostPortText !== '') split.host = hostPortText;
  }
  // strconv.ParseInt(port, 10, 32), then 0..65535; otherwise Ollama warns and uses the default.
  const port = /^[+-]?\d+$/.test(split.port) ? Number(split.port) : Number.NaN;
  if (!(port >= 0 && port <= 65_535)) split.port = defaultPort;
  return { scheme, hostPort: joinHostPort(split.host, split.port), path };
}

/** envconfig.ConnectableHost: an unspecified address (0.0.0.0, ::) becomes loopback. */
export function connectableOllamaHost(value: string): OllamaHostParts {
  const parts = ollamaHost(value);
  const split = splitHostPort(parts.hostPort);
  if (!split) return parts;
  const ip = canonicalIp(split.host);
  if (ip === '0.0.0.0') return { ...parts, hostPort: joinHostPort('127.0.0.1', split.port) };
  if (ip === '::') return { ...parts, hostPort: joinHostPort('::1', split.port) };
  return parts;
}

/** url.URL.String for the parts Host sets: a path gets its leading slash. */
export function hostString(parts: OllamaHostParts): string {
  const path = parts.path === '' || parts.path.startsWith('/') ? parts.path : `/${parts.path}`;
  return `${parts.scheme}://${parts.hostPort}${path}`;
}

/**
 * The URL a client sends requests to, for a value as OLLAMA_HOST or Settings gives it: Ollama's
 * own reading, an empty host as this computer (Go's dialer and formatHost both do so), no
 * trailing slash. Throws, in words, for what no HTTP client can use.
 */
export function ollamaClientAddress(value: string): string {
  const parts = connectableOllamaHost(envValue(value));
  if (parts.scheme !== 'http' && parts.scheme !== 'https') {
    throw new Error(`it must start with http:// or https://, not ${parts.scheme}://`);
  }
  const split = splitHostPort(parts.hostPort);
  const host = split?.host === '' ? '127.0.0.1' : (split?.host ?? '');
  const port = String(Number(split?.port ?? DEFAULT_OLLAMA_PORT));
  const address = hostString({ ...parts, hostPort: joinHostPort(host, port) }).replace(/\/+$/, '');
  try {
    new URL(address);
  } catch {
    throw new Error('it is not a web address (look for spaces or stray characters)');
  }
  return address;
}
