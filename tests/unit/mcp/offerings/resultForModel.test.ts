import type { CallToolResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_RESULT_CHARS_FOR_MODEL,
  resultForModel,
  truncationNote,
} from '../../../../electron/core/mcp/offerings/modelTools';
import {
  LONG_TEXT_CHARS,
  rememberLongText,
} from '../../../../electron/core/mcp/transport/longText';

const LIMIT = { maxChars: DEFAULT_MAX_RESULT_CHARS_FOR_MODEL };
/** 12.3 KB of PNG bytes, base64-encoded. */
const PNG_BASE64 = Buffer.alloc(12_595, 1).toString('base64');

describe('resultForModel', () => {
  it('passes text blocks through as they are, one per line', () => {
    const result = resultForModel(
      {
        content: [
          { type: 'text', text: 'first' },
          { type: 'text', text: 'second\nline' },
        ],
      },
      LIMIT,
    );
    expect(result).toEqual({ text: 'first\nsecond\nline', truncated: false, isError: false });
  });

  it('shows images and audio as placeholders with their size, never as base64', () => {
    const { text } = resultForModel(
      {
        content: [
          { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
          {
            type: 'audio',
            data: Buffer.alloc(3 * 1024 * 1024).toString('base64'),
            mimeType: 'audio/wav',
          },
          { type: 'image', data: 'AAA=', mimeType: 'image/gif' },
        ],
      },
      LIMIT,
    );
    expect(text).toBe(
      '[image: image/png, 12.3 KB — shown to the user]\n' +
        '[audio: audio/wav, 3.0 MB — shown to the user]\n' +
        '[image: image/gif, 2 B — shown to the user]',
    );
    expect(text).not.toContain(PNG_BASE64.slice(0, 20));
  });

  it('shows resource links by name and address', () => {
    const { text } = resultForModel(
      {
        content: [
          {
            type: 'resource_link',
            uri: 'file:///tmp/report.txt',
            name: 'report.txt',
            mimeType: 'text/plain',
          },
        ],
      },
      LIMIT,
    );
    expect(text).toBe('[resource link: report.txt <file:///tmp/report.txt>]');
  });

  it('gives the text of embedded text resources with their address and a placeholder for blobs', () => {
    const { text } = resultForModel(
      {
        content: [
          {
            type: 'resource',
            resource: { uri: 'demo://notes/1', mimeType: 'text/plain', text: 'Hello notes' },
          },
          {
            type: 'resource',
            resource: {
              uri: 'demo://blob/1',
              mimeType: 'application/gzip',
              blob: Buffer.alloc(2048).toString('base64'),
            },
          },
        ],
      },
      LIMIT,
    );
    expect(text).toBe(
      '[resource: demo://notes/1]\nHello notes\n' +
        '[resource: demo://blob/1, application/gzip, 2.0 KB — shown to the user]',
    );
  });

  it('gives structured content as compact JSON when there is no text block', () => {
    const { text } = resultForModel(
      {
        content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }],
        structuredContent: { temperature: 22.5, conditions: 'Partly cloudy', humidity: 65 },
      },
      LIMIT,
    );
    expect(text).toBe(
      '{"temperature":22.5,"conditions":"Partly cloudy","humidity":65}\n' +
        '[image: image/png, 3 B — shown to the user]',
    );
  });

  it('does not repeat structured content when a text block already carries it', () => {
    const { text } = resultForModel(
      { content: [{ type: 'text', text: '{"ok":true}' }], structuredContent: { ok: true } },
      LIMIT,
    );
    expect(text).toBe('{"ok":true}');
  });

  it('leaves out blocks meant for the user only', () => {
    const { text } = resultForModel(
      {
        content: [
          { type: 'text', text: 'for both', annotations: { audience: ['user', 'assistant'] } },
          { type: 'text', text: 'for the user', annotations: { audience: ['user'] } },
        ],
      },
      LIMIT,
    );
    expect(text).toBe('for both');
    const userOnly = resultForModel(
      { content: [{ type: 'text', text: 'secret', annotations: { audience: ['user'] } }] },
      LIMIT,
    );
    expect(userOnly.text).toBe('(The tool returned content for the user only.)');
  });

  it('says so when a tool returned nothing, and names unknown block types', () => {
    expect(resultForModel({ content: [] }, LIMIT).text).toBe('(The tool returned no content.)');
    const odd = { content: [{ type: 'hologram' }] } as unknown as CallToolResult;
    expect(resultForModel(odd, LIMIT).text).toBe('[unsupported content: hologram]');
    const missing = {} as CallToolResult;
    expect(resultForModel(missing, LIMIT).text).toBe('(The tool returned no content.)');
  });

  it('prefixes error results with "Error: " once and reports them as errors', () => {
    const failed = resultForModel(
      { content: [{ type: 'text', text: 'ENOENT: no such file' }], isError: true },
      LIMIT,
    );
    expect(failed).toEqual({
      text: 'Error: ENOENT: no such file',
      truncated: false,
      isError: true,
    });
    const already = resultForModel(
      { content: [{ type: 'text', text: 'Error: access denied' }], isError: true },
      LIMIT,
    );
    expect(already.text).toBe('Error: access denied');
  });

  it('cuts a long result and ends it with a note on how much was shown', () => {
    const result = resultForModel(
      { content: [{ type: 'text', text: 'a'.repeat(100) }] },
      { maxChars: 40 },
    );
    expect(result.truncated).toBe(true);
    expect(result.text).toBe(
      `${'a'.repeat(40)}\n\n[Hearth cut this result: showing the first 40 of 100 characters. The user sees it in full.]`,
    );
  });

  it('cuts across blocks and never splits a surrogate pair', () => {
    const result = resultForModel(
      {
        content: [
          { type: 'text', text: 'abc' },
          { type: 'text', text: '🔥🔥🔥' },
        ],
      },
      { maxChars: 6 },
    );
    expect(result.text.startsWith('abc\n🔥\n\n[Hearth cut')).toBe(true);
  });

  it('returns a 20 MB result quickly, cut to the limit plus the note', () => {
    const huge = 'x'.repeat(20 * 1024 * 1024);
    const started = performance.now();
    const result = resultForModel({ content: [{ type: 'text', text: huge }] }, LIMIT);
    const elapsed = performance.now() - started;
    const note = truncationNote(DEFAULT_MAX_RESULT_CHARS_FOR_MODEL, huge.length);
    expect(note).toContain('showing the first 12,000 of 20,971,520 characters');
    expect(result.truncated).toBe(true);
    expect(result.text.length).toBeLessThanOrEqual(
      DEFAULT_MAX_RESULT_CHARS_FOR_MODEL + note.length,
    );
    expect(result.text.endsWith(note)).toBe(true);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('cuts a 20 MB structured result and a 20 MB error the same way', () => {
    const rows = Array.from({ length: 200_000 }, (_, index) => ({ index, value: 'y'.repeat(90) }));
    const structured = resultForModel({ content: [], structuredContent: { rows } }, LIMIT);
    expect(structured.truncated).toBe(true);
    expect(structured.text.startsWith('{"rows":[{"index":0')).toBe(true);
    // The note counts the whole JSON, as JSON.stringify writes it.
    const json = JSON.stringify({ rows });
    expect(structured.text).toBe(
      json.slice(0, LIMIT.maxChars) + truncationNote(LIMIT.maxChars, json.length),
    );
    const error = resultForModel(
      { content: [{ type: 'text', text: 'z'.repeat(20 * 1024 * 1024) }], isError: true },
      { maxChars: 100 },
    );
    expect(error.text.startsWith('Error: zzz')).toBe(true);
    expect(error.text.length).toBeLessThanOrEqual(
      100 + truncationNote(100, 20 * 1024 * 1024 + 7).length,
    );
  });

  it('uses the default limit when given one that is not a number', () => {
    const result = resultForModel(
      { content: [{ type: 'text', text: 'q'.repeat(DEFAULT_MAX_RESULT_CHARS_FOR_MODEL + 1) }] },
      { maxChars: Number.NaN },
    );
    expect(result.truncated).toBe(true);
    expect(result.text.indexOf('\n\n[Hearth cut')).toBe(DEFAULT_MAX_RESULT_CHARS_FOR_MODEL);
  });
  it('reads a long text kept as pieces by its beginning, with the same outcome', () => {
    // Steering characters in the beginning, as a hidden instruction would be.
    const pieces = ['a\u202Eb\u{E0041}'.repeat(3_000), 'c'.repeat(LONG_TEXT_CHARS), 'd'];
    const shapes = (body: string): CallToolResult[] => [
      {
        content: [
          { type: 'text', text: 'first' },
          { type: 'text', text: body },
        ],
      },
      { content: [{ type: 'text', text: body }], isError: true },
      { content: [{ type: 'resource', resource: { uri: 'file:///big.txt', text: body } }] },
    ];
    // Read whole first, before any string of this length is remembered.
    const expected = shapes(pieces.join('')).map((result) => resultForModel(result, LIMIT));
    let text = '';
    for (const piece of pieces) text += piece;
    rememberLongText(text, pieces);
    for (const [index, result] of shapes(text).entries()) {
      const read = resultForModel(result, LIMIT);
      expect(read.truncated).toBe(true);
      expect(read).toEqual(expected[index]);
    }
  });
});
