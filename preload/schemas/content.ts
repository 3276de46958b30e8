/**
 * The shapes of what servers offer besides tools, as they cross the bridge: a prompt's messages,
 * argument completions, a resource's contents, and resources attached to a user message. Server
 * text is untrusted, so every field has a bound.
 */
import { z } from 'zod';
import { fileFactsSchema } from './files';
import { serverNameSchema } from './servers';

const MAX_URI_LENGTH = 4_096;
/** Text of one resource as read (the model gets less; see electron/core/chat/context/attachments.ts). */
export const MAX_RESOURCE_TEXT_CHARS = 1_000_000;
/** Base64 of one binary resource kept whole (an image); larger ones keep only their size. */
export const MAX_RESOURCE_BLOB_CHARS = 8_000_000;
/** Resources on one message: more would drown the question in context. */
export const MAX_ATTACHMENTS = 10;

const uri = z.string().min(1).max(MAX_URI_LENGTH);
const name = z.string().min(1).max(1_000);

/** One piece of a resource as read: its text, or its bytes (base64) and their size. */
export const resourceContentSchema = z.strictObject({
  uri: z.string().max(MAX_URI_LENGTH),
  mimeType: z.string().max(256).optional(),
  text: z.string().max(MAX_RESOURCE_TEXT_CHARS).optional(),
  /** Base64, present only when small enough to keep (see MAX_RESOURCE_BLOB_CHARS). */
  blob: z.string().max(MAX_RESOURCE_BLOB_CHARS).optional(),
  /** Bytes of the binary contents, or characters of the text before any cut. */
  size: z.int().nonnegative(),
  /** The text or bytes were longer than Hearth keeps. */
  truncated: z.boolean().optional(),
});
export type ResourceContent = z.output<typeof resourceContentSchema>;

export const resourceReadSchema = z.strictObject({
  contents: z.array(resourceContentSchema).max(100),
});
export type ResourceRead = z.output<typeof resourceReadSchema>;

/** A resource the user picked for a message: main reads it when the message is sent. */
export const attachmentRefSchema = z.strictObject({
  server: serverNameSchema,
  uri,
  name: name.optional(),
});
export type AttachmentRef = z.output<typeof attachmentRefSchema>;

/**
 * A resource or a user's file as it was attached to a saved message: what the model was given. A
 * file has `file` (its stored facts) and an empty `server`; its text is in `contents`, its image
 * bytes in the data folder (see electron/core/files/).
 */
export const attachmentSchema = z.strictObject({
  server: z.string().max(256),
  file: fileFactsSchema.optional(),
  uri: z.string().max(MAX_URI_LENGTH),
  name: z.string().max(1_000),
  contents: z.array(resourceContentSchema).max(100),
});
export type Attachment = z.output<typeof attachmentSchema>;

/** A prompt to run as the start of a turn (a slash command), with the user's arguments. */
export const promptRunSchema = z.strictObject({
  server: serverNameSchema,
  name,
  arguments: z.record(z.string().max(1_000), z.string().max(100_000)).default({}),
});
export type PromptRun = z.input<typeof promptRunSchema>;

/** What completion is asked for: a prompt's argument, or a resource template's variable. */
export const completionRefSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ref/prompt'), name }),
  z.strictObject({ type: z.literal('ref/resource'), uri }),
]);

export const completionRequestSchema = z.strictObject({
  server: serverNameSchema,
  ref: completionRefSchema,
  argument: z.strictObject({ name, value: z.string().max(10_000) }),
  /** Arguments already filled in, so a server can narrow its suggestions. */
  context: z.record(z.string().max(1_000), z.string().max(10_000)).optional(),
});
export type CompletionRequest = z.input<typeof completionRequestSchema>;

export const completionResultSchema = z.strictObject({
  values: z.array(z.string().max(10_000)).max(100),
  total: z.int().nonnegative().optional(),
  hasMore: z.boolean().optional(),
});
export type CompletionResult = z.output<typeof completionResultSchema>;

/** A watched resource changed on its server. */
export const resourceUpdatedSchema = z.strictObject({ server: serverNameSchema, uri });

/** One message of a prompt, as Hearth keeps it: its text, and resources or images it carried. */
export const promptMessageSchema = z.strictObject({
  role: z.enum(['user', 'assistant']),
  text: z.string().max(MAX_RESOURCE_TEXT_CHARS),
  attachments: z.array(attachmentSchema).max(100),
});
export type PromptMessage = z.output<typeof promptMessageSchema>;

export const promptResultSchema = z.strictObject({
  description: z.string().max(32_768).optional(),
  messages: z.array(promptMessageSchema).max(200),
});
export type PromptResult = z.output<typeof promptResultSchema>;

// Zod-free, for the page's first script; exported here as before for main and the tests.
export { formatSize, isImageType } from './resourceFacts';
