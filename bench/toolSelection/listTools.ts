/**
 * `npm run bench:tools:list`: lists the evaluation servers' tools live and writes tools.json (the
 * first set) and tools.blind.json (the blind set's servers), the tools the selection benchmark
 * ranks. Rerun after upgrading any of these servers; a test compares the reference servers'
 * entries and a few blind servers with a live listing so the files cannot go stale.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { BLIND_SERVERS } from './blindServers';
import { listAll, listServer, type ListedServer } from './listing';

async function write(name: string, listed: ListedServer[]): Promise<void> {
  const file = join(import.meta.dirname, name);
  // Formatted as the repository's formatter checks it.
  writeFileSync(
    file,
    await format(JSON.stringify(listed), { ...(await resolveConfig(file)), parser: 'json' }),
  );
  for (const server of listed) {
    process.stdout.write(
      `${server.server.padEnd(18)} ${server.packageName}@${server.version}: ${server.tools.length} tools\n`,
    );
  }
  process.stdout.write(
    `${name}: ${listed.reduce((sum, server) => sum + server.tools.length, 0)} tools\n`,
  );
}

await write('tools.json', await listAll());
const blind: ListedServer[] = [];
for (const server of BLIND_SERVERS) blind.push(await listServer(server));
await write('tools.blind.json', blind);
