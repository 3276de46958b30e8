/**
 * Files the user attaches to a message: how their bytes reach main (an upload in chunks, each
 * under the contract's 1 MiB message limit), what main keeps of one (its facts), and how a message
 * names the files it carries.
 */
import { z } from 'zod';
import { MAX_FILE_BYTES, UPLOAD_CHUNK_BYTES } from './fileKinds';

/** A stored file's name in the data folder: the SHA-256 of its bytes, in hex. */
export const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'Not a file id.');

/** The name the user's file had: shown on its chip and card, searched, told to the model. */
export const fileNameSchema = z.string().trim().min(1).max(255);

/** What main keeps of a stored file and tells the page: enough for a chip, a card, a thumbnail. */
export const fileFactsSchema = z.strictObject({
  sha256: sha256Schema,
  kind: z.enum(['image', 'pdf', 'text']),
  mimeType: z.string().max(128),
  /** Bytes stored (an image scaled down is stored as scaled). */
  bytes: z.int().nonnegative(),
  /** Bytes of the file as the user gave it. */
  originalBytes: z.int().nonnegative(),
  width: z.int().positive().optional(),
  height: z.int().positive().optional(),
  /** An image scaled down: the size it had. */
  scaledFrom: z.strictObject({ width: z.int().positive(), height: z.int().positive() }).optional(),
  /** A text file or a PDF: characters of its text. */
  chars: z.int().nonnegative().optional(),
});
export type FileFacts = z.output<typeof fileFactsSchema>;

export const uploadIdSchema = z.uuid();

/** An upload is announced with its size, so a file too large is refused before any byte is sent. */
export const uploadBeginSchema = z.strictObject({
  name: fileNameSchema,
  bytes: z.int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});

export const uploadChunkSchema = z.strictObject({
  uploadId: uploadIdSchema,
  /** Where the chunk's bytes go: chunks arrive in order, so this is what main already has. */
  offset: z.int().nonnegative().max(MAX_FILE_BYTES),
  // A plain pattern: zod's base64 check took 20 ms for a chunk of 512 KB.
  data: z
    .string()
    .max(Math.ceil(UPLOAD_CHUNK_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Not base64.'),
});

/** A stored file attached to a message, by id, with the name it had. */
export const fileRefSchema = z.strictObject({ sha256: sha256Schema, name: fileNameSchema });
export type FileRef = z.output<typeof fileRefSchema>;
