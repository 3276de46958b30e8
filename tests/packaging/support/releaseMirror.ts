/**
 * An Electron mirror on loopback for `ELECTRON_MIRROR`, laid out as Electron's release site
 * (`v<version>/<file>`, @electron/get's default `customDir`), serving the files it is given
 * with a SHASUMS256.txt that lists them.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReleaseMirror {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

export async function startReleaseMirror(
  version: string,
  releases: Record<string, Buffer>,
): Promise<ReleaseMirror> {
  const sums = Object.entries(releases)
    .map(([name, bytes]) => `${createHash('sha256').update(bytes).digest('hex')} *${name}\n`)
    .join('');
  const files = new Map<string, Buffer>(
    Object.entries(releases).map(([name, bytes]) => [`/v${version}/${name}`, bytes]),
  );
  files.set(`/v${version}/SHASUMS256.txt`, Buffer.from(sums));
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://mirror').pathname;
    requests.push(path);
    const body = files.get(path);
    if (!body) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    response.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': body.length,
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
