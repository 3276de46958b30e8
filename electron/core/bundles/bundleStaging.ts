/**
 * Where a bundle waits between arriving and being installed: a file copied from disk, or sent by a
 * page in base64 chunks that must arrive in order, is kept under a random id in the staging folder
 * until it is installed or discarded. A few wait at once (the oldest is dropped past that), none
 * over the size Hearth installs, and what a previous run left there is removed at start.
 */
import { randomBytes } from 'node:crypto';
import { constants, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { appendFile, open, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MAX_UPLOAD_CHUNK_BASE64 } from '../../../preload/schemas/bundles';
import { UserFacingError } from '../bridge/errors';
import { MAX_BUNDLE_BYTES } from './bundleArchive';

/** Most bundles staged at once; the oldest is dropped past this. */
export const MAX_STAGED = 8;

export interface Staged {
  path: string;
  fileName: string;
  size: number;
  /** A registry's SHA-256 for the file, in lower case. */
  expectedSha256?: string;
  complete: boolean;
}

export interface UploadChunk {
  stagedId?: string;
  fileName: string;
  offset: number;
  data: string;
}

export interface BundleStaging {
  /** The folder staged files (and bundles being unpacked) live in. */
  folder: string;
  /** Copies a bundle file from disk into staging; returns the id the other calls take. */
  stageFile(path: string, expectedSha256: string | undefined): Promise<string>;
  /** Receives a chunk of a bundle from a page; chunks arrive in order. */
  upload(chunk: UploadChunk): Promise<{ stagedId: string; receivedBytes: number }>;
  /** A staged bundle that arrived whole; a message the user understands if it is gone. */
  entry(id: string): Staged;
  /** Forgets a staged bundle and deletes its file; whether there was one. */
  forget(id: string): Promise<boolean>;
  /** Notes a bundle opened from outside the window, for `takeOpened`. */
  markOpened(id: string): void;
  /** Bundles opened from outside that no window has shown yet; each is handed out once. */
  takeOpened(): string[];
}

export function createBundleStaging(folder: string): BundleStaging {
  // What a previous run left in staging is never needed again.
  rmSync(folder, { recursive: true, force: true });
  const staged = new Map<string, Staged>();
  let opened: string[] = [];

  const newStaging = (fileName: string, expectedSha256: string | undefined): [string, Staged] => {
    mkdirSync(folder, { recursive: true });
    while (staged.size >= MAX_STAGED) {
      const [oldest] = staged.keys();
      if (oldest === undefined) break;
      void forget(oldest);
    }
    const id = randomBytes(16).toString('hex');
    const entry: Staged = {
      path: join(folder, `${id}.mcpb`),
      fileName: basename(fileName).slice(0, 255),
      size: 0,
      complete: false,
      ...(expectedSha256 ? { expectedSha256: expectedSha256.toLowerCase() } : {}),
    };
    staged.set(id, entry);
    return [id, entry];
  };

  const forget = async (id: string) => {
    const entry = staged.get(id);
    staged.delete(id);
    opened = opened.filter((openedId) => openedId !== id);
    if (entry) await rm(entry.path, { force: true });
    return entry !== undefined;
  };

  return {
    folder,
    async stageFile(path, expectedSha256) {
      const source = await openRegularFile(path);
      try {
        const { size } = await source.stat();
        if (size > MAX_BUNDLE_BYTES) throw tooLarge(size);
        const [id, entry] = newStaging(basename(path), expectedSha256);
        // From the handle checked above (the name may point elsewhere by now), as long as it was.
        const bytes =
          size > 0 ? source.createReadStream({ autoClose: false, start: 0, end: size - 1 }) : [];
        await pipeline(bytes, createWriteStream(entry.path));
        entry.size = size;
        entry.complete = true;
        return id;
      } finally {
        await source.close();
      }
    },
    async upload(chunk) {
      const data = Buffer.from(chunk.data, 'base64');
      if (chunk.data.length > MAX_UPLOAD_CHUNK_BASE64)
        throw new UserFacingError('That piece of the file is too large.');
      let id = chunk.stagedId;
      let entry = id === undefined ? undefined : staged.get(id);
      if (id === undefined) {
        [id, entry] = newStaging(chunk.fileName, undefined);
        await writeFile(entry.path, new Uint8Array(0));
      }
      if (!entry)
        throw new UserFacingError('That upload is no longer open. Choose the file again.');
      if (chunk.offset !== entry.size)
        throw new UserFacingError(
          'A piece of the file arrived out of order. Choose the file again.',
        );
      if (entry.size + data.length > MAX_BUNDLE_BYTES) {
        await forget(id);
        throw tooLarge(entry.size + data.length);
      }
      await appendFile(entry.path, data);
      entry.size += data.length;
      entry.complete = true;
      return { stagedId: id, receivedBytes: entry.size };
    },
    entry(id) {
      const entry = staged.get(id);
      if (!entry || !entry.complete)
        throw new UserFacingError('That bundle is no longer open. Open the file again.');
      return entry;
    },
    forget,
    markOpened(id) {
      opened.push(id);
    },
    takeOpened() {
      const waiting = opened.filter((id) => staged.has(id));
      opened = [];
      return waiting;
    },
  };
}

function tooLarge(size: number): UserFacingError {
  return new UserFacingError(
    `The bundle is ${Math.round(size / 1024 / 1024)} MB; Hearth installs bundles up to ${MAX_BUNDLE_BYTES / 1024 / 1024} MB.`,
  );
}

/**
 * Opens `path` only if it is a regular file. A name handed over from outside (a second
 * instance, `--install`, a file association) may be a FIFO or a device: opened the usual way, a
 * FIFO waits for a writer that never comes, holding one of Node's few file threads and so every
 * file task in Hearth. Opened without blocking and checked on the handle, it is refused at once.
 */
async function openRegularFile(path: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    throw new UserFacingError(`Hearth cannot read ${path}.`);
  }
  const stats = await handle.stat().catch(() => undefined);
  if (stats?.isFile()) return handle;
  await handle.close();
  throw new UserFacingError(
    stats?.isDirectory()
      ? `${path} is a folder, not a bundle file (.mcpb).`
      : `${path} is not a regular file (a pipe or a device, say), so Hearth will not read it as a bundle.`,
  );
}
