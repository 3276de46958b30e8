/**
 * The shapes of the context a request takes across the bridge: what the next request would use
 * of the model's window (the bar beside the composer), and the summaries that stand for older
 * turns in later requests.
 */
import { z } from 'zod';
import { attachmentRefSchema, MAX_ATTACHMENTS } from './content';
import { MAX_FILES_PER_MESSAGE } from './fileKinds';
import { fileRefSchema } from './files';

const id = z.string().min(1).max(128);

/**
 * The message being written, as far as sizing needs it: the next request is sized with it, its
 * attachments read as sending reads them.
 */
export const contextDraftSchema = z.strictObject({
  /** Absent: a new conversation. */
  conversationId: id.optional(),
  /** Absent: the conversation's model, else the default from settings. */
  model: z.string().min(1).max(256).optional(),
  text: z.string().max(200_000).default(''),
  attachments: z.array(attachmentRefSchema).max(MAX_ATTACHMENTS).default([]),
  /** The user's files already uploaded for the message. */
  files: z.array(fileRefSchema).max(MAX_FILES_PER_MESSAGE).default([]),
});
export type ContextDraft = z.output<typeof contextDraftSchema>;

/** A summary that stands for a conversation's turns up to and including one message. */
export const contextSummarySchema = z.strictObject({
  id: z.int().positive(),
  conversationId: id,
  /** The last message it stands for; later requests send the messages after it. */
  throughMessageId: z.int().nonnegative(),
  /** How many saved messages it stands for (earlier summaries' included). */
  coveredMessages: z.int().nonnegative(),
  content: z.string().max(200_000),
  /** The model that wrote it. */
  model: z.string().max(256),
  /** ISO 8601. */
  createdAt: z.string().max(64),
  /** ISO 8601, when the user changed its words. */
  editedAt: z.string().max(64).optional(),
});
export type ContextSummary = z.output<typeof contextSummarySchema>;

/** Tokens of the next request by part; they add up to `estimatedTokens`. */
export const contextPartsSchema = z.strictObject({
  system: z.int().nonnegative(),
  tools: z.int().nonnegative(),
  summary: z.int().nonnegative(),
  conversation: z.int().nonnegative(),
  attachments: z.int().nonnegative(),
});
export type ContextParts = z.output<typeof contextPartsSchema>;

/** What the next request would take of the model's window, by the code that builds it. */
export const contextUsageSchema = z.strictObject({
  model: z.string().max(256),
  /** The window the request asks for (`num_ctx`). */
  numCtx: z.int().nonnegative(),
  /** The largest window it may ask for: the user's fixed one or memory cap, within the model's. */
  limit: z.int().nonnegative(),
  /** The request as estimated, reply room not included. */
  estimatedTokens: z.int().nonnegative(),
  /** Room kept free for the reply. */
  replyReserveTokens: z.int().nonnegative(),
  parts: contextPartsSchema,
  /** Messages the request would leave out because the conversation outgrew the window. */
  droppedMessages: z.int().nonnegative(),
  /** Older turns a summary could stand for (none when only the last turn is too long). */
  summarisable: z.boolean(),
  /** The summary in force, sent in place of the turns it covers. */
  summary: contextSummarySchema.nullable(),
});
export type ContextUsage = z.output<typeof contextUsageSchema>;

/** A summary made, changed or undone; `summary` is the one in force now. */
export const summaryChangedSchema = z.strictObject({
  conversationId: id,
  summary: contextSummarySchema.nullable(),
});
