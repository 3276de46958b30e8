/**
 * Sends a bundle file from the page to main in pieces small enough for either bridge (the
 * browser host's WebSocket takes messages up to 1 MB): base64 chunks of 384 KB of file each.
 */
import type { Api } from '../../../../preload/api';

/** File bytes per chunk: 384 KiB is 512 KiB of base64, the contract's cap for one piece. */
export const UPLOAD_CHUNK_BYTES = 384 * 1024;

/** Uploads `file` and returns the staged id; `onProgress` gets the share sent, 0 to 1. */
export async function uploadBundle(
  api: Pick<Api, 'bundles'>,
  file: Blob,
  fileName: string,
  onProgress?: (share: number) => void,
): Promise<string> {
  let stagedId: string | undefined;
  let offset = 0;
  do {
    const piece = new Uint8Array(
      await file.slice(offset, offset + UPLOAD_CHUNK_BYTES).arrayBuffer(),
    );
    const answer = await api.bundles.upload({
      ...(stagedId ? { stagedId } : {}),
      fileName,
      offset,
      data: toBase64(piece),
    });
    stagedId = answer.stagedId;
    offset += piece.length;
    onProgress?.(file.size === 0 ? 1 : offset / file.size);
  } while (offset < file.size);
  return stagedId;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const step = 0x8000;
  for (let index = 0; index < bytes.length; index += step)
    binary += String.fromCharCode(...bytes.subarray(index, index + step));
  return btoa(binary);
}
