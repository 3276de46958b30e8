import { describe, expect, it } from 'vitest';
import { partsFor, PARTS } from '../../../bench/parts';

// `--only PREFIX` runs the parts that can report a figure starting with PREFIX, and no part that
// merely covers it broadly when another part's own figures lie inside it.
describe('the bench parts a selection runs', () => {
  const names = (only: string[]) => partsFor(only).map((part) => part.name);

  it('runs only the text-call part for its figures', () => {
    expect(names(['tools.text_calls'])).toEqual(['textCalls']);
    expect(names(['tools.text_calls.recall'])).toEqual(['textCalls']);
  });

  it('still runs the broad part for its own figures, and both for the broad prefix', () => {
    expect(names(['tools.select_recall_at_8'])).toEqual(['toolSelection']);
    expect(names(['tools.'])).toEqual(['textCalls', 'toolSelection']);
  });

  it('runs every part without a selection', () => {
    expect(partsFor([])).toBe(PARTS);
    expect(names(['chat.loop_overhead_ms'])).toEqual(['chat']);
  });
});
