import { describe, expect, it } from 'vitest';
import { sniffFile } from '../../../electron/core/files';
import { FILE_KINDS_IN_WORDS } from '../../../preload/schemas/fileKinds';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
const sniff = (name: string, head: Buffer, total = head.length) => sniffFile(name, head, total);

describe('what a file is, from its bytes', () => {
  it.each([
    ['photo.png', PNG, 'image', 'image/png'],
    ['photo.JPG', JPEG, 'image', 'image/jpeg'],
    // A JPEG named .png is still an image: the kind is what counts, the type comes from the bytes.
    ['photo.png', JPEG, 'image', 'image/jpeg'],
    ['scan', PNG, 'image', 'image/png'],
    ['anim.gif', Buffer.from('GIF89a\u0001\u0000'), 'image', 'image/gif'],
    ['pic.webp', Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '), 'image', 'image/webp'],
    ['paper.pdf', Buffer.from('%PDF-1.7\n'), 'pdf', 'application/pdf'],
    ['main.rs', Buffer.from('fn main() { println!("héllo"); }\n'), 'text', 'text/plain'],
    ['Makefile', Buffer.from('all:\n\techo ok\n'), 'text', 'text/plain'],
  ])('%s is taken as %s', (name, head, kind, mimeType) => {
    expect(sniff(name, head)).toEqual({ ok: true, kind, mimeType });
  });

  it('reads text cut in the middle of a character as text, when the cut is where reading stopped', () => {
    const text = Buffer.from('naïve café 日本語');
    const cut = text.subarray(0, text.length - 1);
    expect(sniff('notes.md', cut, text.length)).toMatchObject({ ok: true, kind: 'text' });
    // The same bytes as the whole file end in a broken character: not UTF-8.
    expect(sniff('notes.md', cut)).toMatchObject({ ok: false });
  });

  it.each([
    [
      'report.pdf',
      Buffer.from('PK\u0003\u0004'),
      '“report.pdf” is named as a PDF but is a ZIP archive, so Hearth did not attach it.',
    ],
    [
      'photo.jpg',
      Buffer.from('just some words'),
      '“photo.jpg” is named as an image but is something else, so Hearth did not attach it.',
    ],
    [
      'photo.png',
      Buffer.from('%PDF-1.4'),
      '“photo.png” is named as an image but is a PDF, so Hearth did not attach it.',
    ],
    [
      'notes.txt',
      PNG,
      '“notes.txt” is named as a text file but is an image, so Hearth did not attach it.',
    ],
    [
      'setup.exe',
      Buffer.from('MZ\u0090\u0000'),
      `“setup.exe” is a program; Hearth takes ${FILE_KINDS_IN_WORDS}.`,
    ],
    [
      'data.bin',
      Buffer.from([0, 1, 2, 3]),
      `“data.bin” is not a kind of file Hearth reads; Hearth takes ${FILE_KINDS_IN_WORDS}.`,
    ],
  ])('refuses %s whose bytes say otherwise', (name, head, sentence) => {
    expect(sniff(name, head)).toEqual({ ok: false, sentence });
  });

  it('names every kind in the refusal', () => {
    expect(FILE_KINDS_IN_WORDS).toBe(
      'images (PNG, JPEG, GIF, WebP), PDFs, and text and code files',
    );
  });
});
