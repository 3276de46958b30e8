/**
 * The messages a turn opens with: the prompt's messages when the user ran a slash command (its
 * user messages as the user's turn, its assistant messages kept as context), then the user's own
 * words with the resources they attached, read from their servers now, and the files they
 * attached, from the data folder (fileAttachments.ts). Everything is read before
 * anything is saved, so a server that fails leaves the conversation as it was.
 */
import type { z } from 'zod';
import type { chatSendSchema } from '../../../../preload/schemas/chat';
import type { Attachment, AttachmentRef, PromptMessage } from '../../../../preload/schemas/content';
import { UserFacingError } from '../../bridge/errors';
import type { NewMessage } from '../../history';
import { getPrompt, lastSegment, readResource, type ResourceHost } from '../../mcp';
import { attachmentContext } from '../context/attachments';
import type { FileStore } from '../../files';
import { fileAttachments } from './fileAttachments';

type SendInput = z.output<typeof chatSendSchema>;

export async function openingMessages(
  input: SendInput,
  host: ResourceHost,
  files?: FileStore,
): Promise<NewMessage[]> {
  const messages: NewMessage[] = [];
  if (input.prompt) {
    const { server, name } = input.prompt;
    const result = await getPrompt(host, server, name, input.prompt.arguments).catch(
      (error: unknown) => {
        throw new UserFacingError(
          `The prompt “${name}” of “${server}” did not run: ${(error as Error).message}`,
        );
      },
    );
    for (const message of mergeByRole(result.messages)) messages.push(savedForm(message));
  }
  if (input.files.length > 0 && !files) throw new UserFacingError('Files cannot be attached here.');
  const attachments = [
    ...(await readAttachments(host, input.attachments)),
    ...(files && input.files.length > 0 ? await fileAttachments(files, input.files) : []),
  ];
  const text = input.text.trim();
  if (text === '' && attachments.length === 0) return messages;
  const last = messages.at(-1);
  if (last?.role === 'user') {
    // The user's words and files join the prompt's last user message: one question, not two.
    last.content = [last.content, text].filter(Boolean).join('\n\n');
    last.attachments = [...(last.attachments ?? []), ...attachments];
  } else {
    messages.push({ role: 'user', content: text, ...(attachments.length ? { attachments } : {}) });
  }
  return messages;
}

/** Reads each attached resource; one that cannot be read stops the send with its name. */
export async function readAttachments(
  host: ResourceHost,
  refs: readonly AttachmentRef[],
): Promise<Attachment[]> {
  return Promise.all(
    refs.map(async (ref) => {
      const name = ref.name ?? lastSegment(ref.uri);
      try {
        const read = await readResource(host, ref.server, ref.uri);
        return { server: ref.server, uri: ref.uri, name, contents: read.contents };
      } catch (error) {
        throw new UserFacingError(
          `“${name}” from “${ref.server}” could not be read: ${(error as Error).message}`,
        );
      }
    }),
  );
}

/** Consecutive messages of one role become one, their texts and attachments in order. */
export function mergeByRole(messages: readonly PromptMessage[]): PromptMessage[] {
  const merged: PromptMessage[] = [];
  for (const message of messages) {
    const last = merged.at(-1);
    if (last && last.role === message.role) {
      last.text = [last.text, message.text].filter(Boolean).join('\n\n');
      last.attachments = [...last.attachments, ...message.attachments];
    } else {
      merged.push({ ...message, attachments: [...message.attachments] });
    }
  }
  return merged;
}

/** A prompt message as saved: an assistant's resources are written into its text. */
function savedForm(message: PromptMessage): NewMessage {
  if (message.role === 'user') {
    return {
      role: 'user',
      content: message.text,
      ...(message.attachments.length ? { attachments: message.attachments } : {}),
    };
  }
  const context = attachmentContext(message.attachments, { vision: false }).text;
  return { role: 'assistant', content: [context, message.text].filter(Boolean).join('\n\n') };
}
