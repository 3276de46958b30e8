/**
 * A received file checked and made ready to keep: its kind from its bytes (fileKinds.ts), then an
 * image's size from its header and a scaled copy when it is large, a PDF's text, or a text file
 * read through as UTF-8. Every refusal is one sentence naming the file.
 */
import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import type { FileFacts } from '../../../preload/schemas/files';
import { SNIFF_BYTES, sniffFile } from './fileKinds';
import { prepareImage } from './imageScaling';
import { pdfText } from './pdfText';

export type PreparedFile =
  | {
      ok: true;
      facts: Omit<FileFacts, 'sha256'>;
      /** A file to keep instead of the one received (a scaled image), and its size. */
      replacement?: { path: string; bytes: number };
      /** A PDF's text, kept beside it. */
      text?: string;
    }
  | { ok: false; sentence: string };

/** `scratchPath` is where a replacement may be written (it is the caller's to remove). */
export async function prepareFile(
  path: string,
  name: string,
  size: number,
  scratchPath: string,
): Promise<PreparedFile> {
  if (size === 0) return { ok: false, sentence: `“${name}” is empty.` };
  const sniffed = sniffFile(name, await readHead(path), size);
  if (!sniffed.ok) return sniffed;
  const facts = {
    kind: sniffed.kind,
    mimeType: sniffed.mimeType,
    bytes: size,
    originalBytes: size,
  };
  if (sniffed.kind === 'image') {
    const image = await prepareImage(path, name, sniffed.mimeType, scratchPath);
    if (!image.ok) return image;
    const replaced = image.rewritten ? (await stat(scratchPath)).size : undefined;
    return {
      ok: true,
      facts: {
        ...facts,
        mimeType: image.mimeType,
        bytes: replaced ?? size,
        width: image.width,
        height: image.height,
        ...(image.scaledFrom ? { scaledFrom: image.scaledFrom } : {}),
      },
      ...(replaced !== undefined ? { replacement: { path: scratchPath, bytes: replaced } } : {}),
    };
  }
  if (sniffed.kind === 'pdf') {
    const read = await pdfText(new Uint8Array(await readFile(path)), name);
    if (!read.ok) return read;
    return { ok: true, facts: { ...facts, chars: read.text.length }, text: read.text };
  }
  const chars = await countUtf8Chars(path);
  if (chars === undefined)
    return {
      ok: false,
      sentence: `“${name}” is not text Hearth can read (it is not UTF-8 throughout), so it was not attached.`,
    };
  return { ok: true, facts: { ...facts, chars } };
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Characters (UTF-16 units, as the model's budget counts them) of a UTF-8 file; undefined if it is not UTF-8 or holds NUL. */
async function countUtf8Chars(path: string): Promise<number | undefined> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let chars = 0;
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
      const text = decoder.decode(chunk as Buffer, { stream: true });
      if (text.includes('\u0000')) return undefined;
      chars += text.length;
    }
    chars += decoder.decode().length;
    return chars;
  } catch {
    return undefined;
  }
}
