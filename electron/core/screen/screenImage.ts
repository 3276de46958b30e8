/**
 * The image work of a screenshot, with sharp: the picker's small pictures and its preview, and the
 * region the user dragged cut out of the full capture. The capture itself comes from the shell
 * as PNG bytes.
 */
import sharp from 'sharp';
import type { ScreenRegion } from '../../../preload/schemas/screen';
import { UserFacingError } from '../bridge/errors';

/** The smallest region worth sending: a few characters of text. */
export const MIN_REGION_PIXELS = 8;

export interface ImageSize {
  width: number;
  height: number;
}

export async function imageSize(png: Buffer): Promise<ImageSize> {
  const { width, height } = await sharp(png).metadata();
  if (!width || !height) throw new UserFacingError('The captured image was empty. Try again.');
  return { width, height };
}

/** A JPEG data URL no larger than `box`, for showing (never for the model). */
export async function jpegDataUrl(png: Buffer, box: ImageSize, quality = 80): Promise<string> {
  const jpeg = await sharp(png)
    .resize({ ...box, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#000000' })
    .jpeg({ quality })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/** Why a region cannot be cut from an image of `size`, in plain words; undefined when it can. */
export function regionProblem(region: ScreenRegion, size: ImageSize): string | undefined {
  if (region.width < MIN_REGION_PIXELS || region.height < MIN_REGION_PIXELS)
    return `The region is too small: drag a rectangle at least ${MIN_REGION_PIXELS} pixels wide and high.`;
  if (region.x + region.width > size.width || region.y + region.height > size.height)
    return `The region goes past the edge of the ${size.width}×${size.height} capture: drag it within the picture.`;
  return undefined;
}

/** The region cut out as a PNG; a region that does not fit is refused in words. */
export async function cropPng(png: Buffer, region: ScreenRegion): Promise<Buffer> {
  const problem = regionProblem(region, await imageSize(png));
  if (problem) throw new UserFacingError(problem);
  return sharp(png)
    .extract({ left: region.x, top: region.y, width: region.width, height: region.height })
    .png()
    .toBuffer();
}
