import { StreamedLine } from '../../../electron/core/mcp/transport/streamedLine';

/** Feeds `line` to a StreamedLine in pieces of `size` bytes, as a pipe delivers it. */
export function streamed(line: string, size = 50_000): unknown {
  const bytes = Buffer.from(line);
  const parsed = new StreamedLine();
  for (let at = 0; at < bytes.length; at += size) parsed.write(bytes.subarray(at, at + size));
  return parsed.end();
}
