import { describe, expect, it } from 'vitest';
import {
  CUT_META_KEY,
  createLiveResults,
  LIVE_TEXT_CHARS,
} from '../../../../electron/core/chat/toolCall/liveResults';
import {
  LONG_TEXT_CHARS,
  rememberLongText,
} from '../../../../electron/core/mcp/transport/longText';

describe('live results sent to the windows', () => {
  it('leave small results whole, and cut long texts keeping them for pages', () => {
    const live = createLiveResults();
    const small = { content: [{ type: 'text', text: 'short' }], structuredContent: { a: 1 } };
    expect(live.bound('c1', small)).toEqual(small);

    const long = 'y'.repeat(LIVE_TEXT_CHARS * 3);
    const image = { type: 'image', data: 'AAAA', mimeType: 'image/png' };
    const bounded = live.bound('c2', {
      content: [image, { type: 'text', text: long }],
      structuredContent: { rows: long },
    }) as {
      content: { text?: string; _meta?: Record<string, unknown> }[];
      structuredContent?: unknown;
    };
    expect(bounded.content[0]).toEqual(image);
    expect(bounded.content[1]?.text).toHaveLength(LIVE_TEXT_CHARS);
    expect(bounded.content[1]?._meta?.[CUT_META_KEY]).toEqual({ total: long.length });
    expect(bounded.structuredContent).toBeUndefined();
    expect(live.page('c2', 1, LIVE_TEXT_CHARS, 5)).toEqual({ text: 'yyyyy', total: long.length });
    expect(live.page('c2', 0, 0, 5)).toBeUndefined();
  });

  it('give an app the structured result it reads, up to the larger bound it is given', () => {
    const live = createLiveResults();
    const rows = Array.from({ length: 800 }, (_, index) => ({ index, label: `point ${index}` }));
    const result = { content: [{ type: 'text', text: '800 points' }], structuredContent: { rows } };
    expect(JSON.stringify(result.structuredContent).length).toBeGreaterThan(LIVE_TEXT_CHARS);
    expect((live.bound('c1', result) as typeof result).structuredContent).toBeUndefined();
    expect((live.bound('c2', result, 100_000) as typeof result).structuredContent).toEqual({
      rows,
    });
    expect((live.bound('c3', result, 1_000) as typeof result).structuredContent).toBeUndefined();
  });

  it('forget the oldest whole texts beyond what they may keep', () => {
    const live = createLiveResults(250_000);
    for (const id of ['a', 'b', 'c'])
      live.bound(id, { content: [{ type: 'text', text: id.repeat(100_000) }] });
    expect(live.page('a', 0, 0, 1)).toBeUndefined();
    expect(live.page('b', 0, 0, 1)?.text).toBe('b');
    expect(live.page('c', 0, 0, 1)?.text).toBe('c');
  });
  it('cut and page a long text kept as pieces as they would the whole string', () => {
    const pieces = ['line one\n'.repeat(3_000), 'z'.repeat(LONG_TEXT_CHARS), 'end'];
    const plain = pieces.join('');
    const expected = createLiveResults().bound('p', { content: [{ type: 'text', text: plain }] });
    let text = '';
    for (const piece of pieces) text += piece;
    rememberLongText(text, pieces);
    const live = createLiveResults();
    expect(live.bound('p', { content: [{ type: 'text', text }] })).toEqual(expected);
    for (const offset of [0, 26_990, plain.length - 2])
      expect(live.page('p', 0, offset, 20)).toEqual({
        text: plain.slice(offset, offset + 20),
        total: plain.length,
      });
  });
});
