/**
 * `read_file` and `list_directory`: read-only looks at the user's files, capped so one answer
 * cannot flood a small model's context.
 */
import { lstat, open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { describeFileError, errorResult, resolveUserPath, textResult } from '../userPath';
import { protectedFolderHolding, protectedRefusal } from '../../security/protectedFolders';

/** 64 KiB of text is about 16k tokens: as much as a small model can usefully read at once. */
export const DEFAULT_READ_BYTES = 64 * 1024;

/** The most `max_bytes` may ask for. */
export const MAX_READ_BYTES = 1024 * 1024;

/** A listing longer than this is cut; a folder that big needs a shell command with a filter. */
export const MAX_DIRECTORY_ENTRIES = 500;

/** How much of a file is checked for NUL bytes to call it binary (git looks at 8000). */
const BINARY_SNIFF_BYTES = 8000;

const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** Registers `read_file` and `list_directory` on `server`; `protectedFolders` are refused. */
export function registerFileTools(
  server: McpServer,
  protectedFolders: readonly string[] = [],
): void {
  const guarded = (path: string, work: (resolved: string) => Promise<CallToolResult>) => {
    const resolved = resolveUserPath(path);
    const folder = protectedFolderHolding(resolved, protectedFolders);
    return folder === undefined
      ? work(resolved)
      : Promise.resolve(errorResult(protectedRefusal(folder)));
  };
  server.registerTool(
    'read_file',
    {
      title: 'Read file',
      description:
        'Read a text file on the user\'s computer and return its contents. Use it to look at a document, a config file or source code, e.g. path "~/notes.txt" or "/etc/hosts". ' +
        `Only the first ${DEFAULT_READ_BYTES / 1024} KB are returned unless you set max_bytes. Binary files (images, archives, programs) are not shown. To see what a folder holds, use list_directory.`,
      inputSchema: {
        path: z
          .string()
          .min(1)
          .describe(
            'The file to read: absolute, or starting with ~ for the home folder. Relative paths start in the home folder.',
          ),
        max_bytes: z
          .number()
          .int()
          .min(1)
          .max(MAX_READ_BYTES)
          .optional()
          .describe(
            `How many bytes to read at most. Default ${DEFAULT_READ_BYTES}, at most ${MAX_READ_BYTES}.`,
          ),
      },
      annotations: { title: 'Read file', ...READ_ONLY },
    },
    ({ path, max_bytes }) =>
      guarded(path, (resolved) => readTextFile(resolved, max_bytes ?? DEFAULT_READ_BYTES)),
  );

  server.registerTool(
    'list_directory',
    {
      title: 'List folder',
      description:
        "List what a folder on the user's computer contains: each entry's name, type (file, directory, symlink or other) and size in bytes. " +
        'Use it to find files before reading them, e.g. path "~" for the home folder or "~/Downloads".',
      inputSchema: {
        path: z
          .string()
          .min(1)
          .describe('The folder to list: absolute, or starting with ~ for the home folder.'),
      },
      annotations: { title: 'List folder', ...READ_ONLY },
    },
    ({ path }) => guarded(path, listDirectory),
  );
}

/** Reads up to `maxBytes` of a regular text file; binary files and folders get a clear refusal. */
export async function readTextFile(path: string, maxBytes: number): Promise<CallToolResult> {
  let handle;
  try {
    const info = await stat(path);
    if (info.isDirectory())
      return errorResult(
        `${path} is a folder, not a file. Use list_directory to see what it holds.`,
      );
    if (!info.isFile())
      return errorResult(
        `${path} is not a regular file (a device, socket or pipe), so it was not read.`,
      );
    handle = await open(path, 'r');
    // One byte more than asked tells whether the file goes on; files in /proc report size 0.
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    const truncated = length > maxBytes;
    const bytes = buffer.subarray(0, Math.min(length, maxBytes));
    if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0) || !isUtf8(bytes, truncated)) {
      return errorResult(
        `${path} is a binary file (${info.size} bytes), not text, so it was not shown.`,
      );
    }
    if (bytes.length === 0) return textResult(`(${path} is empty)`);
    const text = new TextDecoder('utf-8').decode(bytes, { stream: truncated });
    const note = truncated
      ? `\n[Only the first ${bytes.length} bytes of ${Math.max(info.size, length)} are shown. Ask with a larger max_bytes, or use a shell command such as tail, to see more.]`
      : '';
    return textResult(text + note);
  } catch (error) {
    return errorResult(describeFileError(error, path));
  } finally {
    await handle?.close();
  }
}

/** Whether `bytes` are valid UTF-8, forgiving a character cut in half at a truncated end. */
function isUtf8(bytes: Buffer, truncated: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: truncated });
    return true;
  } catch {
    return false;
  }
}

type EntryType = 'file' | 'directory' | 'symlink' | 'other';

/** Lists a folder as `name<TAB>type<TAB>size`, folders first, names in order. */
export async function listDirectory(path: string): Promise<CallToolResult> {
  try {
    const info = await stat(path);
    if (!info.isDirectory())
      return errorResult(`${path} is a file, not a folder. Use read_file to read it.`);
    const entries = await readdir(path, { withFileTypes: true });
    const rows = await Promise.all(
      entries.slice(0, MAX_DIRECTORY_ENTRIES).map(async (entry) => {
        const type: EntryType = entry.isDirectory()
          ? 'directory'
          : entry.isFile()
            ? 'file'
            : entry.isSymbolicLink()
              ? 'symlink'
              : 'other';
        const size = type === 'file' ? await sizeOf(join(path, entry.name)) : undefined;
        return { name: entry.name, type, size };
      }),
    );
    rows.sort(
      (a, b) =>
        Number(b.type === 'directory') - Number(a.type === 'directory') ||
        a.name.localeCompare(b.name),
    );
    if (rows.length === 0) return textResult(`${path} is empty.`);
    const lines = [`Contents of ${path} (name, type, size in bytes):`];
    for (const row of rows) lines.push(`${row.name}\t${row.type}\t${row.size ?? '-'}`);
    if (entries.length > MAX_DIRECTORY_ENTRIES) {
      lines.push(`[Only ${MAX_DIRECTORY_ENTRIES} of ${entries.length} entries are shown.]`);
    }
    return textResult(lines.join('\n'));
  } catch (error) {
    return errorResult(describeFileError(error, path));
  }
}

async function sizeOf(path: string): Promise<number | undefined> {
  try {
    return (await lstat(path)).size;
  } catch {
    return undefined;
  }
}
