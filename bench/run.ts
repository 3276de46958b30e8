/**
 * `npm run bench`: runs every benchmark, prints one line per figure, and writes them to
 * bench/results.json as one flat object of named numbers (plus `bench.at` and machine facts in
 * bench/results.meta.json). Figures are measurements: nothing here passes or fails on time.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { run as bridge } from './bridge.bench';
import { run as chat } from './chat.bench';
import { run as framing } from './framing.bench';
import { run as history } from './history.bench';
import { run as mcp } from './mcp.bench';
import { run as memory } from './memory.bench';
import { run as toolResults } from './results.bench';
import { run as sandbox } from './sandbox.bench';
import { run as servers } from './servers.bench';
import { run as start } from './start.bench';
import { run as streaming } from './streaming.bench';
import { run as toolSelection } from './toolSelection.bench';
import { run as ui } from './ui.bench';
import type { Figure } from './figures';

const BENCHMARKS: Record<string, () => Promise<Figure[]>> = {
  bridge,
  mcp,
  framing,
  chat,
  ui,
  history,
  servers,
  sandbox,
  start,
  streaming,
  memory,
  toolResults,
  toolSelection,
};

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
const results = Object.fromEntries(figures.map((figure) => [figure.name, figure.value]));
const meta = {
  at: new Date().toISOString(),
  node: process.versions.node,
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  units: Object.fromEntries(figures.map((figure) => [figure.name, figure.unit])),
};
writeFileSync(join(import.meta.dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(join(import.meta.dirname, 'results.meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
