/**
 * `npm run bench:tools:list`: lists the evaluation servers' tools live and writes tools.json,
 * the tool set the selection benchmark ranks. Rerun after upgrading any of these servers; a test
 * compares the reference servers' entries with a live listing so the file cannot go stale.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { listAll } from './listing';

const listed = await listAll();
const file = join(import.meta.dirname, 'tools.json');
// Formatted as the repository's formatter checks it.
writeFileSync(
  file,
  await format(JSON.stringify(listed), { ...(await resolveConfig(file)), parser: 'json' }),
);
for (const server of listed) {
  process.stdout.write(
    `${server.server.padEnd(12)} ${server.packageName}@${server.version}: ${server.tools.length} tools\n`,
  );
}
process.stdout.write(`${listed.reduce((sum, server) => sum + server.tools.length, 0)} tools\n`);
