/**
 * Writes conversations to a stream as Hearth's JSON (hearthFormat.ts) or as Markdown
 * (markdown.ts), a page of messages at a time, waiting whenever the stream is full: a 1 GB
 * history goes out with a few MB in memory (bench: memory.host_peak_over_idle_mb.export).
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { HEARTH_FORMAT, HEARTH_FORMAT_VERSION, type ExportedMessage } from './hearthFormat';
import { EXPORT_PAGE, type ExportHead, type ExportReader } from './exportReader';
import { markdownHead, markdownMessage } from './markdown';

export type ExportFormat = 'json' | 'markdown';

export interface ExportOptions {
  format: ExportFormat;
  /** Only these conversations; all of them when absent. */
  ids?: readonly string[];
  now?: () => Date;
}

/** Where the user's attached files are kept, so a JSON export carries their bytes. */
export interface KeptFiles {
  pathOf(sha256: string): string | undefined;
}

/** Read at a time for a file's base64: a multiple of 3, so the pieces join into one string. */
const FILE_PIECE = 48 * 1024;

/** Conversations read at a time. */
const CONVERSATION_PAGE = 100;

/** Writes the export to `out` and ends it; returns how many conversations it holds. */
export async function writeExport(
  reader: ExportReader,
  out: Writable,
  options: ExportOptions,
  files?: KeptFiles,
): Promise<number> {
  const write = async (text: string) => {
    if (out.destroyed) throw new Error('The export was closed before it was whole.');
    if (!out.write(text)) await drained(out);
  };
  const json = options.format === 'json';
  if (json)
    await write(
      `{"format":${JSON.stringify(HEARTH_FORMAT)},"version":${HEARTH_FORMAT_VERSION},` +
        `"exportedAt":${JSON.stringify((options.now ?? (() => new Date()))().toISOString())},` +
        `"conversations":[`,
    );
  let written = 0;
  /** The attached files the exported messages name, written after the conversations. */
  const named = new Map<string, string>();
  for (let key = 0; ;) {
    const heads = reader.conversationsAfter(key, CONVERSATION_PAGE, options.ids);
    if (heads.length === 0) break;
    for (const head of heads) {
      if (json) await writeJsonConversation(reader, head, written > 0, write, named);
      else await writeMarkdownConversation(reader, head, written > 0, write);
      written++;
    }
    key = heads.at(-1)?.key ?? key;
  }
  if (json) {
    await write('],"files":[');
    await writeFiles(named, files, write);
    await write(']}\n');
  }
  out.end();
  await once(out, 'finish');
  return written;
}

/** Writes the export to `path` through a file beside it, renamed into place only when whole. */
export async function exportToFile(
  reader: ExportReader,
  path: string,
  options: ExportOptions,
  files?: KeptFiles,
): Promise<number> {
  const partial = `${path}.part`;
  const out = createWriteStream(partial);
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  try {
    const written = await Promise.race([writeExport(reader, out, options, files), failed]);
    await rename(partial, path);
    return written;
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

/** Resolves when `out` takes more; rejects when it closes first (a download given up). */
async function drained(out: Writable): Promise<void> {
  const closed = new AbortController();
  try {
    await Promise.race([
      once(out, 'drain', { signal: closed.signal }),
      once(out, 'close', { signal: closed.signal }).then(() => {
        throw new Error('The export was closed before it was whole.');
      }),
    ]);
  } finally {
    closed.abort();
  }
}

/**
 * Each attached file the messages name, as `{"sha256","name","data"}` with its bytes in base64,
 * read and written a piece at a time; one no longer kept is left out (its messages still name
 * it, as they did here).
 */
async function writeFiles(
  named: Map<string, string>,
  files: KeptFiles | undefined,
  write: (text: string) => Promise<void>,
): Promise<void> {
  let first = true;
  for (const [sha256, name] of named) {
    const path = files?.pathOf(sha256);
    if (!path) continue;
    const stream = createReadStream(path, { highWaterMark: FILE_PIECE });
    try {
      let opened = false;
      for await (const piece of stream) {
        if (!opened) {
          await write(
            `${first ? '' : ','}{"sha256":${JSON.stringify(sha256)},"name":${JSON.stringify(name)},"data":"`,
          );
          opened = true;
        }
        await write((piece as Buffer).toString('base64'));
      }
      if (opened) {
        await write('"}');
        first = false;
      }
    } catch (error) {
      // Gone between the messages and now: a file half written would break the export.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

async function writeJsonConversation(
  reader: ExportReader,
  head: ExportHead,
  comma: boolean,
  write: (text: string) => Promise<void>,
  named: Map<string, string>,
): Promise<void> {
  // The key orders the pages of an export; it is not part of the conversation.
  const opening = JSON.stringify({ ...head, key: undefined, messages: [] });
  // The conversation's fields, then its messages streamed into the empty list it ends with.
  await write(`${comma ? ',' : ''}${opening.slice(0, -2)}`);
  let first = true;
  for (let after = 0; ;) {
    const page = reader.messagesAfter(head.id, after, EXPORT_PAGE);
    if (page.length === 0) break;
    for (const { message, parent } of page) {
      const { id, ...rest } = message;
      const exported: ExportedMessage = { id, parent, ...rest };
      for (const attachment of message.attachments ?? [])
        if (attachment.file) named.set(attachment.file.sha256, attachment.name);
      await write(`${first ? '' : ','}${JSON.stringify(exported)}`);
      first = false;
    }
    after = page.at(-1)?.message.id ?? after;
  }
  await write(']}');
}

async function writeMarkdownConversation(
  reader: ExportReader,
  head: ExportHead,
  rule: boolean,
  write: (text: string) => Promise<void>,
): Promise<void> {
  const shown = reader.branchIds(head.id);
  await write(`${rule ? '\n---\n\n' : ''}${markdownHead(head, shown.size)}`);
  for (let after = 0; ;) {
    const page = reader.messagesAfter(head.id, after, EXPORT_PAGE);
    if (page.length === 0) break;
    for (const { message } of page)
      if (shown.has(message.id)) await write(markdownMessage(message));
    after = page.at(-1)?.message.id ?? after;
  }
}
