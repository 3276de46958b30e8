/**
 * Resources and the user's files attached to a user message, as the model gets them: text inline
 * under a header that names where it came from (cut to a limit shared by all of the message's
 * texts, with a note saying so), images as Ollama images when the model can see (a file's image
 * is read from the data folder, see electron/core/files/), and anything else described rather
 * than sent. One path for both, so what counts a request's size counts files too.
 */
import type { Message } from 'ollama';
import {
  formatSize,
  isImageType,
  type Attachment,
  type ResourceContent,
} from '../../../../preload/schemas/content';
import type { StoredMessage } from '../../history';

/**
 * Characters of attached text the model sees with one message, shared evenly among its text
 * resources: about 7,000 tokens at 3.5 characters a token, under half of the 16k automatic
 * context, so attachments cannot push the question and the conversation out.
 */
export const MAX_ATTACHMENT_CHARS_FOR_MODEL = 24_000;

/** What the model gets for a message's attachments: text to put before the message, and images. */
export interface AttachmentContext {
  text: string;
  images: string[];
}

/** Where the images of attached files are read from (the data folder's file store). */
export interface FileImages {
  imageBase64(sha256: string): string | undefined;
}

interface ContextOptions {
  vision: boolean;
  maxChars?: number;
  files?: FileImages;
}

export function attachmentContext(
  attachments: readonly Attachment[],
  options: ContextOptions,
): AttachmentContext {
  const texts = attachments.flatMap((attachment) =>
    attachment.contents.filter((content) => content.text !== undefined),
  ).length;
  const maxChars = Math.floor(
    (options.maxChars ?? MAX_ATTACHMENT_CHARS_FOR_MODEL) / Math.max(1, texts),
  );
  const parts: string[] = [];
  const images: string[] = [];
  for (const attachment of attachments) {
    if (attachment.file?.kind === 'image') {
      parts.push(describeImageFile(attachment, options, images));
      continue;
    }
    for (const content of attachment.contents) {
      parts.push(describeContent(attachment, content, { ...options, maxChars }, images));
    }
  }
  return { text: parts.join('\n\n'), images };
}

function describeContent(
  attachment: Attachment,
  content: ResourceContent,
  options: { vision: boolean; maxChars: number },
  images: string[],
): string {
  const uri = content.uri || attachment.uri;
  const type = content.mimeType ? `, ${content.mimeType}` : '';
  const where = attachment.file
    ? `“${attachment.name}” (${attachment.file.kind === 'pdf' ? 'the text of a PDF' : (content.mimeType ?? 'text')}, ${formatSize(attachment.file.originalBytes)})`
    : uri
      ? `“${attachment.name}” from the server “${attachment.server}” (${uri}${type})`
      : `“${attachment.name}” from the server “${attachment.server}”${type ? ` (${type.slice(2)})` : ''}`;
  const what = attachment.file ? 'file' : 'resource';
  if (content.text !== undefined) {
    const text = content.text.slice(0, options.maxChars);
    const cut =
      content.text.length > options.maxChars || content.truncated
        ? `\n[Cut here: the ${what} has ${content.size.toLocaleString('en-US')} characters and only the first ${text.length.toLocaleString('en-US')} are included.]`
        : '';
    return `[Attached ${what} ${where}]\n${text}${cut}\n[End of ${attachment.name}]`;
  }
  const size = formatSize(content.size);
  if (isImageType(content.mimeType) && content.blob) {
    if (options.vision) {
      images.push(content.blob);
      return `[Attached image ${where}, ${size}: sent with this message as an image.]`;
    }
    return `[Attached image ${where}, ${size}: not included, because this model cannot see images.]`;
  }
  return `[Attached binary resource ${where}, ${size}: its bytes are not included.]`;
}

/** An attached image file: its bytes from the data folder when the model can see. */
function describeImageFile(
  attachment: Attachment,
  options: ContextOptions,
  images: string[],
): string {
  const file = attachment.file;
  if (!file) return '';
  const scaled = file.scaledFrom
    ? `, scaled down from ${file.scaledFrom.width} × ${file.scaledFrom.height}`
    : '';
  const where = `“${attachment.name}” (${file.mimeType}, ${file.width ?? '?'} × ${file.height ?? '?'} pixels${scaled})`;
  if (!options.vision)
    return `[Attached image ${where}: not included, because this model cannot see images.]`;
  const bytes = options.files?.imageBase64(file.sha256);
  if (bytes === undefined) return `[Attached image ${where}: no longer kept, so not included.]`;
  images.push(bytes);
  return `[Attached image ${where}: sent with this message as an image.]`;
}

/**
 * The user's own words of each wire message that carries attachments, so the context bar can
 * tell what the attachments take of the very message the request sends (requestContext.ts).
 */
const ownWords = new WeakMap<Message, string>();

/** The words a user message in Ollama's shape carries besides its attachments, when it has any. */
export function ownWordsOf(message: Message): string | undefined {
  return ownWords.get(message);
}

/** A saved user message in Ollama's shape, its attachments before its own words. */
export function userMessageForModel(
  message: StoredMessage,
  vision: boolean,
  files?: FileImages,
): Message {
  if (!message.attachments?.length) return { role: 'user', content: message.content };
  const context = attachmentContext(message.attachments, { vision, ...(files ? { files } : {}) });
  const wire: Message = {
    role: 'user',
    content: message.content ? `${context.text}\n\n${message.content}` : context.text,
    ...(context.images.length ? { images: context.images } : {}),
  };
  ownWords.set(wire, message.content);
  return wire;
}
