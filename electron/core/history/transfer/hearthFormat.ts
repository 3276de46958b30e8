/**
 * Hearth's own export, lossless: every conversation with every version of every message (each
 * names its parent), the branch on screen, tool calls with their outcomes, tool results, and
 * attachments as saved. Message ids are the file's own; an import gives new ones.
 *
 * { "format": "hearth.conversations", "version": 1, "exportedAt": "…",
 *   "conversations": [ { "id", "title", "options"?, "createdAt", "updatedAt",
 *     "currentMessage"?, "messages": [ { "id", "parent", "role", "content", … } ] } ],
 *   "files": [ { "sha256", "name", "data" (base64) } ] }   (the attached files messages name)
 */
import { z } from 'zod';
import { conversationOptionsSchema, storedMessageSchema } from '../../../../preload/schemas/chat';

export const HEARTH_FORMAT = 'hearth.conversations';
export const HEARTH_FORMAT_VERSION = 1;

/** One message as exported: a saved message with its parent, without what only the page gets. */
export const exportedMessageSchema = storedMessageSchema
  .omit({ fullLength: true, versions: true })
  .extend({ parent: z.int().nonnegative().nullable() });

export const exportedConversationSchema = z.strictObject({
  id: z.string().min(1).max(128),
  title: z.string().max(1_000),
  /** The conversation's own options: its model, instructions, sampling. */
  options: conversationOptionsSchema.optional(),
  createdAt: z.string().max(64),
  updatedAt: z.string().max(64),
  currentMessage: z.int().nonnegative().optional(),
  messages: z.array(exportedMessageSchema),
});

export type ExportedMessage = z.output<typeof exportedMessageSchema>;
export type ExportedConversation = z.output<typeof exportedConversationSchema>;
