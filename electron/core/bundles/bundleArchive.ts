/**
 * Reads a bundle's zip archive safely: every entry's name, size and kind is checked from the
 * central directory before anything is inflated, and nothing is written outside the folder
 * given. A zip that names `../` or an absolute path, holds a symbolic link, names one file twice
 * (or two that one disk would take for one), or would inflate past the limits is refused as a
 * whole, before a single file is written. Unpacking streams each entry to disk in small pieces,
 * counting as it goes, so a small file that inflates to gigabytes never sits in memory and stops
 * at the size its file list stated. Layout per PKWARE's APPNOTE.TXT (4.3.7 local file header,
 * 4.3.12 central directory header, 4.3.16 end of central directory record).
 */
import { chmod, mkdir } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw, inflateRawSync } from 'node:zlib';
import { UserFacingError } from '../bridge/errors';

/** Largest `.mcpb` file accepted: bundles carry node_modules, but not whole toolchains. */
export const MAX_BUNDLE_BYTES = 256 * 1024 * 1024;
/**
 * Most bytes a bundle may unpack to. A Node server with its node_modules, or a Python one with
 * its wheels, is tens of megabytes; 500 MB leaves room for a large one and stops a zip bomb.
 */
export const MAX_UNPACKED_BYTES = 500 * 1024 * 1024;
/** Most entries in a bundle; a large node_modules has some thousands. */
const MAX_ENTRIES = 50_000;
/**
 * The most DEFLATE can make of its input: a 258-byte match in about two bits, near 1032:1 (zlib's
 * FAQ, "What's the maximum compression ratio?"). A file list claiming more lies about its sizes.
 */
const DEFLATE_MAX_RATIO = 1_032;
/** How much compressed data goes to the inflater at once: at most about 16 MB comes out of it. */
const INFLATE_SLICE = 16 * 1024;

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;

export interface ArchiveEntry {
  /** The path inside the bundle, always with `/`. */
  name: string;
  compressedSize: number;
  size: number;
  /** Unix permission bits when the zip recorded them (0 otherwise). */
  mode: number;
  directory: boolean;
  /** 0 stored, 8 deflated; nothing else is accepted. */
  method: number;
  crc: number;
  /** Where the entry's local header starts. */
  headerOffset: number;
}

/** Lists the entries of a zip held in memory, refusing unsafe names, kinds and sizes. */
export function listArchive(zip: Uint8Array): ArchiveEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = findEndOfCentralDirectory(view);
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff)
    throw new UserFacingError(
      'The bundle is a ZIP64 archive (made for files over 4 GB); Hearth installs bundles up to 500 MB and does not read those.',
    );
  if (count > MAX_ENTRIES)
    throw new UserFacingError(
      `The bundle has ${count.toLocaleString('en-US')} files; Hearth takes at most ${MAX_ENTRIES.toLocaleString('en-US')}.`,
    );
  const entries: ArchiveEntry[] = [];
  const names = new FoldedNames();
  let total = 0;
  const decoder = new TextDecoder('utf-8', { fatal: false });
  for (let index = 0; index < count; index++) {
    if (offset + 46 > zip.byteLength || view.getUint32(offset, true) !== CENTRAL_DIRECTORY_ENTRY)
      throw brokenList();
    const madeBy = view.getUint16(offset + 4, true) >> 8;
    const flags = view.getUint16(offset + 8, true);
    const method = view.getUint16(offset + 10, true);
    const crc = view.getUint32(offset + 16, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const external = view.getUint32(offset + 38, true);
    const headerOffset = view.getUint32(offset + 42, true);
    if (offset + 46 + nameLength > zip.byteLength) throw brokenList();
    const name = decoder.decode(zip.subarray(offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
    // Unix hosts (made-by 3) keep the file type and mode in the high half of the attributes.
    const unixMode = madeBy === 3 ? external >>> 16 : 0;
    if ((unixMode & S_IFMT) === S_IFLNK)
      throw new UserFacingError(
        `The bundle holds a symbolic link (${shown(name)}); Hearth refuses links in bundles.`,
      );
    checkEntryName(name);
    names.add(name);
    const directory = name.endsWith('/') || (unixMode & S_IFMT) === S_IFDIR;
    if (flags & 1)
      throw new UserFacingError(
        `The bundle's file ${shown(name)} is encrypted; Hearth installs only plain bundles.`,
      );
    if (method !== STORED && method !== DEFLATED)
      throw new UserFacingError(
        `The bundle's file ${shown(name)} is compressed in a way Hearth does not read (method ${method}); bundles use deflate.`,
      );
    if (!directory) checkStatedSize(name, method, compressedSize, size);
    total += size;
    if (total > MAX_UNPACKED_BYTES)
      throw new UserFacingError(
        `The bundle unpacks to more than ${megabytes(MAX_UNPACKED_BYTES)}, more than a bundle reasonably holds (Hearth installs bundles up to ${megabytes(MAX_UNPACKED_BYTES)} unpacked); it looks like a zip bomb.`,
      );
    dataRange(zip, view, { name, compressedSize, headerOffset });
    entries.push({
      name,
      compressedSize,
      size,
      mode: unixMode & 0o777,
      directory,
      method,
      crc,
      headerOffset,
    });
  }
  return entries;
}

/**
 * Inflates one entry (manifest.json, say) into memory without unpacking the rest; an entry
 * larger than `maxBytes` is refused by its stated size and, should the list lie, by the inflater.
 */
export function readArchiveEntry(
  zip: Uint8Array,
  entries: ArchiveEntry[],
  name: string,
  maxBytes = 1024 * 1024,
): Uint8Array | undefined {
  const entry = entries.find((candidate) => candidate.name === name && !candidate.directory);
  if (!entry) return undefined;
  const tooLarge = () =>
    new UserFacingError(
      `The bundle's ${shown(name)} is ${size(entry.size)}; Hearth reads at most ${size(maxBytes)} of it.`,
    );
  if (entry.size > maxBytes) throw tooLarge();
  const data = entryData(zip, entry);
  let bytes: Uint8Array;
  if (entry.method === STORED) bytes = data;
  else {
    try {
      bytes = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) + 1 });
    } catch (error) {
      if (error instanceof RangeError) throw overStated(entry);
      throw damaged(entry);
    }
  }
  if (bytes.length !== entry.size) throw overStated(entry);
  if (crc32(bytes) !== entry.crc) throw damaged(entry);
  return bytes;
}

