/**
 * Downloads the `.mcpb` file a registry entry points to, for the bundle installer to check (its
 * manifest, its signature, and the entry's `fileSha256`) like any bundle the user opens. Only
 * https addresses are fetched (http only on this computer's loopback, for a local registry), the
 * size is capped as the installer caps it, and a slow or failed download is one sentence.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserFacingError } from '../bridge/errors';
import { MAX_BUNDLE_BYTES } from '../bundles/bundleArchive';
import type { FetchLike } from './registryClient';

/** A bundle is a few megabytes; two minutes leave room for a slow line. */
export const BUNDLE_DOWNLOAD_TIMEOUT_MS = 120_000;

export interface DownloadedBundle {
  path: string;
  /** Removes the downloaded file (the installer keeps its own copy). */
  dispose(): Promise<void>;
}

export async function downloadBundle(
  url: string,
  options: { fetch?: FetchLike; timeoutMs?: number; maxBytes?: number } = {},
): Promise<DownloadedBundle> {
  const address = checkedAddress(url);
  const maxBytes = options.maxBytes ?? MAX_BUNDLE_BYTES;
  const fetcher: FetchLike = options.fetch ?? ((target, init) => fetch(target, init));
  const failed = (error: unknown) =>
    error instanceof UserFacingError
      ? error
      : new UserFacingError(
          error instanceof Error && error.name === 'TimeoutError'
            ? `The bundle at ${address.host} took too long to download. Nothing was installed.`
            : `The bundle at ${address.host} could not be downloaded. Nothing was installed.`,
        );
  let response: Response;
  try {
    response = await fetcher(address.toString(), {
      signal: AbortSignal.timeout(options.timeoutMs ?? BUNDLE_DOWNLOAD_TIMEOUT_MS),
      redirect: 'follow',
    });
  } catch (error) {
    throw failed(error);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new UserFacingError(
      `The bundle at ${address.host} could not be downloaded (${response.status}). Nothing was installed.`,
    );
  }
  const folder = await mkdtemp(join(tmpdir(), 'hearth-registry-bundle-'));
  // The file keeps its published name (the installer shows it), when it is a plain one.
  const published = decodeURIComponent(address.pathname.split('/').pop() ?? '');
  const path = join(
    folder,
    /^[\w.-]{1,100}\.(mcpb|dxt)$/i.test(published) ? published : 'bundle.mcpb',
  );
  const dispose = () => rm(folder, { recursive: true, force: true });
  try {
    await writeCapped(response.body, path, maxBytes);
  } catch (error) {
    // A body that stops coming (or a connection cut half-way) is said like a failed start.
    await dispose();
    throw failed(error);
  }
  return { path, dispose };
}

function checkedAddress(url: string): URL {
  if (!URL.canParse(url)) throw new UserFacingError('The entry’s bundle address is not a URL.');
  const address = new URL(url);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(address.hostname);
  if (address.protocol !== 'https:' && !(address.protocol === 'http:' && loopback)) {
    throw new UserFacingError('Hearth downloads bundles only over https.');
  }
  return address;
}

async function writeCapped(
  body: ReadableStream<Uint8Array>,
  path: string,
  maxBytes: number,
): Promise<void> {
  const file = createWriteStream(path);
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new UserFacingError(
          `The bundle is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the most Hearth installs. Nothing was installed.`,
        );
      }
      if (!file.write(value))
        await new Promise<void>((resolve) => file.once('drain', () => resolve()));
    }
  } finally {
    await new Promise<void>((resolve, reject) => {
      file.once('error', reject);
      file.end(() => resolve());
    });
  }
}
