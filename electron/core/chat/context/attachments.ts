/**
 * Resources attached to a user message, as the model gets them: text inline under a header that
 * names the server and the URI (cut to a limit, with a note saying so), images as Ollama images
 * when the model can see, and anything else described rather than sent.
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

export function attachmentContext(
  attachments: readonly Attachment[],
  options: { vision: boolean; maxChars?: number },
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
  const where = uri
    ? `“${attachment.name}” from the server “${attachment.server}” (${uri}${type})`
    : `“${attachment.name}” from the server “${attachment.server}”${type ? ` (${type.slice(2)})` : ''}`;
  if (content.text !== undefined) {
    const text = content.text.slice(0, options.maxChars);
    const cut =
      content.text.length > options.maxChars || content.truncated
        ? `\n[Cut here: the resource has ${content.size.toLocaleString('en-US')} characters and only the first ${text.length.toLocaleString('en-US')} are included.]`
        : '';
    return `[Attached resource ${where}]\n${text}${cut}\n[End of ${attachment.name}]`;
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
export function userMessageForModel(message: StoredMessage, vision: boolean): Message {
  if (!message.attachments?.length) return { role: 'user', content: message.content };
  const context = attachmentContext(message.attachments, { vision });
  const wire: Message = {
    role: 'user',
    content: message.content ? `${context.text}\n\n${message.content}` : context.text,
    ...(context.images.length ? { images: context.images } : {}),
  };
  ownWords.set(wire, message.content);
  return wire;
}
