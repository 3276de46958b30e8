/**
 * `npm run bench`: runs every benchmark, prints one line per figure, and writes them all to
 * bench/results/latest.json for comparison between runs. Figures are measurements: nothing here
 * passes or fails on time.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { run as bridge } from './bridge.bench';
import type { Figure } from './figures';

const BENCHMARKS: Record<string, () => Promise<Figure[]>> = { bridge };

const figures: Figure[] = [];
for (const [name, benchmark] of Object.entries(BENCHMARKS)) {
  process.stdout.write(`# ${name}\n`);
  for (const figure of await benchmark()) {
    figures.push(figure);
    process.stdout.write(
      `${figure.name.padEnd(48)} ${String(figure.value).padStart(12)} ${figure.unit}\n`,
    );
  }
}
const directory = join(import.meta.dirname, 'results');
mkdirSync(directory, { recursive: true });
const machine = {
  node: process.versions.node,
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
};
writeFileSync(
  join(directory, 'latest.json'),
  `${JSON.stringify({ at: new Date().toISOString(), machine, figures }, null, 2)}\n`,
);
