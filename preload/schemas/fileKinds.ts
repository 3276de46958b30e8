/**
 * The files a user may attach to a message, and the limits, in one place for main and the page
 * (zod-free, so the page's first script can say the limits before anything is sent).
 */
import { formatSize } from './resourceFacts';

/** What an attached file becomes for the model. */
export type FileKind = 'image' | 'pdf' | 'text';

/** Each kind, the names it goes by, and its name in words. Text is any UTF-8 file (code too). */
export const FILE_KINDS: Record<FileKind, { extensions: readonly string[]; words: string }> = {
  image: {
    extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
    words: 'images (PNG, JPEG, GIF, WebP)',
  },
  pdf: { extensions: ['pdf'], words: 'PDFs' },
  text: { extensions: [], words: 'text and code files' },
};

/** "images (PNG, JPEG, GIF, WebP), PDFs, and text and code files" */
export const FILE_KINDS_IN_WORDS = (() => {
  const words = Object.values(FILE_KINDS).map((kind) => kind.words);
  return `${words.slice(0, -1).join(', ')}, and ${words.at(-1) ?? ''}`;
})();

/** One file: a phone's photo is well under it, a PDF book may not be. */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;
/** Files on one message (as resources: more would drown the question). */
export const MAX_FILES_PER_MESSAGE = 10;
/** All files of one message together. */
export const MAX_MESSAGE_FILE_BYTES = 64 * 1024 * 1024;
/** Pixels an image may have (from its header, before decoding): 100 megapixels. */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** The longest side an image is sent at; larger ones are scaled down in main. */
export const MODEL_IMAGE_SIDE = 2_048;
/**
 * Bytes of one upload chunk. Small on purpose: as base64 it stays under V8's largest ordinary
 * heap object (128 KB), so each chunk's strings die young and are swept at once; larger ones go
 * to the large-object space, freed only by a full collection, and a 20 MB upload left three
 * times its size behind (bench: files.attach_20mb_peak_ratio).
 */
export const UPLOAD_CHUNK_BYTES = 64 * 1024;
/** Chunks the page sends before it waits for main's answers: they arrive, and are kept, in order. */
export const UPLOAD_CHUNKS_IN_FLIGHT = 8;

/** The sentence for a file over the per-file limit, said before any byte is sent. */
export function tooLargeSentence(name: string, bytes: number): string {
  return `“${name}” is ${formatSize(bytes)}; Hearth takes files up to ${formatSize(MAX_FILE_BYTES)}.`;
}

/** Said before a message's files are sent: the limits, in the words the refusals use. */
export const FILE_LIMITS_IN_WORDS = `Up to ${MAX_FILES_PER_MESSAGE} files a message, ${formatSize(MAX_FILE_BYTES)} each and ${formatSize(MAX_MESSAGE_FILE_BYTES)} in all: ${FILE_KINDS_IN_WORDS}.`;

/**
 * The sentence for images on their way to a model that cannot see, naming the models here that
 * can: main refuses the message with it, and the page says it before sending.
 */
export function visionRefusalSentence(
  model: string,
  imageName: string,
  seeing: readonly string[],
): string {
  const offer = seeing.length
    ? `Models here that can: ${seeing.join(', ')}.`
    : 'No model here can; pull one that can, such as gemma3 or qwen2.5vl.';
  return `“${model}” cannot see images, so “${imageName}” was not sent. ${offer}`;
}
