/**
 * Screenshots for the chat, in three steps the picker takes: list the screens and windows (with
 * small pictures), capture one and hold it in main (the page gets a preview to drag a region
 * over), then keep all of it or the region, so what the user selected is exactly what is kept.
 * The capture comes from the shell (Electron's `desktopCapturer`, electron/shell/screenCapture.ts);
 * the browser host has none, and says so (its page asks the browser instead).
 */
import { randomUUID } from 'node:crypto';
import {
  MAX_PREVIEW_CHARS,
  MAX_SCREEN_SOURCES,
  type ScreenCapture,
  type ScreenRegion,
  type Screenshot,
  type ScreenSources,
} from '../../../preload/schemas/screen';
import { UPLOAD_CHUNK_BYTES } from '../../../preload/schemas/fileKinds';
import { UserFacingError } from '../bridge/errors';
import type { FileStore } from '../files';
import { cropPng, imageSize, jpegDataUrl, type ImageSize } from './screenImage';
import { refusalBeforeAsking, refusalWhenAsking, type CaptureSituation } from './screenRefusal';

export interface RawScreenSource {
  id: string;
  name: string;
  kind: 'screen' | 'window';
  /** Its picture at about the size asked, PNG. */
  png: Buffer;
}

/** What the desktop shell does with Electron; plain data in and out. */
export interface ScreenCaptureBackend {
  situation(): CaptureSituation;
  /** Every screen and window, each with a picture about `thumbnail` in size. */
  list(thumbnail: ImageSize): Promise<RawScreenSource[]>;
  /** One source's picture at its full size, PNG; undefined when the source has gone. */
  grab(sourceId: string): Promise<Buffer | undefined>;
}

/** A screenshot as taken: PNG bytes and the name it is attached under. */
export interface TakenScreenshot {
  png: Buffer;
  name: string;
  width: number;
  height: number;
}

export interface ScreenService {
  sources(): Promise<ScreenSources>;
  capture(sourceId: string): Promise<ScreenCapture>;
  /** Keeps the held capture (or the region of it) as an attached image, and lets it go. */
  keep(captureId: string, region?: ScreenRegion): Promise<Screenshot>;
  /** Lets a held capture go unkept (the picker was closed). */
  discard(captureId: string): boolean;
}

export const THUMBNAIL_BOX: ImageSize = { width: 320, height: 200 };
export const PREVIEW_BOX: ImageSize = { width: 1600, height: 1000 };

/** The picker's view of a capture, smaller and rougher when a busy screen would not fit a message. */
async function previewOf(png: Buffer): Promise<string> {
  const preview = await jpegDataUrl(png, PREVIEW_BOX, 80);
  if (preview.length <= MAX_PREVIEW_CHARS) return preview;
  return jpegDataUrl(png, { width: 1024, height: 640 }, 55);
}

/** "Screenshot 2026-11-29 at 10.04.05.png", in local time, as screenshot tools name them. */
export function screenshotName(when: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const day = `${when.getFullYear()}-${two(when.getMonth() + 1)}-${two(when.getDate())}`;
  const time = `${two(when.getHours())}.${two(when.getMinutes())}.${two(when.getSeconds())}`;
  return `Screenshot ${day} at ${time}.png`;
}

/**
 * Keeps a screenshot where attached files go, by the very steps an upload from the page takes
 * (begin, chunks in order, finish: its kind checked from its bytes, scaled if large, kept once
 * by SHA-256), so a screenshot is an ordinary attached image from then on.
 */
export function keepInFileStore(
  files: Pick<FileStore, 'begin' | 'chunk' | 'finish' | 'cancel'>,
): (shot: TakenScreenshot) => Promise<Screenshot> {
  return async (shot) => {
    const { uploadId } = await files.begin(shot.name, shot.png.length);
    try {
      for (let offset = 0; offset < shot.png.length; offset += UPLOAD_CHUNK_BYTES) {
        const piece = shot.png.subarray(offset, offset + UPLOAD_CHUNK_BYTES);
        await files.chunk(uploadId, offset, piece.toString('base64'));
      }
      return { name: shot.name, file: await files.finish(uploadId) };
    } catch (error) {
      await files.cancel(uploadId).catch(() => false);
      throw error;
    }
  };
}

export function createScreenService(options: {
  backend?: ScreenCaptureBackend;
  /** Puts a taken screenshot where attached files go, and says what it became. */
  keepScreenshot: (shot: TakenScreenshot) => Promise<Screenshot>;
  now?: () => Date;
}): ScreenService {
  const { backend, keepScreenshot } = options;
  const now = options.now ?? (() => new Date());
  // One capture held at a time: a new one replaces what an abandoned picker left.
  let held: { id: string; png: Buffer; name: string } | undefined;

  const desktop = (): ScreenCaptureBackend => {
    if (!backend)
      throw new UserFacingError('Screenshots are taken by the browser here, not by Hearth.');
    return backend;
  };

  /** The screenshot as taken: the held capture, or the region of it. */
  const takeScreenshot = async (
    captureId: string,
    region?: ScreenRegion,
  ): Promise<TakenScreenshot> => {
    if (!held || held.id !== captureId)
      throw new UserFacingError('That capture is no longer held. Take the screenshot again.');
    const png = region ? await cropPng(held.png, region) : held.png;
    return { png, name: held.name, ...(await imageSize(png)) };
  };

  return {
    async sources() {
      if (!backend) return { supported: false, sources: [] };
      const situation = backend.situation();
      const before = refusalBeforeAsking(situation);
      if (before) return { supported: true, sources: [], refusal: before };
      let raw: RawScreenSource[];
      try {
        raw = await backend.list(THUMBNAIL_BOX);
      } catch (error) {
        return { supported: true, sources: [], refusal: refusalWhenAsking(situation, error) };
      }
      if (raw.length === 0)
        return { supported: true, sources: [], refusal: refusalWhenAsking(situation) };
      // Screens first, then windows, as Electron lists them within each kind.
      const ordered = [
        ...raw.filter((source) => source.kind === 'screen'),
        ...raw.filter((source) => source.kind === 'window'),
      ].slice(0, MAX_SCREEN_SOURCES);
      const sources = await Promise.all(
        ordered.map(async (source) => ({
          id: source.id,
          name: source.name.slice(0, 500) || (source.kind === 'screen' ? 'Screen' : 'Window'),
          kind: source.kind,
          thumbnail: await jpegDataUrl(source.png, THUMBNAIL_BOX, 70),
        })),
      );
      return { supported: true, sources };
    },

    async capture(sourceId) {
      const png = await desktop().grab(sourceId);
      if (!png)
        throw new UserFacingError(
          'That screen or window is no longer there. Choose another one from the list.',
        );
      const size = await imageSize(png);
      held = { id: randomUUID(), png, name: screenshotName(now()) };
      return {
        captureId: held.id,
        name: held.name,
        ...size,
        preview: await previewOf(png),
      };
    },

    async keep(captureId, region) {
      const shot = await takeScreenshot(captureId, region);
      const kept = await keepScreenshot(shot);
      held = undefined;
      return kept;
    },

    discard(captureId) {
      if (held?.id !== captureId) return false;
      held = undefined;
      return true;
    },
  };
}