/**
 * Writes every entry under `folder` (which must be empty or absent), one piece at a time. Checked
 * entries only: call `listArchive` first. An entry that inflates past its stated size stops there
 * and fails the whole unpack; the caller removes the folder. Executable bits recorded in the zip
 * are kept; nothing else of the mode.
 */
export async function unpackArchive(
  zip: Uint8Array,
  entries: ArchiveEntry[],
  folder: string,
): Promise<void> {
  const root = resolve(folder);
  await mkdir(root, { recursive: true });
  let total = 0;
  for (const entry of entries) {
    const target = resolve(root, ...entry.name.split('/').filter(Boolean));
    if (target !== root && !target.startsWith(root + sep))
      throw new UserFacingError(
        `The bundle's file ${shown(entry.name)} would land outside its folder.`,
      );
    if (entry.directory) {
      await mkdir(target, { recursive: true });
      continue;
    }
    await mkdir(dirname(target), { recursive: true });
    const counter = new CountingCheck(entry);
    const data = entryData(zip, entry);
    const source = Readable.from(slices(data), { objectMode: false });
    const output = createWriteStream(target, { flags: 'wx' });
    if (entry.method === STORED) await pipeline(source, counter, output);
    else
      await pipeline(source, createInflateRaw(), counter, output).catch((error: unknown) => {
        throw error instanceof UserFacingError ? error : damaged(entry);
      });
    counter.finish();
    total += entry.size;
    if (total > MAX_UNPACKED_BYTES)
      throw new UserFacingError(
        `The bundle unpacks to more than ${megabytes(MAX_UNPACKED_BYTES)}; Hearth does not install it.`,
      );
    if (process.platform !== 'win32' && entry.mode & 0o111) await chmod(target, 0o755);
  }
}

/** Passes bytes through, counting them and their CRC-32; stops past the entry's stated size. */
class CountingCheck extends Transform {
  private count = 0;
  private crc = 0;
  constructor(private readonly entry: ArchiveEntry) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.count += chunk.length;
    if (this.count > this.entry.size) {
      done(overStated(this.entry));
      return;
    }
    this.crc = crc32(chunk, this.crc);
    done(null, chunk);
  }
  finish(): void {
    if (this.count !== this.entry.size)
      throw new UserFacingError(
        `The bundle's file ${shown(this.entry.name)} did not unpack to its stated size.`,
      );
    if (this.crc !== this.entry.crc) throw damaged(this.entry);
  }
}

function* slices(data: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < data.length; at += INFLATE_SLICE)
    yield data.subarray(at, at + INFLATE_SLICE);
}

/** The entry's stored bytes, after its local header (whose name and extra lengths may differ). */
function entryData(zip: Uint8Array, entry: ArchiveEntry): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  return zip.subarray(...dataRange(zip, view, entry));
}

