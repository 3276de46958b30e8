/**
 * What a file is, from its first bytes rather than its name: images and PDFs by their magic
 * numbers, text as UTF-8 without NUL bytes. A name that claims another kind than the bytes show
 * is refused, so a renamed archive never reaches the PDF or image code as one.
 */
import { FILE_KINDS, FILE_KINDS_IN_WORDS, type FileKind } from '../../../preload/schemas/fileKinds';

/** Bytes read to tell a file's kind: magic numbers, and enough text to judge its encoding. */
export const SNIFF_BYTES = 64 * 1024;

export type Sniffed =
  { ok: true; kind: FileKind; mimeType: string } | { ok: false; sentence: string };

/** Magic numbers (the formats' own specifications: PNG §5.2, JFIF/EXIF SOI, GIF87a/89a, RIFF WEBP, PDF §7.5.2). */
const SIGNATURES: readonly { mimeType: string; kind: FileKind; matches(head: Buffer): boolean }[] =
  [
    {
      mimeType: 'image/png',
      kind: 'image',
      matches: (head) => head.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
    },
    {
      mimeType: 'image/jpeg',
      kind: 'image',
      matches: (head) => head.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')),
    },
    {
      mimeType: 'image/gif',
      kind: 'image',
      matches: (head) => /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1')),
    },
    {
      mimeType: 'image/webp',
      kind: 'image',
      matches: (head) =>
        head.subarray(0, 4).toString('latin1') === 'RIFF' &&
        head.subarray(8, 12).toString('latin1') === 'WEBP',
    },
    {
      mimeType: 'application/pdf',
      kind: 'pdf',
      // A PDF may have a few bytes before its header (ISO 32000-1 §7.5.2 allows readers to look).
      matches: (head) => head.subarray(0, 1024).includes('%PDF-'),
    },
  ];

/** Formats people attach that Hearth does not take, named so the refusal says what the file is. */
const KNOWN_OTHERS: readonly { words: string; matches(head: Buffer): boolean }[] = [
  {
    words: 'a ZIP archive',
    matches: (head) => head.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004',
  },
  { words: 'a program', matches: (head) => head.subarray(0, 4).toString('latin1') === '\u007fELF' },
  { words: 'a program', matches: (head) => head.subarray(0, 2).toString('latin1') === 'MZ' },
  {
    words: 'a gzip archive',
    matches: (head) => head.subarray(0, 2).equals(Buffer.from('1f8b', 'hex')),
  },
];

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The kind a name claims by its extension (text claims nothing: any name may hold text). */
export function claimedKind(name: string): FileKind | undefined {
  const extension = extensionOf(name);
  for (const [kind, facts] of Object.entries(FILE_KINDS) as [
    FileKind,
    { extensions: readonly string[] },
  ][])
    if (facts.extensions.includes(extension)) return kind;
  return undefined;
}

/** What `head` (the file's first bytes, up to SNIFF_BYTES) shows the file `name` to be. */
export function sniffFile(name: string, head: Buffer, totalBytes: number): Sniffed {
  const claimed = claimedKind(name);
  const found = SIGNATURES.find((signature) => signature.matches(head));
  if (found) {
    // `notes.txt` holding a PNG is not a text file: only names of its own kind, or none, pass.
    const extension = extensionOf(name);
    if (extension !== '' && !FILE_KINDS[found.kind].extensions.includes(extension))
      return notWhatItsNameSays(name, claimed ?? 'text', A_KIND[found.kind]);
    return { ok: true, kind: found.kind, mimeType: found.mimeType };
  }
  if (claimed !== undefined) {
    const other = KNOWN_OTHERS.find((known) => known.matches(head));
    return notWhatItsNameSays(name, claimed, other?.words ?? 'something else');
  }
  if (looksLikeText(head, totalBytes)) return { ok: true, kind: 'text', mimeType: 'text/plain' };
  const other = KNOWN_OTHERS.find((known) => known.matches(head));
  return {
    ok: false,
    sentence: `“${name}” is ${other?.words ?? 'not a kind of file Hearth reads'}; Hearth takes ${FILE_KINDS_IN_WORDS}.`,
  };
}

const A_KIND: Record<FileKind, string> = { image: 'an image', pdf: 'a PDF', text: 'a text file' };

function notWhatItsNameSays(name: string, claimed: FileKind, actual: string): Sniffed {
  return {
    ok: false,
    sentence: `“${name}” is named as ${A_KIND[claimed]} but is ${actual}, so Hearth did not attach it.`,
  };
}

/**
 * UTF-8 with no NUL byte in the part read. A multi-byte character cut at the end of the part is
 * not a fault (the part ends where it ends), unless the part is the whole file.
 */
function looksLikeText(head: Buffer, totalBytes: number): boolean {
  if (head.includes(0)) return false;
  const whole = head.length >= totalBytes;
  let end = head.length;
  if (!whole) {
    // Step back over a character the cut split: at most 3 continuation bytes and its lead.
    let back = 0;
    while (back < 4 && end - back - 1 >= 0 && ((head[end - back - 1] ?? 0) & 0xc0) === 0x80) back++;
    if (end - back - 1 >= 0 && (head[end - back - 1] ?? 0) >= 0xc0) end = end - back - 1;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}
