/**
 * One long stdout line parsed as JSON while it arrives. Gathering a 60 MB result whole and then
 * parsing it held four copies at once (the chunks, the joined bytes, the decoded text, the parsed
 * message); parsed as it comes, only the message itself grows.
 */
import { JSONParser } from '@streamparser/json';

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
  /** The line's first characters, for the log when it is no JSON. */
  head = '';
  bytes = 0;

  constructor() {
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
    return this.failed ? undefined : this.value;
  }
}
