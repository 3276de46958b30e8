/**
 * Reads a bundle's zip archive safely: every entry's name, size and kind is checked from the
 * central directory before anything is inflated, and nothing is written outside the folder
 * given. A zip that names `../` or an absolute path, holds a symbolic link, or would inflate past
 * the limits is refused as a whole, before a single file is written.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { unzipSync } from 'fflate';
import { UserFacingError } from '../bridge/errors';

/** Largest `.mcpb` file accepted: bundles carry node_modules, but not whole toolchains. */
export const MAX_BUNDLE_BYTES = 256 * 1024 * 1024;
/** Most bytes a bundle may unpack to, so a small zip cannot fill the disk (a zip bomb). */
export const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;
/** Most entries in a bundle; a large node_modules has some thousands. */
export const MAX_ENTRIES = 50_000;
/** Most a single entry's inflated size may be over its compressed size (zip bombs go far past). */
const MAX_COMPRESSION_RATIO = 2_000;

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
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
}

/** Lists the entries of a zip held in memory, refusing unsafe names and kinds. */
export function listArchive(zip: Uint8Array): ArchiveEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = findEndOfCentralDirectory(view);
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (count > MAX_ENTRIES)
    throw new UserFacingError(
      `The bundle has ${count} files; Hearth takes at most ${MAX_ENTRIES}.`,
    );
  const entries: ArchiveEntry[] = [];
  let total = 0;
  const decoder = new TextDecoder('utf-8', { fatal: false });
  for (let index = 0; index < count; index++) {
    if (offset + 46 > zip.byteLength || view.getUint32(offset, true) !== CENTRAL_DIRECTORY_ENTRY)
      throw new UserFacingError(
        'The bundle is not a readable zip archive (its file list is broken).',
      );
    const madeBy = view.getUint16(offset + 4, true) >> 8;
    const compressedSize = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const external = view.getUint32(offset + 38, true);
    const name = decoder.decode(zip.subarray(offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
    // Unix hosts (made-by 3) keep the file type and mode in the high half of the attributes.
    const unixMode = madeBy === 3 ? external >>> 16 : 0;
    if ((unixMode & S_IFMT) === S_IFLNK)
      throw new UserFacingError(
        `The bundle holds a symbolic link (${name}); Hearth refuses links in bundles.`,
      );
    checkEntryName(name);
    const directory = name.endsWith('/') || (unixMode & S_IFMT) === S_IFDIR;
    if (!directory && size > compressedSize * MAX_COMPRESSION_RATIO + 1_048_576)
      throw new UserFacingError(
        `The bundle's file ${name} inflates to far more than it holds; it looks like a zip bomb.`,
      );
    total += size;
    if (total > MAX_UNPACKED_BYTES)
      throw new UserFacingError(
        `The bundle unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB; Hearth does not install it.`,
      );
    entries.push({ name, compressedSize, size, mode: unixMode & 0o777, directory });
  }
  return entries;
}

/** Inflates one entry (manifest.json, say) without unpacking the rest. */
export function readArchiveEntry(zip: Uint8Array, name: string): Uint8Array | undefined {
  const files = inflate(zip, (entry) => entry === name);
  return files[name];
}

/**
 * Writes every entry under `folder` (which must be empty or absent). Checked entries only: call
 * `listArchive` first. Executable bits recorded in the zip are kept; nothing else of the mode.
 */
export function unpackArchive(zip: Uint8Array, entries: ArchiveEntry[], folder: string): void {
  const root = resolve(folder);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const files = inflate(zip, (name) => !byName.get(name)?.directory);
  mkdirSync(root, { recursive: true });
  for (const entry of entries) {
    const target = resolve(root, ...entry.name.split('/').filter(Boolean));
    if (target !== root && !target.startsWith(root + sep))
      throw new UserFacingError(`The bundle's file ${entry.name} would land outside its folder.`);
    if (entry.directory) {
      mkdirSync(target, { recursive: true });
      continue;
    }
    const data = files[entry.name];
    if (!data || data.length !== entry.size)
      throw new UserFacingError(
        `The bundle's file ${entry.name} did not unpack to its stated size.`,
      );
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, data, { flag: 'wx' });
    if (process.platform !== 'win32' && entry.mode & 0o111) chmodSync(target, 0o755);
  }
}

function inflate(zip: Uint8Array, wanted: (name: string) => boolean): Record<string, Uint8Array> {
  try {
    return unzipSync(zip, { filter: (file) => wanted(file.name) });
  } catch (error) {
    throw new UserFacingError(
      `The bundle could not be unpacked: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
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

/** The folder a bundle entry lands in, for callers that join paths themselves. */
export function entryPath(folder: string, name: string): string {
  return join(folder, ...name.split('/').filter(Boolean));
}
