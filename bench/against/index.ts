/**
 * `npm run bench -- --against REF`: each selected part of the bench runs in a child process on
 * this tree and on REF, alternately (this, REF, then REF, this, ...) for the given rounds, and
 * each figure is reported as both medians and the ratio this/REF with its spread over the rounds.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Figure } from '../figures';
import type { BenchPart } from '../parts';
import {
  COMPARISON_HEADER,
  compare,
  formatComparison,
  type FigureComparison,
  type Paired,
} from './compare';
import { buildTree, commitTree, workingTree, type BenchTree } from './trees';

export interface AgainstOptions {
  against: string;
  /** Measure this commit instead of the working tree (other edits in it are then left out). */
  with?: string;
  rounds: number;
  parts: BenchPart[];
  only: string[];
  keepWorktrees: boolean;
}

export interface AgainstResult {
  mine: BenchTree;
  ref: BenchTree;
  comparisons: FigureComparison[];
}

const RUN_PART = join(import.meta.dirname, 'runPart.ts');
const BUILT_ALREADY = join(import.meta.dirname, 'builtAlready.mjs');

function runPart(tree: BenchTree, part: BenchPart, scratch: string): Promise<Figure[]> {
  const out = join(scratch, `${part.name}-${Date.now()}.json`);
  const child = spawn(
    process.execPath,
    [
      '--import',
      import.meta.resolve('tsx'),
      '--import',
      BUILT_ALREADY,
      RUN_PART,
      tree.root,
      part.file,
      part.exportName,
      JSON.stringify(part.covers),
      out,
    ],
    { cwd: tree.root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`${part.name} on ${tree.label} exited with ${code}:\n${output}`));
        return;
      }
      resolve(JSON.parse(readFileSync(out, 'utf8')) as Figure[]);
    });
  });
}

export async function runAgainst(options: AgainstOptions): Promise<AgainstResult> {
  const ref = commitTree(options.against, options.keepWorktrees);
  let mine = workingTree();
  const scratch = mkdtempSync(join(tmpdir(), 'hearth-bench-figures-'));
  try {
    if (options.with) mine = commitTree(options.with, options.keepWorktrees);
    process.stdout.write(
      `# this: ${mine.label}, ${mine.root}\n# ref:  ${ref.label}, ${ref.root}\n`,
    );
    for (const tree of [mine, ref]) buildTree(tree);
    const comparisons: FigureComparison[] = [];
    for (const part of options.parts) {
      process.stdout.write(`# ${part.name} (${options.rounds} rounds)\n`);
      const paired = new Map<string, Paired>();
      for (let round = 0; round < options.rounds; round++) {
        // Alternate who goes first, so neither side always runs on a machine the other warmed.
        const order: ['mine' | 'ref', BenchTree][] =
          round % 2 === 0
            ? [
                ['mine', mine],
                ['ref', ref],
              ]
            : [
                ['ref', ref],
                ['mine', mine],
              ];
        for (const [side, tree] of order) {
          for (const figure of await runPart(tree, part, scratch)) {
            if (
              !options.only.some((prefix) => figure.name.startsWith(prefix)) &&
              options.only.length > 0
            )
              continue;
            const entry = paired.get(figure.name) ?? {
              unit: figure.unit,
              mine: new Array<number>(options.rounds).fill(Number.NaN),
              ref: new Array<number>(options.rounds).fill(Number.NaN),
            };
            if (side === 'mine') entry.unit = figure.unit;
            entry[side][round] = figure.value;
            paired.set(figure.name, entry);
          }
        }
        process.stdout.write(`  round ${round + 1} of ${options.rounds} done\n`);
      }
      process.stdout.write(`${COMPARISON_HEADER}\n`);
      for (const [name, entry] of paired) {
        const row = compare(name, entry);
        comparisons.push(row);
        process.stdout.write(`${formatComparison(row)}\n`);
      }
    }
    return { mine, ref, comparisons };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    mine.dispose();
    ref.dispose();
  }
}
