/**
 * What the interface is sent of a saved conversation: every message as stored, except that a
 * long tool result comes as its beginning, with its whole length, and the rest is read on demand
 * (`conversations:messageContent`). A heavy history holds hundreds of results of 100 KB and more
 * (files read, pages fetched); sending them whole made a 10,000-message conversation an 11 MB
 * message on the bridge and the slowest part of opening it, for text that starts collapsed.
 */
import type { Conversation, StoredMessage } from './types';

/** A tool result longer than this is sent as its first this-many characters. */
export const TOOL_RESULT_PREVIEW_CHARS = 4_000;

/** The most a page of a message's content carries over the bridge. */
export const MAX_CONTENT_PAGE_CHARS = 1_000_000;

/** The first `limit` characters, ended at a line break when one is near, never mid-character. */
export function previewOf(content: string, limit = TOOL_RESULT_PREVIEW_CHARS): string {
  if (content.length <= limit) return content;
  let end = limit;
  // A high surrogate at the cut would leave half a character.
  const code = content.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  const lineBreak = content.lastIndexOf('\n', end);
  if (lineBreak > end * 0.8) end = lineBreak;
  return content.slice(0, end);
}

export function previewedMessage(message: StoredMessage): StoredMessage {
  if (message.role !== 'tool' || message.content.length <= TOOL_RESULT_PREVIEW_CHARS)
    return message;
  return { ...message, content: previewOf(message.content), fullLength: message.content.length };
}

export function withToolResultPreviews(conversation: Conversation): Conversation {
  return { ...conversation, messages: conversation.messages.map(previewedMessage) };
}
