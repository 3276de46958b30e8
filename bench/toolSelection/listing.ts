/**
 * Lists the tools of the evaluation servers, live: each server is started, asked for its tools
 * through the SDK client, and stopped. The built-in server is listed in-process.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, InMemoryTransport, type Tool } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createBuiltinServer } from '../../electron/core/builtin/server';
import { SudoTickets } from '../../electron/core/builtin/sudo/sudoTickets';
import { BENCH_SERVERS, type BenchServer } from './servers';

/** One server's tools as tools.json keeps them: only what ranking and the model see. */
export interface ListedServer {
  server: string;
  packageName: string;
  version: string;
  /** What the server tells clients about itself at start (MCP `instructions`), when it does. */
  instructions?: string;
  tools: Pick<Tool, 'name' | 'description' | 'inputSchema'>[];
}

/** The installed package's manifest; read from its folder, as some packages do not export it. */
export function packageManifest(packageName: string): {
  version: string;
  bin?: string | Record<string, string>;
} {
  const path = join(import.meta.dirname, '..', '..', 'node_modules', packageName, 'package.json');
  return JSON.parse(readFileSync(path, 'utf8')) as { version: string };
}

function packageVersion(packageName: string): string {
  return packageManifest(packageName).version;
}

function slim(tools: Tool[]): ListedServer['tools'] {
  return tools.map(({ name, description, inputSchema }) => ({
    name,
    ...(description === undefined ? {} : { description }),
    inputSchema,
  }));
}

/** Starts one server, lists its tools (every page) and stops it. */
export async function listServer(server: BenchServer): Promise<ListedServer> {
  const command = server.command();
  const transport = new StdioClientTransport({
    command: command.command,
    args: command.args,
    env: { ...getDefaultEnvironment(), ...command.env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'hearth-bench', version: '1.0.0' });
  await client.connect(transport);
  try {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    const instructions = client.getInstructions();
    return {
      server: server.name,
      packageName: server.packageName,
      version: packageVersion(server.packageName),
      ...(instructions ? { instructions } : {}),
      tools: slim(tools),
    };
  } finally {
    await client.close();
  }
}

/** Hearth's own built-in tools, listed through the same SDK client. */
export async function listBuiltin(): Promise<ListedServer> {
  const server = createBuiltinServer({ tickets: new SudoTickets(), platform: 'linux' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'hearth-bench', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    const { tools } = await client.listTools();
    return { server: 'hearth', packageName: 'hearth', version: 'built-in', tools: slim(tools) };
  } finally {
    await client.close();
    await server.close();
  }
}

/** Every evaluation server plus the built-in tools, in a fixed order. */
export async function listAll(servers = BENCH_SERVERS): Promise<ListedServer[]> {
  const listed = [await listBuiltin()];
  for (const server of servers) listed.push(await listServer(server));
  return listed;
}
