/**
 * An attached image made ready for a model, with sharp (libvips): its size read from the header
 * before anything is decoded, so a PNG bomb (a small file of a billion pixels) is refused unread;
 * a large one scaled down to what vision models take (their encoders work at 336 to 1,568 pixels
 * a side, so more only costs memory and time); a GIF sent as its first frame in PNG, which every
 * model's image decoder reads.
 */
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS, MODEL_IMAGE_SIDE } from '../../../preload/schemas/fileKinds';
import { scaleInHelper, type ScaleJob, type ScaleOutcome } from './imageScaler';

// libvips keeps decoded images in a cache for repeat operations; each image is prepared once, and
// pixels held there would be memory the app keeps (bench: files.attach_20mb_peak_ratio).
sharp.cache(false);
sharp.concurrency(1);

export type PreparedImage =
  | {
      ok: true;
      /** Whether the image was written anew to `outPath`; false: the file is kept as it is. */
      rewritten: boolean;
      mimeType: string;
      width: number;
      height: number;
      scaledFrom?: { width: number; height: number };
    }
  | { ok: false; sentence: string };

/**
 * Reads the header of the image at `path` and, when it is larger than models take, writes it
 * scaled down to `outPath`, in the helper process (imageScaler.ts; to a file, not a buffer:
 * libvips then streams it out in strips).
 */
export async function prepareImage(
  path: string,
  name: string,
  mimeType: string,
  outPath: string,
): Promise<PreparedImage> {
  let header: sharp.Metadata;
  try {
    header = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, sentence: `“${name}” could not be read as an image: it may be damaged.` };
  }
  const width = header.width ?? 0;
  const height = header.height ?? 0;
  if (width === 0 || height === 0)
    return { ok: false, sentence: `“${name}” could not be read as an image: it has no size.` };
  if (width * height > MAX_IMAGE_PIXELS)
    return {
      ok: false,
      sentence: `“${name}” is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels; Hearth takes images up to ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
    };
  const tooLarge = Math.max(width, height) > MODEL_IMAGE_SIDE;
  const gif = mimeType === 'image/gif';
  if (!tooLarge && !gif) return { ok: true, rewritten: false, mimeType, width, height };
  const format = mimeType === 'image/jpeg' ? 'jpeg' : mimeType === 'image/webp' ? 'webp' : 'png';
  const job: ScaleJob = {
    path,
    outPath,
    input: { limitInputPixels: MAX_IMAGE_PIXELS, animated: false, sequentialRead: true },
    // Turning needs the whole image in memory: only for a photo whose camera says it is turned.
    rotate: (header.orientation ?? 1) > 1,
    resize: {
      width: MODEL_IMAGE_SIDE,
      height: MODEL_IMAGE_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    },
    format,
    encode: format === 'png' ? {} : { quality: 85 },
  };
  let scaled = await scaleInHelper(job);
  if (!scaled.ok && scaled.reason === 'unavailable') scaled = await scaleHere(job);
  if (!scaled.ok)
    return {
      ok: false,
      sentence: `“${name}” could not be read as an image: it may be damaged or cut short.`,
    };
  return {
    ok: true,
    rewritten: true,
    mimeType: gif ? 'image/png' : mimeType,
    width: scaled.width,
    height: scaled.height,
    ...(tooLarge ? { scaledFrom: { width, height } } : {}),
  };
}

/** The helper's steps (imageScaler.ts), in Hearth: where the helper cannot start. */
export async function scaleHere(job: ScaleJob): Promise<ScaleOutcome> {
  try {
    const image = sharp(job.path, job.input);
    const info = await (job.rotate ? image.rotate() : image)
      .resize(job.resize)
      [job.format](job.encode)
      .toFile(job.outPath);
    return { ok: true, width: info.width, height: info.height };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}
