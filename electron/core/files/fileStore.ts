/**
 * The user's attached files, kept once each in the data folder under the SHA-256 of what is kept
 * (`attachments/<sha256>`, with `<sha256>.json` holding its facts and, for a PDF, `<sha256>.txt`
 * its text). Bytes arrive from the page in chunks (the contract's messages are limited to 1 MiB),
 * in order, into `attachments/incoming/`; only a finished, checked file is renamed into place,
 * so nothing half-written is ever kept. A file is deleted with the last conversation that uses it
 * (`release`), and one uploaded but never sent is swept at a later start.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import {
  appendFile,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import {
  MAX_FILE_BYTES,
  tooLargeSentence,
  UPLOAD_CHUNK_BYTES,
} from '../../../preload/schemas/fileKinds';
import type { FileFacts } from '../../../preload/schemas/files';
import { UserFacingError } from '../bridge/errors';
import { claimedKind } from './fileKinds';
import { warmHelper } from './imageScaler';
import { prepareFile } from './prepareFile';

/** Uploads open at once: a hundred files dropped together wait their turn in the page. */
export const MAX_OPEN_UPLOADS = 16;
/** A file uploaded but never sent is kept this long (a message being written), then swept. */
export const UNSENT_FILE_MS = 24 * 60 * 60 * 1000;

interface Upload {
  name: string;
  declared: number;
  /** Bytes taken: hashed and queued to be written, in the order they came. */
  received: number;
  path: string;
  hash: ReturnType<typeof createHash>;
  /** The writes queued so far; a failed one fails every later chunk and the finish. */
  written: Promise<void>;
}

export interface FileStore {
  folder: string;
  /** Opens an upload of `bytes` bytes; a file over the limit is refused before any byte is sent. */
  begin(name: string, bytes: number): Promise<{ uploadId: string }>;
  /** One chunk, in order; returns the bytes received so far. */
  chunk(uploadId: string, offset: number, data: string): Promise<{ receivedBytes: number }>;
  /** Checks the whole file, keeps it, and returns its facts; a file refused leaves nothing. */
  finish(uploadId: string): Promise<FileFacts>;
  cancel(uploadId: string): Promise<boolean>;
  /**
   * Keeps a file an import brings under the SHA-256 its messages name, checked as an upload is
   * (its kind from its bytes, an image's header); refused when the bytes are not that file or not
   * a kind Hearth takes. A file already kept is left as it is.
   */
  adopt(name: string, sha256: string, data: Buffer): Promise<FileFacts>;
  /** A kept file's facts; a sentence for the user when it is gone. */
  facts(sha256: string, name: string): Promise<FileFacts>;
  /** A kept text file's or PDF's text, at most `maxChars` of it, and its whole length. */
  text(facts: FileFacts, maxChars: number): Promise<{ text: string; chars: number }>;
  /** A kept image's bytes in base64, for a request (read when a message is first sent). */
  imageBase64(sha256: string): string | undefined;
  /** Where a kept file is, for showing it; undefined when it is not kept. */
  pathOf(sha256: string): string | undefined;
  /** Deletes the kept files no conversation uses any more (`inUse` says which still are). */
  release(sha256s: Iterable<string>, inUse: (sha256: string) => boolean): Promise<number>;
  /** At start: deletes files no message uses that are older than UNSENT_FILE_MS. */
  sweep(inUse: (sha256: string) => boolean, now?: number): Promise<number>;
}

