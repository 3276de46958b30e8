/**
 * The browser host's sandbox origin for MCP Apps: a second listener on 127.0.0.1 (its own port,
 * so its own origin) that serves one thing, the sandbox page of an app Hearth opened, with that
 * app's CSP. It needs no token: a page here is useless without Hearth's page framing it, and the
 * app ids are unguessable and live only while the app is shown.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerSandboxRequest } from '../apps/sandboxRoute';
import type { Core } from '../createCore';
import type { Logger } from '../logger';

export interface AppSandbox {
  origin: string;
  close(): Promise<void>;
}

export async function startAppSandbox(options: {
  core: Pick<Core, 'apps'>;
  hostOrigins: string[];
  logger: Logger;
}): Promise<AppSandbox> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const answer =
      request.headers.host === host
        ? answerSandboxRequest(
            options.core.apps,
            request.method ?? 'GET',
            new URL(request.url ?? '/', origin).pathname,
          )
        : { status: 403, headers: { 'Content-Type': 'text/plain' }, body: 'Forbidden.\n' };
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
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
