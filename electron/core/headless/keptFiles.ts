/**
 * The page's address for an attached image, `/files/<sha256>`, so it can show a thumbnail without
 * the bytes crossing the bridge (whose messages are limited to 1 MiB): the browser host serves it
 * behind the launch token like every other request, the desktop app on its `app://hearth`
 * protocol (shell/appProtocol.ts). Only images, with their own type and `nosniff`.
 */
import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { FileStore } from '../files';

export const KEPT_FILE_PATH = /^\/files\/([0-9a-f]{64})$/;

/** A kept image's file and type; undefined for anything else (a PDF, a text, nothing). */
export async function keptImage(
  files: FileStore,
  sha256: string,
): Promise<{ path: string; mimeType: string; bytes: number } | undefined> {
  const facts = await files.facts(sha256, 'file').catch(() => undefined);
  const path = files.pathOf(sha256);
  if (!facts || facts.kind !== 'image' || !path) return undefined;
  return { path, mimeType: facts.mimeType, bytes: facts.bytes };
}

export async function serveKeptImage(
  files: FileStore,
  sha256: string,
  response: ServerResponse,
  headers: Record<string, string>,
): Promise<void> {
  const image = await keptImage(files, sha256);
  if (!image) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
    response.end('Not found.\n');
    return;
  }
  response.writeHead(200, {
    ...headers,
    'Content-Type': image.mimeType,
    'Content-Length': String(image.bytes),
    'X-Content-Type-Options': 'nosniff',
    // Named by its content: the same address always means the same bytes.
    'Cache-Control': 'private, max-age=31536000, immutable',
  });
  createReadStream(image.path).pipe(response);
}
