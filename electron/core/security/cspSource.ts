/**
 * Whether a URL matches a CSP host-source such as `https://*.example.com:8443/maps/`, as a
 * browser matches `frame-src` (CSP Level 3, "Does url match expression in origin": scheme-part,
 * host-part, port-part and path-part matching). The desktop app checks an MCP App's nested frames
 * with it, so they may go exactly where the browser host's CSP lets them: nowhere else.
 */

const SOURCE = /^([a-z][a-z0-9+.-]*):\/\/(\*|(?:\*\.)?[^/:]+)(?::(\d{1,5}|\*))?(\/[^?#]*)?$/i;

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443', ws: '80', wss: '443' };

/** Scheme-part matching: a source's `http` also allows `https`, `ws` also `wss`, `http(s)`. */
function schemeMatches(source: string, actual: string): boolean {
  if (source === actual) return true;
  if (source === 'http') return actual === 'https';
  if (source === 'ws') return ['wss', 'http', 'https'].includes(actual);
  if (source === 'wss') return actual === 'https';
  return false;
}

function hostMatches(source: string, actual: string): boolean {
  if (source === '*') return true;
  // `*.example.com` is any subdomain of example.com, never example.com itself.
  if (source.startsWith('*.')) return actual.endsWith(source.slice(1));
  return source === actual;
}

/** No port in the source means the URL's scheme's default port; 80 also allows the upgrade to 443. */
function portMatches(source: string | undefined, actual: string, urlScheme: string): boolean {
  if (source === '*') return true;
  if (source === undefined) return actual === DEFAULT_PORTS[urlScheme];
  return source === actual || (source === '80' && actual === '443');
}

/** A path ending in `/` is a folder (a prefix); any other path must match exactly. */
function pathMatches(source: string | undefined, actual: string): boolean {
  if (!source || source === '/') return true;
  const decode = (path: string) => {
    try {
      return decodeURIComponent(path);
    } catch {
      return path;
    }
  };
  return source.endsWith('/')
    ? decode(actual).startsWith(decode(source))
    : decode(actual) === decode(source);
}

export function matchesCspSource(url: string, source: string): boolean {
  const parts = SOURCE.exec(source.trim());
  if (!parts) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const scheme = parsed.protocol.replace(/:$/, '');
  const [, sourceScheme = '', sourceHost = '', sourcePort, sourcePath] = parts;
  const port = parsed.port || DEFAULT_PORTS[scheme] || '';
  return (
    schemeMatches(sourceScheme.toLowerCase(), scheme) &&
    hostMatches(sourceHost.toLowerCase(), parsed.hostname.toLowerCase()) &&
    portMatches(sourcePort, port, scheme) &&
    pathMatches(sourcePath, parsed.pathname)
  );
}

/** Whether `url` matches any of `sources`. */
export function matchesAnyCspSource(url: string, sources: readonly string[]): boolean {
  return sources.some((source) => matchesCspSource(url, source));
}
