/**
 * Which images of a tool result a vision model is sent, on the tool message itself: Ollama takes
 * `images` on a message of any role (api/types.go Message.Images; server/prompt.go
 * imageTaggedMessages turns every message's images into media, `role: "tool"` included, and
 * model/renderers such as qwen3vl.go place them inside the `<tool_response>` they render). Each
 * image costs the model context (server/prompt.go counts 768 tokens an image), so a result sends
 * a bounded number and size; the rest stays with the user, and the text says so.
 */

/** Images sent from one tool result; more would crowd out the conversation. */
export const MAX_TOOL_IMAGES = 4;
/** Decoded bytes of the images sent from one tool result, together. */
export const MAX_TOOL_IMAGE_BYTES = 4 * 1024 * 1024;
/**
 * Kinds Ollama decodes for vision models: PNG and JPEG, and WebP, which server/routes.go
 * registers "so webp images can be used in multimodal inputs".
 */
const MODEL_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** An image a vision model is sent with a tool result. */
export interface ToolImage {
  /** Base64, as Ollama's JSON takes `images`. */
  data: string;
  mimeType: string;
  /** Decoded size. */
  bytes: number;
}

export interface ImageBounds {
  maxImages: number;
  maxBytes: number;
}

export const DEFAULT_IMAGE_BOUNDS: ImageBounds = {
  maxImages: MAX_TOOL_IMAGES,
  maxBytes: MAX_TOOL_IMAGE_BYTES,
};

/** Why an image stayed with the user, in words for the model; undefined when it was taken. */
export type ImageChoice = { sent: true; number: number } | { sent: false; why: string };

/** Takes images in order while they fit the bounds; `images` holds those taken. */
export function imagePicker(bounds: ImageBounds): {
  pick(data: unknown, mimeType: unknown, bytes: number): ImageChoice;
  images: ToolImage[];
} {
  const images: ToolImage[] = [];
  let total = 0;
  return {
    images,
    pick(data, mimeType, bytes) {
      if (typeof data !== 'string' || !BASE64.test(data) || data.length === 0)
        return { sent: false, why: 'its data is not base64' };
      if (typeof mimeType !== 'string' || !MODEL_IMAGE_TYPES.has(mimeType.toLowerCase()))
        return { sent: false, why: 'the model takes only PNG, JPEG and WebP images' };
      if (images.length >= bounds.maxImages || total + bytes > bounds.maxBytes)
        return {
          sent: false,
          why: `over Hearth's limit of ${bounds.maxImages} images and ${formatBytes(bounds.maxBytes)} from one tool result`,
        };
      images.push({ data, mimeType: mimeType.toLowerCase(), bytes });
      total += bytes;
      return { sent: true, number: images.length };
    },
  };
}

/** Decoded size of base64 text, without decoding it. */
export function base64Bytes(data: unknown): number {
  if (typeof data !== 'string') return 0;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