function dataRange(
  zip: Uint8Array,
  view: DataView,
  entry: Pick<ArchiveEntry, 'name' | 'compressedSize' | 'headerOffset'>,
): [number, number] {
  const at = entry.headerOffset;
  if (at + 30 > zip.byteLength || view.getUint32(at, true) !== LOCAL_FILE_HEADER)
    throw brokenList();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > zip.byteLength) throw brokenList();
  return [start, end];
}

/** Sizes the file list states that no compressor could have written are a crafted archive. */
function checkStatedSize(name: string, method: number, compressed: number, stated: number): void {
  const possible = method === STORED ? compressed : compressed * DEFLATE_MAX_RATIO + 1024;
  if (method === STORED ? stated !== compressed : stated > possible)
    throw new UserFacingError(
      `The bundle's file ${shown(name)} claims to unpack to ${size(stated)} from ${size(compressed)}, more than compression can make; the archive is damaged or crafted.`,
    );
}

/**
 * Names as a case-insensitive, normalising disk (APFS, NTFS) sees them: `manifest.json` and
 * `MANIFEST.JSON`, or `é` written as one code point and as two, are one file there. Folders
 * count too: `Lib/a.js` and `lib/b.js` would share a folder there and not here.
 */
class FoldedNames {
  /** Each path (whole names and their folders), folded, with how it was written and by whom. */
  private readonly paths = new Map<string, { path: string; entry: string }>();
  private readonly files = new Set<string>();
  private readonly folders = new Set<string>();

  add(name: string): void {
    const directory = name.endsWith('/');
    const parts = name.split('/').filter(Boolean);
    const whole = parts.join('/');
    if (this.files.has(whole) || (directory && this.paths.get(fold(whole))?.entry === name))
      throw new UserFacingError(
        `The bundle holds “${shown(name)}” twice; Hearth does not install it.`,
      );
    for (let length = 1; length <= parts.length; length++) {
      const path = parts.slice(0, length).join('/');
      const earlier = this.paths.get(fold(path));
      if (earlier === undefined) this.paths.set(fold(path), { path, entry: name });
      else if (earlier.path !== path)
        throw new UserFacingError(
          `The bundle holds “${shown(name)}” and “${shown(earlier.entry)}”, names that differ only in case or accents; on macOS and Windows they are the same file, so Hearth does not install it.`,
        );
      const isFolder = length < parts.length || directory;
      if (isFolder ? this.files.has(path) : this.folders.has(path))
        throw new UserFacingError(
          `The bundle holds “${shown(path)}” both as a file and as a folder; Hearth does not install it.`,
        );
      if (isFolder) this.folders.add(path);
    }
    if (!directory) this.files.add(whole);
  }
}

/** Full case folding, near enough: `ß` → `SS` → `ss`, composed accents. */
function fold(path: string): string {
  return path.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');
}

function findEndOfCentralDirectory(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  const last = view.byteLength - 22;
  for (let offset = last; offset >= 0 && offset >= last - 65_535; offset--) {
    if (view.getUint32(offset, true) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  throw new UserFacingError('This file is not an MCP bundle: it is not a zip archive.');
}

/** Refuses names that could escape the bundle's folder or mean different files on different systems. */
function checkEntryName(name: string): void {
  const unsafe =
    name.length === 0 ||
    name.includes('\0') ||
    name.includes('\\') ||
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    name.split('/').some((part) => part === '..');
  if (unsafe)
    throw new UserFacingError(
      `The bundle names a file outside its own folder (${JSON.stringify(name.slice(0, 200))}); Hearth does not install it.`,
    );
}

function brokenList(): UserFacingError {
  return new UserFacingError('The bundle is not a readable zip archive (its file list is broken).');
}

function overStated(entry: ArchiveEntry): UserFacingError {
  return new UserFacingError(
    `The bundle's file ${shown(entry.name)} unpacks to more than the ${size(entry.size)} its file list states; it looks like a zip bomb, so Hearth stopped and installs nothing.`,
  );
}

function damaged(entry: ArchiveEntry): UserFacingError {
  return new UserFacingError(
    `The bundle's file ${shown(entry.name)} is damaged (its checksum does not match); download it again.`,
  );
}

/** A name as a message shows it: at most 200 characters. */
function shown(name: string): string {
  return name.length > 200 ? `${name.slice(0, 200)}…` : name;
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

/** A size in words: bytes, KB or MB, rounded. */
export function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return megabytes(bytes);
}

/** The folder a bundle entry lands in, for callers that join paths themselves. */
export function entryPath(folder: string, name: string): string {
  return join(folder, ...name.split('/').filter(Boolean));
}
