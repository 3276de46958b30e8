/**
 * The sandbox page an MCP App runs in, as the reference host builds it: a page on an origin of
 * its own (a second loopback port in the browser host, the `hearth-app` scheme in the desktop
 * app), served with the CSP the app's resource declared, that relays JSON-RPC messages between
 * Hearth's page and an inner frame holding the app's HTML. Both hosts serve exactly this page;
 * nothing else is on that origin.
 */
import type { AppCsp } from '../../../../../preload/schemas/apps';

/** The desktop app's scheme for the sandbox origin (never the scheme of Hearth's own pages). */
export const APP_SANDBOX_SCHEME = 'hearth-app';
export const APP_SANDBOX_ORIGIN = `${APP_SANDBOX_SCHEME}://sandbox`;

/**
 * The `sandbox` attribute of both frames. Scripts and forms run; nothing may navigate the top
 * page, open windows or popups, or leave the frame by downloads or modals.
 */
export const APP_SANDBOX_FLAGS = 'allow-scripts allow-same-origin allow-forms';

/** Sources Hearth's own page may frame: the sandbox origins only (a <meta> CSP cannot name the port). */
export const APP_FRAME_SOURCES_FOR_META = [
  'http://127.0.0.1:*',
  'http://localhost:*',
  `${APP_SANDBOX_ORIGIN}`,
];

/** The Content-Security-Policy of the sandbox page, and so of the app in it. */
export function appContentSecurityPolicy(csp: AppCsp | undefined, hostOrigins: string[]): string {
  const resource = (csp?.resourceDomains ?? []).join(' ');
  const connect = (csp?.connectDomains ?? []).join(' ');
  const frames = (csp?.frameDomains ?? []).join(' ');
  const base = (csp?.baseUriDomains ?? []).join(' ');
  const directives = [
    // Bundled single-file apps need inline code; the origin is the sandbox's, nothing of Hearth's.
    "default-src 'self' 'unsafe-inline'",
    `script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: data: ${resource}`,
    `style-src 'self' 'unsafe-inline' blob: data: ${resource}`,
    `img-src 'self' data: blob: ${resource}`,
    `font-src 'self' data: blob: ${resource}`,
    `media-src 'self' data: blob: ${resource}`,
    `connect-src 'self' ${connect}`,
    `worker-src 'self' blob: ${resource}`,
    frames ? `frame-src ${frames}` : "frame-src 'none'",
    "object-src 'none'",
    base ? `base-uri ${base}` : "base-uri 'none'",
    // A form posting elsewhere would carry data out past connect-src.
    "form-action 'none'",
    `frame-ancestors ${hostOrigins.join(' ') || "'none'"}`,
  ];
  return directives.map((directive) => directive.trim()).join('; ');
}

/** Headers of the sandbox page: its CSP, never cached (each app has its own), no referrer. */
export function sandboxPageHeaders(
  csp: AppCsp | undefined,
  hostOrigins: string[],
): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': appContentSecurityPolicy(csp, hostOrigins),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}

/**
 * The relay: it tells Hearth's page it is ready, takes the app's HTML from that page only (its
 * origin one of `hostOrigins`), writes it into an inner frame with Hearth's sandbox flags (never
 * more), and passes messages between the two. Messages from anywhere else are dropped.
 */
export function sandboxPageHtml(hostOrigins: string[]): string {
  const config = JSON.stringify({ hosts: hostOrigins, flags: APP_SANDBOX_FLAGS }).replace(
    /</g,
    '\\u003c',
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>App</title>
<style>html,body{margin:0;padding:0;height:100%;background:transparent;overflow:hidden}iframe{border:0;width:100%;height:100%;display:block}</style>
</head><body><script>
(() => {
  const config = ${config};
  const allowedFlags = new Set(config.flags.split(' '));
  let host;
  let inner;
  const own = location.origin;
  const toHost = (message) => { if (host) window.parent.postMessage(message, host); };
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (!data || typeof data !== 'object' || data.jsonrpc !== '2.0') return;
    if (event.source === window.parent) {
      if (host === undefined) {
        if (!config.hosts.includes(event.origin)) return;
        host = event.origin;
      }
      if (event.origin !== host) return;
      if (data.method === 'ui/notifications/sandbox-resource-ready') {
        if (inner) return;
        const params = data.params || {};
        inner = document.createElement('iframe');
        const asked = typeof params.sandbox === 'string' ? params.sandbox.split(/\\s+/) : [];
        inner.setAttribute('sandbox', asked.filter((flag) => allowedFlags.has(flag)).join(' ') || config.flags);
        const allow = [];
        const permissions = params.permissions || {};
        if (permissions.camera) allow.push('camera');
        if (permissions.microphone) allow.push('microphone');
        if (permissions.geolocation) allow.push('geolocation');
        if (permissions.clipboardWrite) allow.push('clipboard-write');
        if (allow.length) inner.setAttribute('allow', allow.join('; '));
        inner.title = 'App content';
        document.body.appendChild(inner);
        const doc = inner.contentDocument;
        if (doc && typeof params.html === 'string') {
          doc.open();
          doc.write(params.html);
          doc.close();
        } else if (typeof params.html === 'string') {
          inner.srcdoc = params.html;
        }
        return;
      }
      if (inner && inner.contentWindow) inner.contentWindow.postMessage(data, own);
    } else if (inner && event.source === inner.contentWindow && event.origin === own) {
      if (typeof data.method === 'string' && data.method.startsWith('ui/notifications/sandbox-')) return;
      toHost(data);
    }
  });
  const ready = { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} };
  // Only the page whose origin is Hearth's receives it: postMessage drops a mismatched target.
  for (const origin of config.hosts) window.parent.postMessage(ready, origin);
})();
</script></body></html>
`;
}
