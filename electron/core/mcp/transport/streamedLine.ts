/**
 * One long stdout line parsed as JSON while it arrives. Gathering a 60 MB result whole and then
 * parsing it held four copies at once (the chunks, the joined bytes, the decoded text, the parsed
 * message); parsed as it comes, only the message itself grows. A long string in it is kept with
 * the pieces it was decoded in (longText.ts), so its beginning is read without copying it whole,
 * and a tool result's structured content is capped as it arrives (structuredCut.ts).
 */
import { JSONParser } from '@streamparser/json';
import { rememberLongText } from './longText';
import { StructuredRouter, type Token } from './structuredCut';

/** Strings are gathered in blocks of this size (the parser's suggested buffer). */
const STRING_BLOCK_BYTES = 64 * 1024;
/** How much of the line's start is kept to describe it when it turns out to be no JSON. */
const HEAD_CHARS = 200;

export class StreamedLine {
  private readonly parser = new JSONParser({
    // Only the whole value is wanted: nothing inside it is handed out, or kept twice.
    paths: ['$'],
    keepStack: false,
    stringBufferSize: STRING_BLOCK_BYTES,
  });
  private value: unknown;
  private failed = false;
  private readonly router: StructuredRouter;
  /** The line's first characters, for the log when it is no JSON. */
  head = '';
  bytes = 0;

  constructor() {
    // The parser's own string builder joins its blocks into one chain that no one can read in
    // part without V8 copying it whole; this one also keeps the blocks of a long string
    // (longText.ts). The parser has no option for it, so its builder is swapped in place.
    const tokenizer = (
      this.parser as unknown as {
        tokenizer: { bufferedString?: unknown; onToken: (token: Token) => void };
      }
    ).tokenizer;
    if (tokenizer.bufferedString) tokenizer.bufferedString = new PiecedString();
    // A tool result's structured content is capped as it arrives (structuredCut.ts).
    this.router = new StructuredRouter(tokenizer.onToken);
    tokenizer.onToken = (token) => this.router.write(token);
    this.parser.onValue = ({ value }) => {
      this.value = value;
    };
    this.parser.onError = () => {
      this.failed = true;
    };
  }

  write(bytes: Buffer): void {
    if (this.head.length < HEAD_CHARS)
      this.head += bytes.subarray(0, HEAD_CHARS - this.head.length).toString('utf8');
    this.bytes += bytes.length;
    if (this.failed) return;
    if (this.parser.isEnded) {
      // After the value, only blanks (a `\r` before the line end, spaces) belong on the line.
      if (bytes.some((byte) => byte !== 0x20 && byte !== 0x09 && byte !== 0x0d)) this.failed = true;
      return;
    }
    this.parser.write(bytes);
  }

  /** The parsed value when the whole line was one JSON value; undefined otherwise. */
  end(): unknown {
    if (!this.failed && !this.parser.isEnded) this.parser.end();
    if (this.router.failed) this.failed = true;
    return this.failed ? undefined : this.router.place(this.value);
  }
}

/**
 * The parser's string builder (the shape of its BufferedString: bytes gathered in a block,
 * decoded a block at a time), keeping each decoded block as a piece: a long string is made of
 * its pieces without copying them, and remembered with them (rememberLongText).
 */
class PiecedString {
  // fatal: invalid UTF-8 is an error, as with the parser's own builder.
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly block = new Uint8Array(STRING_BLOCK_BYTES);
  private blockBytes = 0;
  private pieces: string[] = [];
  /** The string last made, and of how many pieces. */
  private joined?: { text: string; pieces: number };
  byteLength = 0;

  appendChar(char: number): void {
    if (this.blockBytes >= this.block.length) this.flush();
    this.block[this.blockBytes++] = char;
    this.byteLength += 1;
  }

  /** Bytes of whole characters (the tokenizer never splits one across calls). */
  appendBuf(bytes: Uint8Array, start = 0, end = bytes.length): void {
    const size = end - start;
    if (this.blockBytes + size > this.block.length) this.flush();
    this.byteLength += size;
    if (size > this.block.length) {
      this.pieces.push(this.decoder.decode(bytes.subarray(start, end)));
      return;
    }
    this.block.set(bytes.subarray(start, end), this.blockBytes);
    this.blockBytes += size;
  }

  /** A lone surrogate from a `\u` escape, which has no UTF-8 bytes. */
  appendCharCode(code: number): void {
    this.flush();
    this.pieces.push(String.fromCharCode(code));
  }

  reset(): void {
    this.pieces = [];
    this.joined = undefined;
    this.blockBytes = 0;
    this.byteLength = 0;
  }

  toString(): string {
    this.flush();
    if (this.joined?.pieces !== this.pieces.length) {
      // Joined with `+`, V8 links the pieces instead of copying them.
      let text = '';
      for (const piece of this.pieces) text += piece;
      if (this.pieces.length > 1) rememberLongText(text, [...this.pieces]);
      this.joined = { text, pieces: this.pieces.length };
    }
    return this.joined.text;
  }

  private flush(): void {
    if (this.blockBytes > 0)
      this.pieces.push(this.decoder.decode(this.block.subarray(0, this.blockBytes)));
    this.blockBytes = 0;
  }
}
