/**
 * Reads an import file as it streams from disk, one conversation at a time (never the whole
 * JSON as one value), yielding to the event loop between chunks so the app stays responsive.
 * Which format it is shows in its first character: ChatGPT's conversations.json is a list,
 * Hearth's export an object that says its format first. What cannot be imported at all is one
 * sentence (`ImportRefused`), thrown before anything is written.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { JSONParser } from '@streamparser/json';
import { UserFacingError } from '../../bridge/errors';
import { fromChatGpt, isChatGptConversation, type Leftovers } from './chatgptFormat';
import { fromHearth } from './fromHearth';
import { HEARTH_FORMAT, HEARTH_FORMAT_VERSION } from './hearthFormat';
import type { ImportedConversation } from './types';
import { NAMED_TITLE_CHARS, TITLES_NAMED } from '../../../../preload/schemas/transfer';

/** Larger files are refused: an import is held whole until it is written in one transaction. */
export const MAX_IMPORT_BYTES = 256 * 1024 * 1024;
export const MAX_IMPORT_CONVERSATIONS = 50_000;
/** As much as Hearth keeps in one message (the contract's limit on a message's text). */
export const MAX_IMPORTED_MESSAGE_CHARS = 10_000_000;

export const NOT_AN_EXPORT =
  'This file is not a conversations export: Hearth imports its own JSON export or the conversations.json of a ChatGPT data export.';

export interface ReadImport {
  conversations: ImportedConversation[];
  /** The attached files a Hearth export carries, by the SHA-256 its messages name them by. */
  files: Map<string, { name: string; data: Buffer }>;
  /** Left out, by reason: whole conversations and messages within kept ones. */
  skipped: Leftovers;
  /** The titles of the first few conversations left out, by reason. */
  leftOutTitles: Map<string, string[]>;
}

export async function readImportFile(path: string): Promise<ReadImport> {
  const size = await sizeOf(path);
  if (size > MAX_IMPORT_BYTES)
    throw new UserFacingError(
      `This file is ${megabytes(size)} MB; Hearth imports files up to ${megabytes(MAX_IMPORT_BYTES)} MB at once. Export fewer conversations at a time and import each file.`,
    );
  const read: ReadImport = {
    conversations: [],
    files: new Map(),
    skipped: new Map(),
    leftOutTitles: new Map(),
  };
  const reader = conversationReader(read);
  let started = false;
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
      const bytes = chunk as Buffer;
      if (!started) {
        const first = String.fromCharCode(bytes.find((byte) => !isBlank(byte)) ?? 0);
        if (first === '\0') continue;
        if (first !== '[' && first !== '{') throw new UserFacingError(NOT_AN_EXPORT);
        started = true;
        reader.start(first === '[' ? 'chatgpt' : 'hearth');
      }
      reader.write(bytes);
    }
  } catch (error) {
    throw error instanceof UserFacingError ? error : notJson();
  }
  if (!started) throw new UserFacingError(NOT_AN_EXPORT);
  reader.end();
  return read;
}

function conversationReader(read: ReadImport) {
  let parser: JSONParser | undefined;
  let kind: 'chatgpt' | 'hearth' = 'chatgpt';
  let format: unknown;
  let version: unknown;
  let finished = false;
  let seen = 0;
  const skip = (reason: string, title?: unknown) => {
    read.skipped.set(reason, (read.skipped.get(reason) ?? 0) + 1);
    if (typeof title !== 'string' || !title.trim()) return;
    const titles = read.leftOutTitles.get(reason) ?? [];
    if (titles.length < TITLES_NAMED) titles.push(title.trim().slice(0, NAMED_TITLE_CHARS));
    read.leftOutTitles.set(reason, titles);
  };

  const take = (value: unknown): void => {
    if (++seen > MAX_IMPORT_CONVERSATIONS)
      throw new UserFacingError(
        `This file holds more than ${MAX_IMPORT_CONVERSATIONS.toLocaleString('en')} conversations, more than Hearth imports at once; nothing was imported.`,
      );
    const conversation = kind === 'chatgpt' ? chatGpt(value) : hearth(value);
    if ('problem' in conversation) {
      skip(`conversations ${conversation.problem}`, (value as { title?: unknown }).title);
      return;
    }
    const long = conversation.messages.some(
      ({ message }) =>
        message.content.length > MAX_IMPORTED_MESSAGE_CHARS ||
        (message.thinking?.length ?? 0) > MAX_IMPORTED_MESSAGE_CHARS,
    );
    if (long)
      skip('conversations with a message longer than 10 million characters', conversation.title);
    else if (conversation.messages.length === 0)
      skip('conversations with no messages to keep', conversation.title);
    else read.conversations.push(conversation);
  };
  const keepFile = (value: unknown): void => {
    const file = value as { sha256?: unknown; name?: unknown; data?: unknown };
    if (
      typeof file.sha256 !== 'string' ||
      !/^[0-9a-f]{64}$/.test(file.sha256) ||
      typeof file.data !== 'string'
    ) {
      skip('attached files that were not whole');
      return;
    }
    const name = typeof file.name === 'string' ? file.name.slice(0, 1_000) : 'a file';
    read.files.set(file.sha256, { name, data: Buffer.from(file.data, 'base64') });
  };
  const chatGpt = (value: unknown) => {
    if (!isChatGptConversation(value)) throw new UserFacingError(NOT_AN_EXPORT);
    return fromChatGpt(value as Record<string, unknown>, read.skipped);
  };
  const hearth = (value: unknown) => {
    if (format !== HEARTH_FORMAT) throw new UserFacingError(NOT_AN_EXPORT);
    if (typeof version !== 'number' || version > HEARTH_FORMAT_VERSION)
      throw new UserFacingError(
        'This export was written by a newer version of Hearth; update Hearth to import it.',
      );
    return fromHearth(value);
  };

  return {
    start(as: 'chatgpt' | 'hearth') {
      kind = as;
      parser = new JSONParser({
        paths:
          as === 'chatgpt' ? ['$.*'] : ['$.format', '$.version', '$.conversations.*', '$.files.*'],
        keepStack: false,
        stringBufferSize: 64 * 1024,
      });
      parser.onValue = ({ value, key, stack }) => {
        if (as === 'hearth' && stack.length === 1) {
          if (key === 'format') format = value;
          if (key === 'version') version = value;
          return;
        }
        if (as === 'hearth' && stack[1]?.key === 'files') return keepFile(value);
        take(value);
      };
      parser.onEnd = () => {
        finished = true;
      };
      parser.onError = (error) => {
        throw error;
      };
    },
    write(bytes: Uint8Array) {
      parser?.write(bytes);
    },
    end() {
      if (!finished)
        throw new UserFacingError(
          'This file ends before its conversations do: it was probably cut off while it was saved or copied. Nothing was imported.',
        );
      if (kind === 'hearth' && format !== HEARTH_FORMAT) throw new UserFacingError(NOT_AN_EXPORT);
    },
  };
}

function notJson(): UserFacingError {
  return new UserFacingError(
    'This file is not valid JSON (it may be damaged, or another kind of file); nothing was imported.',
  );
}

async function sizeOf(path: string): Promise<number> {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new UserFacingError('That is not a file Hearth can import.');
    return info.size;
  } catch (error) {
    if (error instanceof UserFacingError) throw error;
    throw new UserFacingError('Hearth could not read that file.');
  }
}

function isBlank(byte: number): boolean {
  return (
    byte === 0x20 ||
    byte === 0x0a ||
    byte === 0x0d ||
    byte === 0x09 ||
    byte === 0xef ||
    byte === 0xbb ||
    byte === 0xbf
  );
}

function megabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}
