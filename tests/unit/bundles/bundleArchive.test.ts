import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  listArchive,
  MAX_UNPACKED_BYTES,
  readArchiveEntry,
  unpackArchive,
} from '../../../electron/core/bundles/bundleArchive';
import { craftZip, zerosCrc, zerosDeflated } from '../../support/craftedZip';
import { tempDir } from '../../support/testHost';

// Hostile archives: a file list that lies about sizes, a small file that unpacks to hundreds of
// megabytes, names that are one file on macOS and Windows disks. Each is refused in words, with
// nothing written past what the archive claimed, and memory stays flat while a large one unpacks.
const MB = 1024 * 1024;
const manifest = strToU8('{"name":"x"}');

function stored(name: string, data: Uint8Array) {
  return { name, stored: data, method: 0 as const, size: data.length, crc: crc32(data) };
}

/** Runs `work` while sampling the process's resident memory; the highest growth seen. */
async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
  try {
    await work();
  } finally {
    clearInterval(sample);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return peak - before;
}

describe('unpacking is streamed and bounded', () => {
  it('refuses an entry that inflates past the size its file list states, writing no more than that', async () => {
    // 600 MB of zeros in about 600 KB, stated as 1 KB.
    const zip = craftZip([
      stored('manifest.json', manifest),
      { name: 'payload.bin', stored: zerosDeflated(600), method: 8, size: 1024 },
    ]);
    expect(zip.length).toBeLessThan(MB);
    const folder = join(tempDir('bomb'), 'out');
    let failure = '';
    const growth = await peakGrowth(() =>
      unpackArchive(zip, listArchive(zip), folder).catch((error: Error) => {
        failure = error.message;
      }),
    );
    expect(failure).toMatch(
      /payload\.bin unpacks to more than the 1 KB its file list states; it looks like a zip bomb/,
    );
    expect(growth).toBeLessThan(120 * MB);
    const written = join(folder, 'payload.bin');
    if (existsSync(written)) expect(statSync(written).size).toBeLessThanOrEqual(1024);
  }, 60_000);

  it('refuses an archive whose files add up to more than a bundle holds, before inflating any', () => {
    const zip = craftZip([
      stored('manifest.json', manifest),
      { name: 'a.bin', stored: zerosDeflated(300), method: 8, size: 300 * MB },
      { name: 'b.bin', stored: zerosDeflated(300), method: 8, size: 300 * MB },
    ]);
    expect(MAX_UNPACKED_BYTES).toBe(500 * MB);
    expect(() => listArchive(zip)).toThrow(
      'The bundle unpacks to more than 500 MB, more than a bundle reasonably holds (Hearth installs bundles up to 500 MB unpacked); it looks like a zip bomb.',
    );
  });

  it('unpacks a large honest file to disk without holding it in memory', async () => {
    const zip = craftZip([
      stored('manifest.json', manifest),
      {
        name: 'zeros.bin',
        stored: zerosDeflated(300),
        method: 8,
        size: 300 * MB,
        crc: zerosCrc(300),
      },
    ]);
    const folder = join(tempDir('large'), 'out');
    const growth = await peakGrowth(() => unpackArchive(zip, listArchive(zip), folder));
    expect(statSync(join(folder, 'zeros.bin')).size).toBe(300 * MB);
    // The old unpacker held the whole 300 MB in memory before writing a byte.
    expect(growth).toBeLessThan(120 * MB);
  }, 60_000);

  it('refuses more files than a bundle holds', () => {
    const many = Array.from({ length: 50_001 }, (_, index) => stored(`f/${index}`, manifest));
    expect(() => listArchive(craftZip(many))).toThrow(
      'The bundle has 50,001 files; Hearth takes at most 50,000.',
    );
  });

  it('refuses a file list that states more than deflate can make of the bytes it holds', () => {
    // Deflate tops out near 1032:1; 1500:1 is a list that lies (the old 2000:1 check let it by).
    const data = randomBytes(50 * 1024);
    const zip = craftZip([
      stored('manifest.json', manifest),
      { name: 'liar.bin', stored: data, method: 8, size: data.length * 1500 },
    ]);
    expect(() => listArchive(zip)).toThrow(
      /The bundle's file liar\.bin claims to unpack to 73 MB from 50 KB, more than compression can make; the archive is damaged or crafted/,
    );
  });

  it('refuses an entry whose bytes do not match their checksum', async () => {
    const text = strToU8('hello hello hello');
    const zip = craftZip([
      stored('manifest.json', manifest),
      { name: 'a.txt', stored: deflateRawSync(text), method: 8, size: text.length, crc: 1234 },
    ]);
    await expect(unpackArchive(zip, listArchive(zip), join(tempDir('crc'), 'out'))).rejects.toThrow(
      /a\.txt is damaged \(its checksum does not match\)/,
    );
  });

  it('reads manifest.json alone, and refuses one larger than 1 MB without inflating it', () => {
    const zip = craftZip([
      stored('manifest.json', manifest),
      { name: 'big.json', stored: zerosDeflated(11), method: 8, size: 11 * MB },
    ]);
    const entries = listArchive(zip);
    expect(new TextDecoder().decode(readArchiveEntry(zip, entries, 'manifest.json'))).toBe(
      '{"name":"x"}',
    );
    expect(() => readArchiveEntry(zip, entries, 'big.json')).toThrow(
      "The bundle's big.json is 11 MB; Hearth reads at most 1 MB of it.",
    );
  });
});

describe('names that are one file on some disks', () => {
  it('refuses names equal but for case, Unicode normalisation, or the same name twice', () => {
    const cases: [string, string][] = [
      ['manifest.json', 'MANIFEST.JSON'],
      ['caf\u00e9.txt', 'cafe\u0301.txt'],
      ['Lib/a.js', 'lib/b.js'],
      ['stra\u00dfe.txt', 'STRASSE.txt'],
    ];
    for (const [first, second] of cases) {
      const zip = craftZip([stored(first, strToU8('1')), stored(second, strToU8('2'))]);
      expect(() => listArchive(zip), `${first} / ${second}`).toThrow(
        `The bundle holds “${second}” and “${first}”, names that differ only in case or accents; on macOS and Windows they are the same file, so Hearth does not install it.`,
      );
    }
    const twice = craftZip([stored('manifest.json', manifest), stored('manifest.json', manifest)]);
    expect(() => listArchive(twice)).toThrow(
      'The bundle holds “manifest.json” twice; Hearth does not install it.',
    );
  });

  it('still unpacks a zip made by a packer, keeping executable bits', async () => {
    const zip = zipSync({
      'run.sh': [strToU8('#!/bin/sh\necho hi\n'), { os: 3, attrs: 0o100755 << 16 }],
      'data/readme.txt': strToU8('hello'),
      'data/empty/': new Uint8Array(0),
    });
    const folder = join(tempDir('unpack'), 'bundle');
    await unpackArchive(zip, listArchive(zip), folder);
    expect(readdirSync(join(folder, 'data')).sort()).toEqual(['empty', 'readme.txt']);
    if (process.platform !== 'win32')
      expect(statSync(join(folder, 'run.sh')).mode & 0o111).toBe(0o111);
  });
});
