/**
 * How tests launch MCP servers as child processes: the configurable fixture server
 * (`tests/fixtures/servers/fixtureServer.mjs`, flags documented at its top) and the real reference
 * servers from node_modules, run with this Node directly rather than through npx.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A command line for a stdio MCP server, ready for `StdioClientTransport` or `spawn`. */
export interface ServerCommand {
  command: string;
  args: string[];
  /** Extra environment variables the server needs (merge them over the default environment). */
  env?: Record<string, string>;
}

const requireHere = createRequire(import.meta.url);

/** Absolute path of the configurable fixture server. */
export const fixtureServerPath = join(
  import.meta.dirname,
  '..',
  'fixtures',
  'servers',
  'fixtureServer.mjs',
);

/** The fixture server run by this Node with the given flags, e.g. `['--tools=echo,crash']`. */
export function fixtureCommand(flags: string[] = []): ServerCommand {
  return { command: process.execPath, args: [fixtureServerPath, ...flags] };
}

/** Absolute path of an installed package's (single) bin script, read from its package.json. */
export function packageBin(packageName: string): string {
  const manifestPath = requireHere.resolve(`${packageName}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    bin?: string | Record<string, string>;
  };
  const bin =
    typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  if (!bin) throw new Error(`${packageName} has no bin entry`);
  return join(dirname(manifestPath), bin);
}

/** `@modelcontextprotocol/server-everything` bin script (its launcher takes stdio|sse|streamableHttp). */
export const everythingBin = (): string => packageBin('@modelcontextprotocol/server-everything');

/** The everything server over stdio. */
export function everythingStdio(): ServerCommand {
  return { command: process.execPath, args: [everythingBin(), 'stdio'] };
}

/** The filesystem server, allowed to see `rootDir` (and only that). */
export function filesystemServer(rootDir: string): ServerCommand {
  return {
    command: process.execPath,
    args: [packageBin('@modelcontextprotocol/server-filesystem'), rootDir],
  };
}

/** The memory (knowledge graph) server, keeping its graph in `memoryFile` (JSON lines). */
export function memoryServer(memoryFile: string): ServerCommand {
  return {
    command: process.execPath,
    args: [packageBin('@modelcontextprotocol/server-memory')],
    env: { MEMORY_FILE_PATH: memoryFile },
  };
}
