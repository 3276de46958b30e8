/**
 * The browser host's sandbox origin for MCP Apps: a second listener on 127.0.0.1 (its own port,
 * so its own origin) that serves one thing, the sandbox page of an app Hearth opened, with that
 * app's CSP. It needs no token: a page here is useless without Hearth's page framing it, and the
 * app ids are unguessable and live only while the app is shown.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Core } from '../createCore';
import type { Logger } from '../logger';

export interface AppSandbox {
  origin: string;
  close(): Promise<void>;
}

const APP_PATH = /^\/app\/([A-Za-z0-9_-]{1,128})$/;

export async function startAppSandbox(options: {
  core: Pick<Core, 'apps'>;
  hostOrigins: string[];
  logger: Logger;
}): Promise<AppSandbox> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const refuse = (status: number, body: string) => {
      response.writeHead(status, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
        'X-Content-Type-Options': 'nosniff',
      });
      response.end(body);
    };
    if (request.headers.host !== host) return refuse(403, 'Forbidden: unexpected Host.\n');
    if (request.method !== 'GET') return refuse(405, 'Method not allowed.\n');
    const match = APP_PATH.exec(new URL(request.url ?? '/', origin).pathname);
    const page = match?.[1] ? options.core.apps.sandboxPage(match[1]) : undefined;
    if (!page) return refuse(404, 'Not found.\n');
    response.writeHead(200, page.headers);
    response.end(page.html);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.removeAllListeners('error');
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = `127.0.0.1:${port}`;
  const origin = `http://${host}`;
  options.core.apps.useSandbox({ baseUrl: origin, hostOrigins: options.hostOrigins });
  options.logger.info(`MCP Apps' sandbox origin is ${origin}`);
  return {
    origin,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
