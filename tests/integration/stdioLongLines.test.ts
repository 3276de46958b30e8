/**
 * Long stdout lines through the stdio transport, from a real child process that writes them in
 * many pieces: a message past STREAM_PARSE_FROM_BYTES is parsed as it arrives and delivered
 * whole and exact; a long line that opens like a message but is none is logged as junk, and the
 * messages after it still arrive.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import {
  STREAM_PARSE_FROM_BYTES,
  StdioProcessTransport,
} from '../../electron/core/mcp/transport/stdioProcessTransport';
import { longTextOf } from '../../electron/core/mcp/transport/longText';

const transports: StdioProcessTransport[] = [];
afterEach(async () => {
  for (const transport of transports.splice(0)) await transport.close();
});

/** A child that writes each line in pieces of `piece` bytes, with pauses, then stays alive. */
function writer(lines: string[], piece = 50_000) {
  const file = join(mkdtempSync(join(tmpdir(), 'hearth-lines-')), 'out');
  writeFileSync(file, lines.map((line) => `${line}\n`).join(''));
  const script = `
    const all = require('node:fs').readFileSync(${JSON.stringify(file)});
    let at = 0;
    const next = () => {
      if (at >= all.length) return;
      process.stdout.write(all.subarray(at, at + ${piece}), () => setImmediate(next));
      at += ${piece};
    };
    next();
    setInterval(() => {}, 1000);
  `;
  const messages: JSONRPCMessage[] = [];
  const junk: string[] = [];
  const transport = new StdioProcessTransport(
    { file: process.execPath, args: ['-e', script], env: { PATH: process.env.PATH ?? '' } },
    { onStderr: () => undefined, onJunk: (line) => junk.push(line) },
  );
  transport.onmessage = (message) => messages.push(message);
  transports.push(transport);
  return { transport, messages, junk };
}

async function until(check: () => boolean) {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('long stdout lines', () => {
  it('delivers a message far past the streaming threshold whole and exact', async () => {
    // Multi-byte text split anywhere, escapes, nesting: what a real result holds.
    const text = 'héllo wörld ✓ 漢字 \u{1F600} "quoted" \\ back\n'.repeat(
      Math.ceil((3 * STREAM_PARSE_FROM_BYTES) / 40),
    );
    const big = {
      jsonrpc: '2.0',
      id: 7,
      result: { content: [{ type: 'text', text }], structuredContent: { n: [1, 2.5, null] } },
    };
    const small = { jsonrpc: '2.0', id: 8, result: { content: [] } };
    const { transport, messages, junk } = writer([JSON.stringify(big), JSON.stringify(small)]);
    await transport.start();
    await until(() => messages.length === 2);
    expect(messages[0]).toEqual(big);
    expect(messages[1]).toEqual(small);
    expect(junk).toEqual([]);
    // The long text is kept as its pieces too, to be read in part without a copy of the whole.
    const received = (messages[0] as unknown as typeof big).result.content[0]?.text ?? '';
    expect(longTextOf(received)?.slice(100_000, 200_000)).toBe(text.slice(100_000, 200_000));
  });

  it('logs a long line that opens like a message but is none, and goes on', async () => {
    const broken = `{"jsonrpc":"2.0","id":1,"result":{"text":"${'a'.repeat(2 * STREAM_PARSE_FROM_BYTES)}"}} trailing`;
    const after = { jsonrpc: '2.0', id: 2, result: {} };
    const { transport, messages, junk } = writer([broken, JSON.stringify(after)]);
    await transport.start();
    await until(() => messages.length === 1);
    expect(messages).toEqual([after]);
    expect(junk).toHaveLength(1);
    expect(junk[0]).toMatch(/^\{"jsonrpc":"2\.0","id":1/);
    expect(junk[0]).toMatch(/bytes that were no message\)$/);
    expect(junk[0]?.length).toBeLessThan(1_000);
  });
});
