/**
 * The `app://hearth` protocol that serves the built renderer. A custom, privileged scheme gives
 * the pages a real origin to check (unlike `file://`) and lets every response carry the CSP.
 */
import { net, protocol, type Session } from 'electron';
import { pathToFileURL } from 'node:url';
import { securityHeaders } from '../core/security/contentSecurityPolicy';
import { isSameOrigin } from '../core/security/origins';
import { resolveInside } from '../core/security/staticFiles';
import type { AppsService } from '../core/apps/appsService';
import { answerSandboxRequest } from '../core/apps/sandboxRoute';
import { APP_SANDBOX_ORIGIN, APP_SANDBOX_SCHEME } from '../core/mcp';
import type { FileStore } from '../core/files';
import { KEPT_FILE_PATH, keptImage } from '../core/headless/keptFiles';

export const APP_SCHEME = 'app';
export const APP_HOST = 'hearth';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      // V8 keeps the compiled interface between starts, as Chromium does for a web page's
      // scripts (bench: start.url_to_interactive_ms).
      privileges: {
        standard: true,
        secure: true,
        supportFetchAPI: true,
        stream: true,
        codeCache: true,
      },
    },
    // MCP Apps' sandbox origin: a real origin of its own, never Hearth's pages' origin.
    { scheme: APP_SANDBOX_SCHEME, privileges: { standard: true, secure: true } },
  ]);
}

/** Serves MCP Apps' sandbox pages on `hearth-app://sandbox`, each with its app's CSP. */
export function serveAppSandbox(session: Session, apps: Pick<AppsService, 'sandboxPage'>): void {
  session.protocol.handle(APP_SANDBOX_SCHEME, (request) => {
    const url = new URL(request.url);
    // Only the one host: `hearth-app://elsewhere/app/<id>` is not the sandbox origin.
    const path = isSameOrigin(url.href, APP_SANDBOX_ORIGIN) ? url.pathname : '/';
    const answer = answerSandboxRequest(apps, request.method, path);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
}

/** Serves the built renderer, and the user's kept images at `/files/<sha256>` (keptFiles.ts). */
export function serveApp(session: Session, rendererDir: string, files?: FileStore): void {
  const headers = securityHeaders({ frameSources: [APP_SANDBOX_ORIGIN] });
  session.protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const kept = url.host === APP_HOST ? KEPT_FILE_PATH.exec(url.pathname)?.[1] : undefined;
    if (kept && files) {
      const image = await keptImage(files, kept);
      if (!image) return new Response('Not found', { status: 404, headers });
      const response = await net.fetch(pathToFileURL(image.path).toString());
      return new Response(response.body, {
        status: response.status,
        headers: {
          ...headers,
          'Content-Type': image.mimeType,
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, max-age=31536000, immutable',
        },
      });
    }
    const file = url.host === APP_HOST ? resolveInside(rendererDir, url.pathname) : undefined;
    if (!file) return new Response('Not found', { status: 404, headers });
    const response = await net.fetch(pathToFileURL(file).toString());
    const merged = new Headers(response.headers);
    for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    return new Response(response.body, { status: response.status, headers: merged });
  });
}
