/** Figures a benchmark reports: a dotted name, a value and its unit. Measured, never pass/fail. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
}

/** The p-th percentile (0..100) of the samples, by nearest rank. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** p50, p95 and p99 of the samples as three figures named `${name}.p50` and so on. */
export function distribution(name: string, samples: number[], unit: string): Figure[] {
  return [50, 95, 99].map((p) => ({
    name: `${name}.p${p}`,
    value: round(percentile(samples, p)),
    unit,
  }));
}

export function round(value: number, digits = 3): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
