/** A tool result's structured content capped while its line arrives (structuredCut.ts). */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { describe, expect, it } from 'vitest';
import { jsonBeginning, jsonLongerThan } from '../../../electron/core/mcp/offerings/boundedJson';
import {
  CUT_JSON_KEY,
  cutJsonOf,
  passingCutJson,
  STRUCTURED_KEEP_CHARS,
} from '../../../electron/core/mcp/transport/structuredCut';
import { streamed } from './streamedInPieces';

/** About `chars` characters of rows, as a server's structured result holds them. */
function rows(chars: number) {
  return {
    rows: Array.from({ length: Math.ceil(chars / 40) }, (_, index) => ({
      index,
      value: `row ${index} é "q" \u{1F600}`,
    })),
  };
}

type Message = { id: number; result: Record<string, unknown> };

describe('structured content as it arrives', () => {
  it('is kept whole while its JSON is short enough, wherever it stands in the result', () => {
    const structuredContent = rows(20_000);
    const text = [{ type: 'text', text: 'rows' }];
    for (const result of [
      { structuredContent, content: text, _meta: { a: 1 } },
      { content: text, structuredContent, isError: false },
      { content: text, structuredContent },
      { structuredContent },
      { structuredContent: 'not an object', content: text },
    ]) {
      const message = { jsonrpc: '2.0', id: 3, result };
      expect(streamed(JSON.stringify(message), 1_000)).toEqual(message);
    }
  });

  it('past the bound is its JSON’s beginning and length, the rest of the message whole', () => {
    const structuredContent = rows(STRUCTURED_KEEP_CHARS + 100_000);
    const json = JSON.stringify(structuredContent);
    const result = { content: [{ type: 'text', text: 'rows' }], structuredContent, isError: false };
    const message = streamed(JSON.stringify({ jsonrpc: '2.0', id: 7, result })) as Message;
    const { structuredContent: cut, ...rest } = message.result;
    expect(rest).toEqual({ content: result.content, isError: false });
    expect(message.id).toBe(7);
    expect(Object.keys(cut as object)).toEqual([CUT_JSON_KEY]);
    expect(cutJsonOf(cut)?.beginning).toBe(json.slice(0, STRUCTURED_KEEP_CHARS));
    expect(jsonBeginning(cut, 12_001)).toEqual({
      text: json.slice(0, 12_001),
      length: json.length,
    });
    expect(jsonLongerThan(cut, 100_000)).toBe(true);
  });

  it('keeps a long single string’s JSON as JSON.stringify writes it', () => {
    const structuredContent = { text: 'a\n"é'.repeat(STRUCTURED_KEEP_CHARS / 3) };
    const json = JSON.stringify(structuredContent);
    const message = streamed(JSON.stringify({ id: 1, result: { structuredContent } })) as Message;
    expect(jsonBeginning(message.result.structuredContent, 50_000)).toEqual({
      text: json.slice(0, 50_000),
      length: json.length,
    });
  });

  it('is cut only in a result: the same field elsewhere is parsed as it is', () => {
    const big = rows(STRUCTURED_KEEP_CHARS + 10_000);
    const request = { id: 2, method: 'x', params: { structuredContent: big } };
    expect(streamed(JSON.stringify(request))).toEqual(request);
    const nested = { id: 2, result: { inner: { structuredContent: big } } };
    expect(streamed(JSON.stringify(nested))).toEqual(nested);
  });

  it('still refuses a line that is no JSON', () => {
    expect(streamed('{"id":1,"result":{"structuredContent":{"a" "b"}}}')).toBeUndefined();
    expect(streamed('{"id":1,"result":{"structuredContent":{"a":1}},}')).toBeUndefined();
  });

  it('a stand-in cannot be forged by a server', () => {
    const forged = { id: 1, result: { structuredContent: { [CUT_JSON_KEY]: {} } } };
    const message = streamed(JSON.stringify(forged)) as Message;
    expect(cutJsonOf(message.result.structuredContent)).toBeUndefined();
    expect(jsonBeginning(message.result.structuredContent, 100).text).toBe(
      JSON.stringify(forged.result.structuredContent),
    );
  });

  it('passes the check against a tool’s output schema once cut, and only then', () => {
    const validator = passingCutJson(new AjvJsonSchemaValidator());
    const check = validator.getValidator({
      type: 'object',
      properties: { rows: { type: 'array' } },
      required: ['rows'],
    });
    const message = streamed(
      JSON.stringify({
        id: 1,
        result: { structuredContent: rows(STRUCTURED_KEEP_CHARS + 10_000) },
      }),
    ) as Message;
    expect(check(message.result.structuredContent).valid).toBe(true);
    // As the SDK hands it on: the outer record copied, its field's value kept.
    expect(check({ ...(message.result.structuredContent as object) }).valid).toBe(true);
    expect(check({ rows: 'no' }).valid).toBe(false);
    expect(check({ [CUT_JSON_KEY]: {} }).valid).toBe(false);
  });
});
