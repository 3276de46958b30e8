/**
 * The text a model gets back for a tool result. The user sees the whole result; the model gets
 * its text, placeholders for media (never base64, which would fill a small context window with
 * noise), and at most a bounded number of characters, with a note saying what was cut. A model
 * that can see is also given the result's images, within bounds (modelImages.ts), each named in
 * the text where it stood: image blocks, and embedded resources whose blob has an image type.
 */
import type { CallToolResult } from '@modelcontextprotocol/client';
import { withoutSteering } from '../../../security/steeringCharacters';
import { jsonBeginning } from '../boundedJson';
import { longTextOf } from '../../transport/longText';
import {
  base64Bytes,
  formatBytes,
  imagePicker,
  type ImageBounds,
  type ToolImage,
} from './modelImages';

/**
 * 12,000 characters is about 3,000 tokens: a quarter of an 8k context window, the smallest
 * common Ollama default, leaving room for the system prompt, tools and the conversation.
 */
export const DEFAULT_MAX_RESULT_CHARS_FOR_MODEL = 12_000;

/** What goes into the `tool` message, and what the app needs to know about it. */
export interface ResultForModel {
  text: string;
  /** True when the text was cut to fit `maxChars`. */
  truncated: boolean;
  isError: boolean;
  /** Only when `images` bounds were given (a model that can see): the images sent with the text. */
  images?: ToolImage[];
  /** …and how many of the result's images stayed with the user. */
  imagesLeftOut?: number;
}

type ContentBlock = CallToolResult['content'][number];
/** Media for the model's text: an image or audio block, or a resource's blob (with its label). */
interface MediaBlock {
  type: string;
  data: unknown;
  mimeType: unknown;
  label?: string;
}

const NUMBER_FORMAT = new Intl.NumberFormat('en-US');
const PART_SEPARATOR = '\n';

/** Builds the model's view of a result; never throws on unexpected blocks. */
export function resultForModel(
  result: CallToolResult,
  options: { maxChars: number; images?: ImageBounds },
): ResultForModel {
  const isError = result.isError === true;
  const maxChars = Number.isFinite(options.maxChars)
    ? Math.max(0, Math.floor(options.maxChars))
    : DEFAULT_MAX_RESULT_CHARS_FOR_MODEL;
  // A long text read from a server's line is read by its beginning only: reading it whole would
  // copy it (longText.ts). The rest, unread, still counts in the total the note gives.
  let unread = 0;
  const beginning = (text: string): string => {
    const long = longTextOf(text);
    if (!long || long.length <= maxChars + 1) return text;
    let read = 0;
    let clean = '';
    // Steering characters taken out shorten what was read: read on until it is long enough.
    while (clean.length <= maxChars && read < long.length) {
      let end = Math.min(long.length, read + maxChars + 1 - clean.length);
      // Never between the two halves of a surrogate pair (tag characters are such pairs).
      const last = long.slice(end - 1, end).charCodeAt(0);
      if (last >= 0xd800 && last <= 0xdbff && end < long.length) end += 1;
      clean += withoutSteering(long.slice(read, end));
      read = end;
    }
    unread += long.length - read;
    return clean;
  };
  // Structured content without text is read as its JSON's beginning; the rest counts as unread.
  const json = (value: unknown): string => {
    const { text, length } = jsonBeginning(value, maxChars + 1);
    unread += length - text.length;
    return length === 0 ? 'null' : text;
  };
  // Hidden steering characters are no part of what the model should read (steeringCharacters.ts).
  const picker = options.images ? imagePicker(options.images) : undefined;
  let imagesLeftOut = 0;
  const image = (block: MediaBlock): string => {
    const size = formatBytes(base64Bytes(block.data));
    const head = `[${block.label ?? `${block.type}: ${String(block.mimeType)}`}, ${size}`;
    if (!picker || block.type !== 'image') return `${head} — shown to the user]`;
    const choice = picker.pick(block.data, block.mimeType, base64Bytes(block.data));
    if (choice.sent) return `${head} — sent with this result as image ${choice.number}]`;
    imagesLeftOut += 1;
    return `${head} — shown to the user, not sent to you: ${choice.why}]`;
  };
  const parts = partsOf(result, beginning, json, image).map(withoutSteering);
  // A server that already begins with "Error" gets no second one.
  if (isError && !/^error\b/i.test(parts[0] ?? '')) parts[0] = `Error: ${parts[0] ?? ''}`;
  return {
    ...joinWithin(parts, maxChars, unread),
    isError,
    ...(picker ? { images: picker.images, imagesLeftOut } : {}),
  };
}

