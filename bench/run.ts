/**
 * `npm run bench`: runs the benchmarks, prints one line per figure, and writes them to
 * bench/results.json as one flat object of named numbers (plus `bench.at` and machine facts in
 * bench/results.meta.json). Figures are measurements: nothing here passes or fails on time.
 *
 *   --only PREFIX    only the figures whose names start with PREFIX (repeat, or comma-separate)
 *   --against REF    run each part alternately on this tree and on REF (a commit, tag or branch,
 *                    checked out in a temporary worktree), and report both medians and the ratio
 *   --rounds N       rounds of `--against` (default 5)
 *   --with REF       with `--against`: measure REF's tree instead of this working tree
 *   --keep-worktrees with `--against`: leave the worktrees for the next run (they are reused)
 *
 * See docs/testing.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runAgainst } from './against';
import type { Figure } from './figures';
import { covered, partsFor, selected } from './parts';

const { values } = parseArgs({
  options: {
    only: { type: 'string', multiple: true, default: [] },
    against: { type: 'string' },
    with: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    'keep-worktrees': { type: 'boolean', default: false },
  },
});
const only = values.only.flatMap((value) => value.split(',')).filter(Boolean);
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error(`--rounds takes a whole number of rounds, not "${values.rounds}".`);
if (values.with && !values.against) throw new Error('--with goes with --against REF.');
const parts = partsFor(only);
if (parts.length === 0) throw new Error(`No figure of the bench starts with ${only.join(' or ')}.`);

const resultsFile = join(import.meta.dirname, 'results.json');
const metaFile = join(import.meta.dirname, 'results.meta.json');
const readJson = (file: string): Record<string, unknown> =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};

const results: Record<string, number> = {};
const units: Record<string, string> = {};
let against: Record<string, unknown> | undefined;

if (values.against) {
  const compared = await runAgainst({
    against: values.against,
    with: values.with,
    rounds,
    parts,
    only,
    keepWorktrees: values['keep-worktrees'],
  });
  for (const row of compared.comparisons) {
    units[row.name] = row.unit;
    results[row.name] = row.thisMedian;
    results[`${row.name}.against.ref`] = row.refMedian;
    results[`${row.name}.against.ratio`] = row.ratio;
    results[`${row.name}.against.ratio_low`] = row.low;
    results[`${row.name}.against.ratio_high`] = row.high;
  }
  against = {
    ref: compared.ref.label,
    this: compared.mine.label,
    rounds,
    regressed: compared.comparisons.filter((row) => row.verdict === 'regressed').map((r) => r.name),
    improved: compared.comparisons.filter((row) => row.verdict === 'improved').map((r) => r.name),
  };
} else {
  for (const part of parts) {
    process.stdout.write(`# ${part.name}\n`);
    const module = (await import(`./${part.file}`)) as Record<string, () => Promise<Figure[]>>;
    const measure = module[part.exportName];
    if (!measure) throw new Error(`bench/${part.file} does not export ${part.exportName}.`);
    for (const figure of await measure()) {
      if (!covered(part, figure.name))
        process.stdout.write(`(bench/parts.ts: ${part.name} does not list ${figure.name})\n`);
      if (!selected(figure.name, only)) continue;
      results[figure.name] = figure.value;
      units[figure.name] = figure.unit;
      process.stdout.write(
        `${figure.name.padEnd(48)} ${String(figure.value).padStart(12)} ${figure.unit}\n`,
      );
    }
  }
  // The parts measured here leave no folders behind (those run by --against clean up their own).
  (await import('../tests/support/testHost')).removeTempDirs();
}

// A selection updates its own figures and keeps the rest of the last full run.
const kept = (previous: Record<string, unknown>) =>
  only.length === 0
    ? {}
    : Object.fromEntries(Object.entries(previous).filter(([name]) => !selected(name, only)));
const previousMeta = readJson(metaFile);
const meta = {
  at: new Date().toISOString(),
  node: process.versions.node,
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  ...(only.length > 0 ? { only } : {}),
  ...(against ? { against } : {}),
  units: { ...kept((previousMeta.units ?? {}) as Record<string, unknown>), ...units },
};
writeFileSync(
  resultsFile,
  `${JSON.stringify({ ...kept(readJson(resultsFile)), ...results }, null, 2)}\n`,
);
writeFileSync(metaFile, `${JSON.stringify(meta, null, 2)}\n`);
