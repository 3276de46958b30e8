/**
 * Screenshots into the chat (desktop app): the screens and windows Electron's `desktopCapturer`
 * lists, one of them captured and held in main, and what the user keeps of it (all of it, or a
 * region dragged over it). The browser host has none of this: its page asks the browser itself
 * (`getDisplayMedia`).
 */
import { z } from 'zod';
import { fileFactsSchema, fileNameSchema } from './files';

/** Electron's source ids: `screen:ZZ:0` or `window:XX:YY` (docs/api/structures/desktop-capturer-source.md). */
export const screenSourceIdSchema = z.string().min(1).max(200);

/** Small pictures of each source, JPEG data URLs; the list fits well within a message. */
export const MAX_SCREEN_SOURCES = 40;
export const MAX_THUMBNAIL_CHARS = 40_000;
/** The captured image as the picker shows it, scaled down; the region is in the full image's pixels. */
export const MAX_PREVIEW_CHARS = 700_000;

export const screenSourceSchema = z.strictObject({
  id: screenSourceIdSchema,
  name: z.string().max(500),
  kind: z.enum(['screen', 'window']),
  thumbnail: z.string().max(MAX_THUMBNAIL_CHARS),
});
export type ScreenSource = z.output<typeof screenSourceSchema>;

export const screenSourcesSchema = z.strictObject({
  /** False in the browser host, whose page uses the browser's own screen-capture prompt. */
  supported: z.boolean(),
  sources: z.array(screenSourceSchema).max(MAX_SCREEN_SOURCES),
  /** Where the platform refuses: one sentence saying what to allow and where. */
  refusal: z.string().max(1_000).optional(),
});
export type ScreenSources = z.output<typeof screenSourcesSchema>;

const pixels = z.int().nonnegative().max(100_000);

/** A rectangle in the captured image's own pixels. */
export const screenRegionSchema = z.strictObject({
  x: pixels,
  y: pixels,
  width: pixels,
  height: pixels,
});
export type ScreenRegion = z.output<typeof screenRegionSchema>;

export const captureIdSchema = z.string().min(1).max(100);

export const screenCaptureSchema = z.strictObject({
  captureId: captureIdSchema,
  name: z.string().max(500),
  width: pixels,
  height: pixels,
  preview: z.string().max(MAX_PREVIEW_CHARS),
});
export type ScreenCapture = z.output<typeof screenCaptureSchema>;

/**
 * A kept screenshot: an attached file like any other (a PNG named for when it was taken), kept
 * by the file store as an upload would be; the message names it by `file.sha256` and `name`.
 */
export const screenshotSchema = z.strictObject({ name: fileNameSchema, file: fileFactsSchema });
export type Screenshot = z.output<typeof screenshotSchema>;
