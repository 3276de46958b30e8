/** How `npm run bench -- --against REF` reads its rounds: ratios, their spread and the verdict. */
import { describe, expect, it } from 'vitest';
import { compare } from '../../../bench/against/compare';
import { partsFor, PARTS, selected } from '../../../bench/parts';

describe('a figure measured on both trees', () => {
  it('is the median of the rounds’ own ratios, not the ratio of the medians', () => {
    // Round 2 ran on a loaded machine: both sides slow, the same ratio.
    const row = compare('x.ms', { unit: 'ms', mine: [10, 40, 11], ref: [20, 80, 22] });
    expect(row).toMatchObject({ thisMedian: 11, refMedian: 22, ratio: 0.5, low: 0.5, high: 0.5 });
    expect(row.verdict).toBe('improved');
  });

  it('has regressed only when every round’s ratio is above 1', () => {
    expect(compare('x.ms', { unit: 'ms', mine: [12, 13, 11], ref: [10, 10, 10] }).verdict).toBe(
      'regressed',
    );
    const mixed = compare('x.ms', { unit: 'ms', mine: [12, 9, 11], ref: [10, 10, 10] });
    expect(mixed).toMatchObject({ low: 0.9, high: 1.2, verdict: 'same' });
  });

  it('reads a higher throughput as better', () => {
    const row = compare('bridge.websocket_throughput_50_concurrent', {
      unit: 'calls/s',
      mine: [900, 950, 990],
      ref: [1000, 1000, 1000],
    });
    expect(row.verdict).toBe('regressed');
  });

  it('gives no verdict from fewer than three rounds', () => {
    const row = compare('x.ms', { unit: 'ms', mine: [12, 13], ref: [10, 10] });
    expect(row.low).toBeGreaterThan(1);
    expect(row.verdict).toBe('same');
  });

  it('counts none against none as the same, and has no ratio against none alone', () => {
    expect(
      compare('x.long_tasks', { unit: 'tasks', mine: [0, 0, 0], ref: [0, 0, 0] }),
    ).toMatchObject({
      ratio: 1,
      verdict: 'same',
    });
    const fromNothing = compare('x.long_tasks', { unit: 'tasks', mine: [2, 3, 1], ref: [0, 0, 0] });
    expect(fromNothing.rounds).toBe(0);
    expect(fromNothing.verdict).toBe('same');
  });

  it('keeps a figure the commit does not have, with no ratio', () => {
    const row = compare('x.new_ms', { unit: 'ms', mine: [5, 6], ref: [Number.NaN, Number.NaN] });
    expect(row.thisMedian).toBe(5);
    expect(row.refMedian).toBeNaN();
    expect(row.rounds).toBe(0);
  });
});

describe('choosing figures with --only', () => {
  it('runs only the parts that can report a figure of the prefix', () => {
    expect(partsFor(['history.search']).map((part) => part.name)).toEqual(['history.store']);
    expect(partsFor(['history']).map((part) => part.name)).toEqual([
      'history.page',
      'history.store',
    ]);
    expect(partsFor(['start.url_to_interactive_ms']).map((part) => part.name)).toEqual(['start']);
    expect(partsFor([])).toEqual(PARTS);
    expect(partsFor(['nothing.like.this'])).toEqual([]);
  });

  it('keeps the figures that start with a prefix', () => {
    expect(selected('history.search_1gb_ms.p95', ['history.search'])).toBe(true);
    expect(selected('history.list_ms_at_1gb', ['history.search'])).toBe(false);
    expect(selected('anything', [])).toBe(true);
  });
});
