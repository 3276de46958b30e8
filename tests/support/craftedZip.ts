/**
 * Hand-made zip archives for hostile tests: entries whose stored bytes and stated sizes the test
 * chooses (a file list that lies, a deflate stream far larger than it looks), which no honest
 * packer writes. Layout per PKWARE's APPNOTE.TXT 4.3.7 (local file header), 4.3.12 (central
 * directory header) and 4.3.16 (end of central directory record).
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface CraftedEntry {
  name: string;
  /** The bytes stored for the entry (already deflated when `method` is 8). */
  stored: Uint8Array;
  /** 0 stored, 8 deflate. */
  method: 0 | 8;
  /** The unpacked size the file list states. */
  size: number;
  crc?: number;
}

export function craftZip(entries: CraftedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc ?? 0, 14);
    local.writeUInt32LE(entry.stored.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc ?? 0, 16);
    central.writeUInt32LE(entry.stored.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(entry.stored));
    centrals.push(central, name);
    offset += local.length + name.length + entry.stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A raw deflate stream of `megabytes` MB of zeros, about 1 KB per MB, made without ever holding
 * the zeros: one megabyte deflated with a full flush (byte-aligned, no reference back past it),
 * repeated, then an empty final block (RFC 1951 3.2.3: BFINAL=1, fixed Huffman, end of block).
 */
export function zerosDeflated(megabytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), {
    level: 9,
    finishFlush: constants.Z_FULL_FLUSH,
  });
  return Buffer.concat([...Array.from({ length: megabytes }, () => block), Buffer.from([3, 0])]);
}

/** The CRC-32 of `megabytes` MB of zeros, reckoned a megabyte at a time. */
export function zerosCrc(megabytes: number): number {
  const block = Buffer.alloc(1024 * 1024);
  let value = 0;
  for (let index = 0; index < megabytes; index++) value = crc32(block, value);
  return value;
}