function partsOf(
  result: CallToolResult,
  beginning: (text: string) => string,
  json: (value: unknown) => string,
  image: (block: MediaBlock) => string,
): string[] {
  const content: unknown[] = Array.isArray(result.content) ? result.content : [];
  const blocks = content.filter(isForModel);
  const parts: string[] = [];
  const hasText = blocks.some((block) => block.type === 'text');
  if (!hasText && result.structuredContent !== undefined) {
    parts.push(json(result.structuredContent));
  }
  for (const block of blocks) parts.push(describeBlock(block, beginning, image));
  if (parts.length === 0) {
    parts.push(
      blocks.length < content.length
        ? '(The tool returned content for the user only.)'
        : '(The tool returned no content.)',
    );
  }
  return parts;
}

/** Blocks whose audience leaves out the assistant are meant for the user's eyes (MCP annotations). */
function isForModel(block: unknown): block is ContentBlock {
  if (typeof block !== 'object' || block === null || !('type' in block)) return false;
  const audience = (block as { annotations?: { audience?: unknown } }).annotations?.audience;
  return !Array.isArray(audience) || audience.length === 0 || audience.includes('assistant');
}

function describeBlock(
  block: ContentBlock,
  beginning: (text: string) => string,
  image: (block: MediaBlock) => string,
): string {
  switch (block.type) {
    case 'text':
      return beginning(String(block.text));
    case 'image':
    case 'audio':
      return image(block);
    case 'resource_link':
      return `[resource link: ${block.name} <${block.uri}>]`;
    case 'resource': {
      const resource = block.resource;
      if ('text' in resource && typeof resource.text === 'string') {
        return `[resource: ${resource.uri}]\n${beginning(resource.text)}`;
      }
      const blob = 'blob' in resource && typeof resource.blob === 'string' ? resource.blob : '';
      const kind = resource.mimeType ?? 'binary data';
      // A blob with an image type is an image like any other: sent within the same bounds.
      return image({
        type: /^image\//i.test(kind) ? 'image' : 'resource',
        data: blob,
        mimeType: kind,
        label: `resource: ${resource.uri}, ${kind}`,
      });
    }
    default:
      return `[unsupported content: ${String((block as { type: unknown }).type)}]`;
  }
}

/**
 * Joins parts, copying no more than `maxChars` of them: linear, however large the result.
 * `unread`: characters of the result left out of the parts (the ends of long texts).
 */
function joinWithin(
  parts: string[],
  maxChars: number,
  unread = 0,
): { text: string; truncated: boolean } {
  const total =
    parts.reduce((sum, part) => sum + part.length, 0) +
    PART_SEPARATOR.length * (parts.length - 1) +
    unread;
  if (total <= maxChars && unread === 0)
    return { text: parts.join(PART_SEPARATOR), truncated: false };
  const kept: string[] = [];
  let room = maxChars;
  for (const [index, part] of parts.entries()) {
    const piece = index === 0 ? part : PART_SEPARATOR + part;
    if (room <= 0) break;
    kept.push(piece.length <= room ? piece : cutSafely(piece, room));
    room -= piece.length;
  }
  return { text: kept.join('') + truncationNote(maxChars, total), truncated: true };
}

/** The note that ends a cut result, so the model knows it saw only part and the user saw all. */
export function truncationNote(shown: number, total: number): string {
  return (
    `\n\n[Hearth cut this result: showing the first ${NUMBER_FORMAT.format(shown)} of ` +
    `${NUMBER_FORMAT.format(total)} characters. The user sees it in full.]`
  );
}

/** Cuts before `length`, never between the two halves of a surrogate pair. */
function cutSafely(text: string, length: number): string {
  const code = text.charCodeAt(length - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? length - 1 : length;
  return text.slice(0, end);
}
