/**
 * The Content-Security-Policy of every Hearth page, in one place for both hosts. Scripts come
 * only from the app itself: no inline scripts, no eval, no remote code, no plugins. The
 * development variant adds only what Vite's hot reload needs (an inline preamble and inline
 * styles) and is never served by a built app.
 */
export interface PolicyOptions {
  development?: boolean;
  /** A <meta> tag cannot carry frame-ancestors (browsers ignore it there and warn). */
  forMetaTag?: boolean;
  /** Origins the page may frame: only MCP Apps' sandbox origin; none when left out. */
  frameSources?: string[];
}

export function contentSecurityPolicy(options: PolicyOptions = {}): string {
  const inline = options.development ? " 'unsafe-inline'" : '';
  const directives: Record<string, string> = {
    'default-src': "'none'",
    'script-src': `'self'${inline}`,
    'style-src': `'self'${inline}`,
    'img-src': "'self' data: blob:",
    'font-src': "'self' data:",
    'media-src': "'self' blob:",
    // 'self' covers the browser host's same-origin WebSocket; dev adds Vite's hot-reload socket.
    'connect-src': options.development
      ? "'self' ws: http://localhost:* http://127.0.0.1:*"
      : "'self'",
    'worker-src': "'self'",
    'manifest-src': "'self'",
    'object-src': "'none'",
    'frame-src': options.frameSources?.length ? options.frameSources.join(' ') : "'none'",
    'frame-ancestors': "'none'",
    'base-uri': "'none'",
    'form-action': "'none'",
  };
  if (options.forMetaTag) delete directives['frame-ancestors'];
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/** Headers both hosts send with every page and asset. */
export function securityHeaders(options: PolicyOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
