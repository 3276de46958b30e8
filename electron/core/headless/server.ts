/**
 * The browser host: serves the built renderer on 127.0.0.1 and carries the contract over one
 * WebSocket, so the real UI runs against the real main-process core in any browser (machines
 * without a display, end-to-end tests). Wire format: preload/wire.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import sirv from 'sirv';
import { WebSocketServer, type WebSocket } from 'ws';
import { BRIDGE_PATH, MAX_WIRE_MESSAGE_BYTES } from '../../../preload/wire';
import type { Sender } from '../bridge/router';
import type { Core } from '../createCore';
import type { Logger } from '../logger';
import { isSameOrigin } from '../security/origins';
import { securityHeaders } from '../security/contentSecurityPolicy';
import { newToken, presentedToken, tokenCookie, tokensMatch } from './auth';
import { startAppSandbox } from './appSandbox';
import { handleSocket } from './socket';
import { KEPT_FILE_PATH, serveKeptImage } from './keptFiles';
import { serveConversationFiles } from './conversationFiles';

export interface HeadlessHostOptions {
  rendererDir: string;
  /** 0 picks a free port. */
  port: number;
  logger: Logger;
  /** Builds the core once the served origin is known; `trust` accepts only that origin. */
  makeCore(trust: (sender: Sender) => boolean): Core;
  token?: string;
}

export interface HeadlessHost {
  /** The address to open, token included. */
  url: string;
  origin: string;
  port: number;
  core: Core;
  /** Settles when the first page connects to the bridge (its first screen is drawn by then). */
  firstPage: Promise<void>;
  close(): Promise<void>;
}

const UNAUTHORIZED =
  'Unauthorized: open the address printed by `npm run serve`, which carries this launch’s token.\n';

export async function startHeadlessHost(options: HeadlessHostOptions): Promise<HeadlessHost> {
  const token = options.token ?? newToken();
  const logger = options.logger;
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `port ${options.port} is already in use; pick another with --port, or leave it out for a free one.`,
            )
          : error,
      ),
    );
    server.listen(options.port, '127.0.0.1', () => {
      server.removeAllListeners('error');
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  const hosts = new Set(origins.map((origin) => new URL(origin).host));
  const isServedOrigin = (url: string) => origins.some((origin) => isSameOrigin(url, origin));
  const core = options.makeCore((sender) => isServedOrigin(sender.url));
  // MCP Apps run on a second loopback origin (another port) that serves only the sandbox page.
  const sandbox = await startAppSandbox({ core, hostOrigins: origins, logger });

  const headers = securityHeaders({ frameSources: [sandbox.origin] });
  const serveFile = sirv(options.rendererDir, {
    etag: true,
    dotfiles: false,
    setHeaders: (response, pathname) => {
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
      response.setHeader('Cache-Control', cacheControlFor(pathname));
    },
  });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!hosts.has(request.headers.host ?? ''))
      return reply(response, 403, 'Forbidden: unexpected Host.\n');
    const presented = presentedToken(request);
    if (!tokensMatch(presented.token, token)) return reply(response, 401, UNAUTHORIZED);
    const files = { transfer: core.transfer, isServedOrigin, logger };
    if (serveConversationFiles(request, response, files)) return;
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return reply(response, 405, 'Method not allowed.\n');
    const pathname = new URL(request.url ?? '/', origins[0]).pathname;
    if (pathname === BRIDGE_PATH) {
      return reply(response, 426, 'This address is for the WebSocket bridge.\n');
    }
    const keptFile = KEPT_FILE_PATH.exec(pathname)?.[1];
    if (keptFile) return void serveKeptImage(core.files, keptFile, response, headers);
    if (presented.fromQuery) response.setHeader('Set-Cookie', tokenCookie(token));
    serveFile(request, response, () => reply(response, 404, 'Not found.\n'));
  });

  let pageConnected: () => void = () => undefined;
  const firstPage = new Promise<void>((resolve) => (pageConnected = resolve));
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_WIRE_MESSAGE_BYTES });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = refuseUpgrade(request, { hosts, token, isServedOrigin });
    if (refusal) {
      logger.warn(`Refused a bridge connection: ${refusal.reason}`);
      socket.end(`HTTP/1.1 ${refusal.status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws: WebSocket) => {
      handleSocket(ws, { core, sender: { url: request.headers.origin ?? '' }, logger });
      pageConnected();
    });
  });

  return {
    url: `${origins[0]}/?token=${token}`,
    origin: origins[0] ?? '',
    port,
    core,
    firstPage,
    async close() {
      await sandbox.close();
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function refuseUpgrade(
  request: IncomingMessage,
  checks: { hosts: Set<string>; token: string; isServedOrigin: (url: string) => boolean },
): { status: string; reason: string } | undefined {
  if (new URL(request.url ?? '/', 'http://placeholder').pathname !== BRIDGE_PATH) {
    return { status: '404 Not Found', reason: `unknown path ${request.url?.slice(0, 100)}` };
  }
  if (!checks.hosts.has(request.headers.host ?? ''))
    return { status: '403 Forbidden', reason: 'unexpected Host' };
  if (!tokensMatch(presentedToken(request).token, checks.token)) {
    return { status: '401 Unauthorized', reason: 'missing or wrong token' };
  }
  const origin = request.headers.origin;
  if (!origin || !checks.isServedOrigin(origin)) {
    return {
      status: '403 Forbidden',
      reason: `Origin ${origin?.slice(0, 100) ?? '(none)'} is not Hearth's page`,
    };
  }
  return undefined;
}

function reply(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...securityHeaders() });
  response.end(body);
}

/**
 * The build names every script and stylesheet under `assets/` by a hash of its content, so a
 * browser keeps them, and the code V8 compiled from them, until the page names others: a later
 * open asks the host only for the page (bench: start.url_to_interactive_ms). Everything else is
 * asked for again each time, so an updated Hearth shows at once.
 */
export function cacheControlFor(pathname: string): string {
  return /^\/assets\/[^/]+-[\w-]{8}\.(?:js|css|woff2?)$/.test(pathname)
    ? 'private, max-age=31536000, immutable'
    : 'no-cache';
}
