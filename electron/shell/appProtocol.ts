/**
 * The `app://hearth` protocol that serves the built renderer. A custom, privileged scheme gives
 * the pages a real origin to check (unlike `file://`) and lets every response carry the CSP.
 */
import { net, protocol, type Session } from 'electron';
import { pathToFileURL } from 'node:url';
import { securityHeaders } from '../core/security/contentSecurityPolicy';
import { resolveInside } from '../core/security/staticFiles';

export const APP_SCHEME = 'app';
export const APP_HOST = 'hearth';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true },
    },
  ]);
}

export function serveApp(session: Session, rendererDir: string): void {
  const headers = securityHeaders();
  session.protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = url.host === APP_HOST ? resolveInside(rendererDir, url.pathname) : undefined;
    if (!file) return new Response('Not found', { status: 404, headers });
    const response = await net.fetch(pathToFileURL(file).toString());
    const merged = new Headers(response.headers);
    for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    return new Response(response.body, { status: response.status, headers: merged });
  });
}
