/**
 * How the page hands a file to main: its size first (a file over the limit is refused before any
 * byte is read), then its bytes a chunk at a time, each read from the file only when it is sent
 * (a 2 GB file is never in memory), a few chunks ahead of main's answers, then the check that
 * keeps it. The page and the tests use the same steps; a failure or the user's cancel cancels the
 * upload, so nothing half-received stays in main.
 */
import type { Api } from './api';
import type { FileFacts } from './schemas/files';
import {
  MAX_FILE_BYTES,
  tooLargeSentence,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_CHUNKS_IN_FLIGHT,
} from './schemas/fileKinds';

/** What the page has of a file: a `File` or `Blob` has these. */
export interface FileSource {
  readonly name: string;
  readonly size: number;
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

export type UploadResult = { ok: true; facts: FileFacts } | { ok: false; sentence: string };

export async function uploadFile(
  api: Pick<Api, 'files'>,
  file: FileSource,
  onProgress?: (receivedBytes: number) => void,
  /** Aborted: the upload stops before its next chunk and main forgets what it had. */
  signal?: AbortSignal,
): Promise<UploadResult> {
  if (file.size > MAX_FILE_BYTES)
    return { ok: false, sentence: tooLargeSentence(file.name, file.size) };
  let uploadId: string | undefined;
  const inFlight: Promise<unknown>[] = [];
  try {
    const id = (await api.files.begin({ name: file.name, bytes: file.size })).uploadId;
    uploadId = id;
    for (let offset = 0; offset < file.size; offset += UPLOAD_CHUNK_BYTES) {
      signal?.throwIfAborted();
      const end = Math.min(file.size, offset + UPLOAD_CHUNK_BYTES);
      const data = base64(new Uint8Array(await file.slice(offset, end).arrayBuffer()));
      inFlight.push(
        api.files.chunk({ uploadId: id, offset, data }).then(({ receivedBytes }) => {
          onProgress?.(receivedBytes);
        }),
      );
      if (inFlight.length >= UPLOAD_CHUNKS_IN_FLIGHT) await inFlight.shift();
    }
    await Promise.all(inFlight);
    signal?.throwIfAborted();
    const facts = await api.files.finish(id);
    uploadId = undefined;
    return { ok: true, facts };
  } catch (error) {
    // Chunks still on their way end with the cancel; their answers no longer matter.
    for (const pending of inFlight) pending.catch(() => undefined);
    if (uploadId) await api.files.cancel(uploadId).catch(() => false);
    return { ok: false, sentence: (error as Error).message };
  }
}

/** Base64 without Node's Buffer (the page has none), in slices so no argument list grows huge. */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}
