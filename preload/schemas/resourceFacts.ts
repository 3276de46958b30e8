/**
 * Facts about a resource's contents that main and the page both state: whether it is an image,
 * and its size in words. Free of zod, so the page's first script need not load the schemas.
 */

/** Raster image types shown (and sent to a model that sees) as images. */
export function isImageType(mimeType: string | undefined): boolean {
  return mimeType !== undefined && /^image\/(png|jpeg|gif|webp|bmp)$/.test(mimeType);
}

/** A size in words a person reads: "512 bytes", "12 KB", "3.4 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1_024) return `${bytes} bytes`;
  if (bytes < 1_024 * 1_024) return `${Math.round(bytes / 1_024)} KB`;
  return `${(bytes / (1_024 * 1_024)).toFixed(1)} MB`;
}
