/**
 * The long conversation's pictures: in each run of IMAGE_EVERY messages, the first question the
 * user asks carries a PNG, kept as the app keeps one the user attaches. The file goes to the data
 * folder's file store a chunk at a time (begin, chunk, finish, so its facts are the ones the
 * store checks and writes) and onto the message through the chat service's own
 * `fileAttachments`, so the message holds what a sent one holds. Each picture is a different
 * pattern drawn from its number, the same at every run, so the page reads every thumbnail from
 * /files/<sha256> rather than once from its cache.
 */
import sharp from 'sharp';
import { UPLOAD_CHUNK_BYTES } from '../../preload/schemas/fileKinds';
import type { FileFacts } from '../../preload/schemas/files';
import { fileAttachments } from '../../electron/core/chat/service/fileAttachments';
import { createFileStore, type FileStore } from '../../electron/core/files';
import type { NewMessage } from '../../electron/core/history/types';

/** One message in this many carries an image. */
export const IMAGE_EVERY = 50;
const WIDTH = 640;
const HEIGHT = 480;

/** A 640×480 PNG of diagonal bands over a gradient, their colours and width set by `number`. */
export function patternImage(number: number): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const band = 12 + (number % 7) * 6;
  const hue = [(number * 53) % 256, (number * 97) % 256, (number * 151) % 256];
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const inBand = Math.floor((x + y) / band) % 2 === 0;
      const at = (y * WIDTH + x) * 3;
      for (let channel = 0; channel < 3; channel++) {
        const shade = ((hue[channel] ?? 0) + (x >> 2) + channel * (y >> 2)) % 256;
        pixels[at + channel] = inBand ? shade : 255 - shade;
      }
    }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png()
    .toBuffer();
}

/** Uploads `bytes` as the page does: announced, sent in chunks in order, then checked and kept. */
async function keep(store: FileStore, name: string, bytes: Buffer): Promise<FileFacts> {
  const { uploadId } = await store.begin(name, bytes.length);
  for (let offset = 0; offset < bytes.length; offset += UPLOAD_CHUNK_BYTES) {
    const piece = bytes.subarray(offset, offset + UPLOAD_CHUNK_BYTES);
    await store.chunk(uploadId, offset, piece.toString('base64'));
  }
  return store.finish(uploadId);
}

/**
 * `messages` with an image on the first user message of every IMAGE_EVERY, each kept in
 * `dataDir` (the folder the browser host then opens).
 */
export async function withImages(
  dataDir: string,
  messages: readonly NewMessage[],
): Promise<NewMessage[]> {
  const store = createFileStore(dataDir);
  const result = [...messages];
  let lastRun = -1;
  let number = 0;
  for (const [index, message] of result.entries()) {
    const run = Math.floor(index / IMAGE_EVERY);
    if (message.role !== 'user' || run === lastRun) continue;
    lastRun = run;
    const name = `photo-${number}.png`;
    const facts = await keep(store, name, await patternImage(number++));
    const attachments = await fileAttachments(store, [{ sha256: facts.sha256, name }]);
    result[index] = { ...message, attachments };
  }
  return result;
}
