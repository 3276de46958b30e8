/**
 * The browser host's stand-in for the desktop's save and open dialogs: the page downloads an
 * export from EXPORT_PATH and uploads an import to IMPORT_PATH. Both sit behind the launch token
 * like every address of the host (server.ts checks it first); an upload must also come from the
 * served page's origin. An export streams straight into the response; an upload streams to a
 * file of its own, cut off past the import limit, and is imported from there.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { UserFacingError } from '../bridge/errors';
import type { Logger } from '../logger';
import {
  EXPORT_PATH,
  exportFileName,
  IMPORT_PATH,
  MAX_IMPORT_BYTES,
  summarySentence,
  type ConversationTransfer,
} from '../history';
import { securityHeaders } from '../security/contentSecurityPolicy';

/** True when the request was one of these addresses' and has been answered. */
export function serveConversationFiles(
  request: IncomingMessage,
  response: ServerResponse,
  context: { transfer: ConversationTransfer; isServedOrigin(url: string): boolean; logger: Logger },
): boolean {
  const url = new URL(request.url ?? '/', 'http://placeholder');
  if (url.pathname === EXPORT_PATH && request.method === 'GET') {
    void download(url, response, context);
    return true;
  }
  if (url.pathname === IMPORT_PATH && request.method === 'POST') {
    if (!context.isServedOrigin(request.headers.origin ?? ''))
      answer(response, 403, { error: 'Imports are taken only from Hearth’s own page.' });
    else void upload(request, response, context);
    return true;
  }
  return false;
}

async function download(
  url: URL,
  response: ServerResponse,
  context: { transfer: ConversationTransfer; logger: Logger },
): Promise<void> {
  const format = url.searchParams.get('format');
  if (format !== 'json' && format !== 'markdown')
    return answer(response, 400, { error: 'Say which format to export: json or markdown.' });
  const id = url.searchParams.get('conversationId');
  response.writeHead(200, {
    ...securityHeaders(),
    'Content-Type':
      format === 'json' ? 'application/json; charset=utf-8' : 'text/markdown; charset=utf-8',
    'Content-Disposition': `attachment; filename="${exportFileName(format, new Date())}"`,
    'Cache-Control': 'no-store',
  });
  try {
    await context.transfer.exportInto(response, { format, ...(id ? { ids: [id] } : {}) });
  } catch (error) {
    // The headers are gone: a download cut short is all the browser can be shown.
    context.logger.warn('An export download ended early', error);
    response.destroy();
  }
}

async function upload(
  request: IncomingMessage,
  response: ServerResponse,
  context: { transfer: ConversationTransfer; logger: Logger },
): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'hearth-import-'));
  const file = join(folder, 'import.json');
  try {
    let received = 0;
    const capped = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > MAX_IMPORT_BYTES)
          done(
            new UserFacingError(
              `This file is larger than ${MAX_IMPORT_BYTES / (1024 * 1024)} MB, more than Hearth imports at once; nothing was imported.`,
            ),
          );
        else done(null, chunk);
      },
    });
    await pipeline(request, capped, createWriteStream(file));
    const summary = await context.transfer.importFrom(file);
    answer(response, 200, { outcome: 'imported', summary, sentence: summarySentence(summary) });
  } catch (error) {
    if (!(error instanceof UserFacingError)) context.logger.warn('An import upload failed', error);
    const sentence =
      error instanceof UserFacingError
        ? error.message
        : 'The file did not arrive whole; nothing was imported. Try again.';
    answer(response, error instanceof UserFacingError ? 422 : 400, { error: sentence });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) return void response.end();
  response.writeHead(status, {
    ...securityHeaders(),
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end(JSON.stringify(body));
}
