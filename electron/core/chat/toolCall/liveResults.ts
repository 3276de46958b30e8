/**
 * A tool result as the windows get it live: whole when small, otherwise each long text cut to
 * its beginning, with the whole kept here to be read in pages on demand. A 50 MB result sent in
 * one event made one 50 MB WebSocket message and a page that froze while it was parsed; the
 * model's copy is bounded on its own (resultForModel), and history keeps what the model read.
 */
import { previewOf } from '../../history';
import { jsonLongerThan, type LongText, longTextOf } from '../../mcp';

/** A text longer than this goes to the windows as its beginning. */
export const LIVE_TEXT_CHARS = 20_000;
/** Whole texts kept for reading on demand, oldest dropped first beyond this many characters. */
export const LIVE_KEPT_CHARS = 100_000_000;
/** Where a cut block says how long it is, in the block's `_meta`. */
export const CUT_META_KEY = 'io.hearth/cut';

export interface LiveResults {
  /**
   * The result to send: long texts cut (their whole kept), structured content longer than
   * `structuredChars` as JSON (LIVE_TEXT_CHARS unless said) dropped.
   */
  bound(callId: string, result: unknown, structuredChars?: number): unknown;
  /** `length` characters of block `block` of call `callId` from `offset`, or undefined when gone. */
  page(
    callId: string,
    block: number,
    offset: number,
    length: number,
  ): { text: string; total: number } | undefined;
}

export function createLiveResults(keptChars = LIVE_KEPT_CHARS): LiveResults {
  // A long text read from a server's line is kept as its pieces, and read from them: reading
  // the string itself would copy it whole (longText.ts).
  const kept = new Map<string, string | LongText>();
  let keptTotal = 0;
  const keep = (key: string, text: string | LongText) => {
    kept.set(key, text);
    keptTotal += text.length;
    for (const [oldest, value] of kept) {
      if (keptTotal <= keptChars || oldest === key) break;
      kept.delete(oldest);
      keptTotal -= value.length;
    }
  };
  return {
    bound(callId, result, structuredChars = LIVE_TEXT_CHARS) {
      if (!isRecord(result) || !Array.isArray(result.content)) return result;
      const content = result.content.map((block: unknown, index) => {
        if (!isRecord(block) || block.type !== 'text' || typeof block.text !== 'string')
          return block;
        if (block.text.length <= LIVE_TEXT_CHARS) return block;
        const whole = longTextOf(block.text) ?? block.text;
        keep(`${callId}\u0000${index}`, whole);
        const meta = isRecord(block._meta) ? block._meta : {};
        return {
          ...block,
          // One character past the preview lets it end where it would in the whole text.
          text: previewOf(whole.slice(0, LIVE_TEXT_CHARS + 1), LIVE_TEXT_CHARS),
          _meta: { ...meta, [CUT_META_KEY]: { total: block.text.length } },
        };
      });
      const structured = result.structuredContent;
      const tooLarge = structured !== undefined && jsonLongerThan(structured, structuredChars);
      const bounded: Record<string, unknown> = { ...result, content };
      // The card shows the text blocks; structured content this large adds nothing it can show
      // (an app, which reads it, is given more).
      if (tooLarge) delete bounded.structuredContent;
      return bounded;
    },
    page(callId, block, offset, length) {
      const text = kept.get(`${callId}\u0000${block}`);
      if (text === undefined) return undefined;
      return { text: text.slice(offset, offset + length), total: text.length };
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
