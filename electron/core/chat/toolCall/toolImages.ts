/**
 * Images a vision model was sent with a tool result, kept with the saved tool message the way a
 * user message keeps its attached resources (an `Attachment` in the message's `attachments`,
 * see attachments.ts), so a later round and a reopened conversation send them again.
 */
import type { Message } from 'ollama';
import type { Attachment } from '../../../../preload/schemas/content';
import type { ToolImage } from '../../mcp';
import type { StoredMessage } from '../../history';

/** The images as the tool message keeps them: one attachment named for the tool. */
export function toolImagesAttachment(
  owner: { server: string; tool: string },
  images: readonly ToolImage[],
): Attachment {
  return {
    server: owner.server,
    uri: '',
    name: `images from ${owner.tool}`,
    contents: images.map((image) => ({
      uri: '',
      mimeType: image.mimeType,
      blob: image.data,
      size: image.bytes,
    })),
  };
}

/**
 * A saved tool message's images as Ollama takes them (`images` on the `role: "tool"` message;
 * api/types.go Message.Images, server/prompt.go imageTaggedMessages), for a model that can see.
 * A model that cannot is told they are not included, since the text says they were sent.
 */
export function toolImagesForModel(
  message: StoredMessage,
  vision: boolean,
): Pick<Message, 'images' | 'content'> | undefined {
  const images = (message.attachments ?? []).flatMap((attachment) =>
    attachment.contents.flatMap((content) => (content.blob ? [content.blob] : [])),
  );
  if (images.length === 0) return undefined;
  if (vision) return { content: message.content, images };
  return {
    content: `${message.content}\n[The images of this result are not included: this model cannot see images.]`,
  };
}
