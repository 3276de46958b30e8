/**
 * The browser host's address for an attached image, `/files/<sha256>`, so the page can show a
 * thumbnail without the bytes crossing the bridge (whose messages are limited to 1 MiB). Behind
 * the launch token like every other request; only images, with their own type and `nosniff`.
 */
import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { FileStore } from '../files';

export const KEPT_FILE_PATH = /^\/files\/([0-9a-f]{64})$/;

export async function serveKeptImage(
  files: FileStore,
  sha256: string,
  response: ServerResponse,
  headers: Record<string, string>,
): Promise<void> {
  const facts = await files.facts(sha256, 'file').catch(() => undefined);
  const path = files.pathOf(sha256);
  if (!facts || facts.kind !== 'image' || !path) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
    response.end('Not found.\n');
    return;
  }
  response.writeHead(200, {
    ...headers,
    'Content-Type': facts.mimeType,
    'Content-Length': String(facts.bytes),
    'X-Content-Type-Options': 'nosniff',
    // Named by its content: the same address always means the same bytes.
    'Cache-Control': 'private, max-age=31536000, immutable',
  });
  createReadStream(path).pipe(response);
}