const SHA256 = /^[0-9a-f]{64}$/;

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function createFileStore(dataDir: string): FileStore {
  const folder = join(dataDir, 'attachments');
  const incoming = join(folder, 'incoming');
  // What a previous run was receiving when it stopped is never finished now. A data folder
  // Hearth may not write still lets it start: an upload then says why it cannot be kept.
  try {
    rmSync(incoming, { recursive: true, force: true });
    mkdirSync(incoming, { recursive: true });
  } catch {
    // Said by the first upload's own write.
  }
  const uploads = new Map<string, Upload>();
  const keptPath = (sha256: string) => join(folder, sha256);

  const upload = (uploadId: string): Upload => {
    const entry = uploads.get(uploadId);
    if (!entry) throw new UserFacingError('That upload is no longer open. Attach the file again.');
    return entry;
  };
  const drop = async (uploadId: string) => {
    const entry = uploads.get(uploadId);
    uploads.delete(uploadId);
    if (!entry) return false;
    // After the writes queued, or one of them would make the file again.
    await entry.written.catch(() => undefined);
    await rm(entry.path, { force: true });
    return true;
  };
  const remove = async (sha256: string) => {
    await Promise.all(
      ['', '.json', '.txt'].map((suffix) => rm(`${keptPath(sha256)}${suffix}`, { force: true })),
    );
  };

  return {
    folder,
    async begin(name, bytes) {
      if (bytes > MAX_FILE_BYTES) throw new UserFacingError(tooLargeSentence(name, bytes));
      if (uploads.size >= MAX_OPEN_UPLOADS)
        throw new UserFacingError(
          `Hearth is already receiving ${MAX_OPEN_UPLOADS} files; “${name}” can follow when they are in.`,
        );
      const uploadId = randomUUID();
      const path = join(incoming, uploadId);
      try {
        await mkdir(incoming, { recursive: true });
        await writeFile(path, new Uint8Array(0));
      } catch (error) {
        throw new UserFacingError(
          `“${name}” could not be kept: Hearth may not write in its data folder (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
        );
      }
      // An image's scaling helper starts while its bytes arrive (imageScaler.ts).
      if (claimedKind(name) === 'image') warmHelper();
      uploads.set(uploadId, {
        name,
        declared: bytes,
        received: 0,
        path,
        hash: createHash('sha256'),
        written: Promise.resolve(),
      });
      return { uploadId };
    },
    async chunk(uploadId, offset, data) {
      const entry = upload(uploadId);
      const bytes = Buffer.from(data, 'base64');
      // Taken at once, in the order chunks come (the page sends a few before it waits), and
      // written in that order after the writes already queued.
      if (offset !== entry.received)
        throw new UserFacingError(
          `A piece of “${entry.name}” arrived out of order. Attach the file again.`,
        );
      if (bytes.length > UPLOAD_CHUNK_BYTES || entry.received + bytes.length > entry.declared) {
        await drop(uploadId);
        throw new UserFacingError(
          `“${entry.name}” is longer than it said it was, so it was not kept.`,
        );
      }
      entry.hash.update(bytes);
      entry.received += bytes.length;
      const receivedBytes = entry.received;
      entry.written = entry.written.then(() => appendFile(entry.path, bytes));
      try {
        await entry.written;
      } catch (error) {
        await drop(uploadId);
        throw new UserFacingError(`“${entry.name}” could not be kept: ${(error as Error).message}`);
      }
      return { receivedBytes };
    },
    async finish(uploadId) {
      const entry = upload(uploadId);
      if (entry.received !== entry.declared)
        throw new UserFacingError(`“${entry.name}” did not arrive whole. Attach the file again.`);
      uploads.delete(uploadId);
      const scratch = `${entry.path}.prepared`;
      try {
        await entry.written.catch((error: unknown) => {
          throw new UserFacingError(
            `“${entry.name}” could not be kept: ${(error as Error).message}`,
          );
        });
        const prepared = await prepareFile(entry.path, entry.name, entry.received, scratch);
        if (!prepared.ok) throw new UserFacingError(prepared.sentence);
        const kept = prepared.replacement?.path ?? entry.path;
        const sha256 = prepared.replacement ? await sha256Of(kept) : entry.hash.digest('hex');
        const facts: FileFacts = { ...prepared.facts, sha256 };
        // Facts and text first, the file last: a kept file always has its facts beside it.
        await writeFile(`${keptPath(sha256)}.json`, JSON.stringify(facts));
        if (prepared.text !== undefined) await writeFile(`${keptPath(sha256)}.txt`, prepared.text);
        await rename(kept, keptPath(sha256));
        return facts;
      } finally {
        await Promise.all([rm(entry.path, { force: true }), rm(scratch, { force: true })]);
      }
    },
    cancel: drop,
    async adopt(name, sha256, data) {
      if (!SHA256.test(sha256) || createHash('sha256').update(data).digest('hex') !== sha256)
        throw new UserFacingError(`“${name}” in this file is not the file its messages name.`);
      if (await stat(keptPath(sha256)).catch(() => undefined)) return this.facts(sha256, name);
      if (data.length > MAX_FILE_BYTES)
        throw new UserFacingError(tooLargeSentence(name, data.length));
      const path = join(incoming, randomUUID());
      const scratch = `${path}.prepared`;
      try {
        await writeFile(path, data);
        const prepared = await prepareFile(path, name, data.length, scratch);
        if (!prepared.ok) throw new UserFacingError(prepared.sentence);
        // What was kept is kept as it was: an image already scaled is not scaled again.
        const facts: FileFacts = { ...prepared.facts, bytes: data.length, sha256 };
        await writeFile(`${keptPath(sha256)}.json`, JSON.stringify(facts));
        if (prepared.text !== undefined) await writeFile(`${keptPath(sha256)}.txt`, prepared.text);
        await rename(path, keptPath(sha256));
        return facts;
      } finally {
        await Promise.all([rm(path, { force: true }), rm(scratch, { force: true })]);
      }
    },
    async facts(sha256, name) {
      try {
        if (!SHA256.test(sha256)) throw new Error('not a file id');
        await stat(keptPath(sha256));
        return JSON.parse(await readFile(`${keptPath(sha256)}.json`, 'utf8')) as FileFacts;
      } catch {
        throw new UserFacingError(`“${name}” is no longer kept by Hearth. Attach it again.`);
      }
    },
    async text(facts, maxChars) {
      const path = facts.kind === 'pdf' ? `${keptPath(facts.sha256)}.txt` : keptPath(facts.sha256);
      // Four bytes a character at most: never more of a large file than the model could get.
      const handle = await open(path, 'r');
      try {
        const buffer = Buffer.alloc(Math.min((await handle.stat()).size, maxChars * 4));
        await handle.read(buffer, 0, buffer.length, 0);
        const text = buffer.toString('utf8').slice(0, maxChars);
        return { text, chars: facts.chars ?? text.length };
      } finally {
        await handle.close();
      }
    },
    imageBase64(sha256) {
      if (!SHA256.test(sha256)) return undefined;
      try {
        return readFileSync(keptPath(sha256)).toString('base64');
      } catch {
        return undefined;
      }
    },
    pathOf: (sha256) => (SHA256.test(sha256) ? keptPath(sha256) : undefined),
    async release(sha256s, inUse) {
      let removed = 0;
      for (const sha256 of new Set(sha256s)) {
        if (!SHA256.test(sha256) || inUse(sha256)) continue;
        await remove(sha256);
        removed++;
      }
      return removed;
    },
    async sweep(inUse, now = Date.now()) {
      let removed = 0;
      for (const name of await readdir(folder)) {
        if (!SHA256.test(name) || inUse(name)) continue;
        const kept = await stat(join(folder, name)).catch(() => undefined);
        if (kept && now - kept.mtimeMs < UNSENT_FILE_MS) continue;
        await remove(name);
        removed++;
      }
      return removed;
    },
  };
}
