/** Conversations out and in: what the page asks for and what it is told. */
import { z } from 'zod';

export const exportRequestSchema = z.strictObject({
  /** `json`: lossless, every version; `markdown`: the branch on screen, to read. */
  format: z.enum(['json', 'markdown']),
  /** One conversation; all of them when absent. */
  conversationId: z.string().min(1).max(128).optional(),
});

/**
 * Saved where the user chose (the desktop), cancelled, or, in the browser host, the address the
 * page downloads the file from (the host's own, carrying the launch token by its cookie).
 */
export const exportResultSchema = z.discriminatedUnion('outcome', [
  z.strictObject({ outcome: z.literal('saved'), conversations: z.int().nonnegative() }),
  z.strictObject({ outcome: z.literal('cancelled') }),
  z.strictObject({ outcome: z.literal('download'), url: z.string().max(2_048) }),
]);

/** How many left-out conversations a summary names for each reason, and how long a title may be. */
export const TITLES_NAMED = 5;
export const NAMED_TITLE_CHARS = 200;

export const importSummarySchema = z.strictObject({
  imported: z.int().nonnegative(),
  alreadyThere: z.int().nonnegative(),
  skipped: z
    .array(
      z.strictObject({
        count: z.int().positive(),
        reason: z.string().max(500),
        /** The titles of the first few conversations left out for this reason. */
        titles: z.array(z.string().max(NAMED_TITLE_CHARS)).max(TITLES_NAMED).optional(),
      }),
    )
    .max(100),
});

/** Imported (with a summary and the sentence that says it), cancelled, or where to upload. */
export const importResultSchema = z.discriminatedUnion('outcome', [
  z.strictObject({
    outcome: z.literal('imported'),
    summary: importSummarySchema,
    sentence: z.string().max(5_000),
  }),
  z.strictObject({ outcome: z.literal('cancelled') }),
  z.strictObject({ outcome: z.literal('upload'), url: z.string().max(2_048) }),
]);

export type ExportResult = z.output<typeof exportResultSchema>;
export type ImportResult = z.output<typeof importResultSchema>;
