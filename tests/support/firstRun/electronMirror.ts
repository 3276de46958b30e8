/**
 * An Electron mirror on loopback, laid out as Electron's release site (`v<version>/<file>`), for
 * `ELECTRON_MIRROR`. It serves a stand-in release: a zip whose `electron` executable writes down
 * how it was launched (working folder, then each argument) and exits, with a `SHASUMS256.txt`
 * that matches it. Or, when told to, it answers 404 to everything.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { storedZip } from './storedZip';

export interface ElectronMirror {
  url: string;
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * The executable: its first line the folder it ran in, the second the dev server's address
 * electron-vite gives the app (empty outside `npm run dev`), then one line per argument.
 */
const RECORDING_EXECUTABLE = `#!/bin/sh
{ pwd; printf '%s\\n' "$ELECTRON_RENDERER_URL"; for argument in "$@"; do printf '%s\\n' "$argument"; done; } > "$HEARTH_TEST_LAUNCH_RECORD"
`;

export function releaseFileName(version: string): string {
  return `electron-v${version}-${process.platform}-${process.arch}.zip`;
}

export async function startElectronMirror(options: {
  version: string;
  answer: 'release' | 'not-found';
}): Promise<ElectronMirror> {
  const zip = storedZip([
    { name: 'electron', data: Buffer.from(RECORDING_EXECUTABLE), mode: 0o755 },
    { name: 'version', data: Buffer.from(options.version) },
    { name: 'LICENSE', data: Buffer.from('A stand-in release for tests.\n') },
  ]);
  const fileName = releaseFileName(options.version);
  const sums = `${createHash('sha256').update(zip).digest('hex')} *${fileName}\n`;
  const files = new Map<string, Buffer>([
    [`/v${options.version}/${fileName}`, zip],
    [`/v${options.version}/SHASUMS256.txt`, Buffer.from(sums)],
  ]);
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://mirror').pathname;
    requests.push(path);
    const body = options.answer === 'release' ? files.get(path) : undefined;
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
