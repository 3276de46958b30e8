/**
 * One part of the bench in a child process, for `--against`: imports the part's bench file from
 * the tree given (this one or a commit's worktree), runs its export and writes the figures as
 * JSON to the file given. Usage: runPart.ts ROOT FILE EXPORT COVERS_JSON OUT_FILE.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Figure {
  name: string;
  value: number;
  unit: string;
}

const [root, file, exportName, coversJson, outFile] = process.argv.slice(2);
if (!root || !file || !exportName || !coversJson || !outFile)
  throw new Error('Usage: runPart.ts ROOT FILE EXPORT COVERS_JSON OUT_FILE');
const covers = JSON.parse(coversJson) as string[];
const module = (await import(pathToFileURL(join(root, 'bench', file)).href)) as Record<
  string,
  unknown
>;
// An older commit may not export the part on its own: its whole file, filtered to the part.
const measure = (module[exportName] ?? module.run) as () => Promise<Figure[]> | Figure[];
if (typeof measure !== 'function')
  throw new Error(`bench/${file} exports neither ${exportName} nor run.`);
const figures = (await measure()).filter((figure) =>
  covers.some((cover) => figure.name.startsWith(cover)),
);
writeFileSync(outFile, JSON.stringify(figures));
// The part's temp folders go with it, where its tree's test support can say which they are.
const testHost = (await import(
  pathToFileURL(join(root, 'tests', 'support', 'testHost.ts')).href
)) as { removeTempDirs?: () => void };
testHost.removeTempDirs?.();
// Benches leave nothing running, but a stray handle must not hold the round up.
process.exit(0);
