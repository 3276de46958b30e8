/** Uploading bytes through the contract as the page does (preload/fileUpload.ts). */
import type { Api } from '../../preload/api';
import { uploadFile, type UploadResult } from '../../preload/fileUpload';

export function uploadBytes(api: Api, name: string, bytes: Buffer): Promise<UploadResult> {
  const blob = new Blob([new Uint8Array(bytes)]);
  return uploadFile(api, { name, size: blob.size, slice: (start, end) => blob.slice(start, end) });
}

/** The upload's facts; fails the test with main's sentence when it was refused. */
export async function uploaded(api: Api, name: string, bytes: Buffer) {
  const result = await uploadBytes(api, name, bytes);
  if (!result.ok) throw new Error(`Upload of ${name} refused: ${result.sentence}`);
  return result.facts;
}
