/**
 * Long strings read from a server's long lines, kept as the pieces they arrived in. A string
 * parsed as it arrives (StreamedLine) is a chain of 64 KB pieces in V8, and V8 copies such a chain
 * whole the first time anything reads its characters (a slice, a regular expression, charCodeAt):
 * reading the first 12,000 characters of a 100 MB result for the model held a second 100 MB copy
 * beside the pieces. With the pieces at hand, a beginning or a page is read from them instead.
 */

/** Strings at least this long are kept with their pieces; a shorter one costs little to copy. */
export const LONG_TEXT_CHARS = 1024 * 1024;
/** How long a string's pieces stay findable: they are wanted while its message is handled. */
const REMEMBER_MS = 60_000;
/** The most strings remembered at once (oldest forgotten first). */
const REMEMBER_MOST = 16;

/** A string as its pieces, read by range without joining them. */
export class LongText {
  /** Where each piece starts in the whole string. */
  private readonly starts: number[] = [];
  readonly length: number;

  constructor(private readonly pieces: readonly string[]) {
    let length = 0;
    for (const piece of pieces) {
      this.starts.push(length);
      length += piece.length;
    }
    this.length = length;
  }

  /** As `String.prototype.slice` with non-negative bounds, copying only the range asked for. */
  slice(start: number, end = this.length): string {
    const from = Math.max(0, Math.min(start, this.length));
    const to = Math.max(from, Math.min(end, this.length));
    let out = '';
    for (let index = this.pieceAt(from); index < this.pieces.length; index++) {
      const pieceStart = this.starts[index] ?? 0;
      if (pieceStart >= to) break;
      const piece = this.pieces[index] ?? '';
      out += piece.slice(Math.max(0, from - pieceStart), to - pieceStart);
    }
    return out;
  }

  /** The index of the piece holding character `offset` (binary search). */
  private pieceAt(offset: number): number {
    let low = 0;
    let high = this.pieces.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

// Keyed by the string itself: V8 finds the very same string without reading its characters (a
// long string's hash is its length), so a lookup copies nothing.
const remembered = new Map<string, LongText>();

/** Keeps `text`'s pieces findable for a while (StreamedLine, for each long string it builds). */
export function rememberLongText(text: string, pieces: readonly string[]): void {
  if (text.length < LONG_TEXT_CHARS) return;
  remembered.delete(text);
  remembered.set(text, new LongText(pieces));
  for (const oldest of remembered.keys()) {
    if (remembered.size <= REMEMBER_MOST) break;
    remembered.delete(oldest);
  }
  setTimeout(() => remembered.delete(text), REMEMBER_MS).unref();
}

/** `text` as its pieces, when it is a long string still remembered. */
export function longTextOf(text: string): LongText | undefined {
  return text.length >= LONG_TEXT_CHARS ? remembered.get(text) : undefined;
}

/** `text.slice(start, end)`, read from its pieces when it has them, so it is not copied whole. */
export function sliceOf(text: string, start: number, end?: number): string {
  return (longTextOf(text) ?? text).slice(start, end);
}
