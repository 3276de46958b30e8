/**
 * Same-run comparison of two trees: for each figure, the median on each tree over the rounds and
 * the ratio this/ref, with its spread over the rounds' own ratios (each round measures both trees
 * one right after the other, so a ratio sees the same machine load on both sides).
 */
import { percentile, round } from '../figures';

export interface FigureComparison {
  name: string;
  unit: string;
  thisMedian: number;
  refMedian: number;
  /** Median of the rounds' ratios this/ref; NaN when the reference is 0 in every round. */
  ratio: number;
  /** The rounds' ratios from the 10th to the 90th percentile (min to max up to 9 rounds). */
  low: number;
  high: number;
  rounds: number;
  verdict: 'regressed' | 'improved' | 'same';
}

/** Fewer rounds than this give no verdict: two ratios both above 1 happen one time in four. */
export const MIN_ROUNDS_FOR_VERDICT = 3;

/** Figures where more is better; every other figure (times, sizes, counts) wants less. */
const HIGHER_IS_BETTER =
  /(throughput|frames_per_s|mb_per_s|recall|reachable|\.delivered|tools\.select|tools\.blind)/;

export function higherIsBetter(name: string): boolean {
  return HIGHER_IS_BETTER.test(name);
}

/** Rounds' values of one figure on both trees, same index same round. */
export interface Paired {
  unit: string;
  mine: number[];
  ref: number[];
}

export function compare(name: string, paired: Paired): FigureComparison {
  const ratios: number[] = [];
  paired.mine.forEach((value, index) => {
    const reference = paired.ref[index];
    if (reference === undefined || !Number.isFinite(value) || !Number.isFinite(reference)) return;
    // 0 against 0 (no long tasks on either side) is the same; x against 0 has no ratio.
    if (reference === 0) {
      if (value === 0) ratios.push(1);
      return;
    }
    ratios.push(value / reference);
  });
  const ratio = percentile(ratios, 50);
  const low = percentile(ratios, 10);
  const high = percentile(ratios, 90);
  const worseAbove = !higherIsBetter(name);
  let verdict: FigureComparison['verdict'] = 'same';
  if (ratios.length >= MIN_ROUNDS_FOR_VERDICT) {
    if (worseAbove ? low > 1 : high < 1) verdict = 'regressed';
    else if (worseAbove ? high < 1 : low > 1) verdict = 'improved';
  }
  return {
    name,
    unit: paired.unit,
    thisMedian: round(percentile(paired.mine.filter(Number.isFinite), 50)),
    refMedian: round(percentile(paired.ref.filter(Number.isFinite), 50)),
    ratio: round(ratio),
    low: round(low),
    high: round(high),
    rounds: ratios.length,
    verdict,
  };
}

export function formatComparison(row: FigureComparison): string {
  const spread = Number.isNaN(row.low) ? 'n/a' : `${row.low}–${row.high}`;
  const mark = row.verdict === 'same' ? '' : row.verdict.toUpperCase();
  return `${row.name.padEnd(48)} ${String(row.thisMedian).padStart(11)} ${String(row.refMedian).padStart(11)} ${String(row.ratio).padStart(7)} ${spread.padStart(13)}  ${mark}`;
}

export const COMPARISON_HEADER = `${'figure'.padEnd(48)} ${'this'.padStart(11)} ${'ref'.padStart(11)} ${'ratio'.padStart(7)} ${'spread'.padStart(13)}`;
