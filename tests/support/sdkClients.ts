/**
 * MCP servers driven by the SDK's own Client, as real child processes or over loopback HTTP, to
 * prove the fixtures and reference servers behave as documented before Hearth's code is tested
 * against them. Everything opened here is closed by `closeSdkClients` after each test.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { RunningHttpServer } from './everythingHttp';
import type { ServerCommand } from './mcpFixtures';

export const MiB = 1024 * 1024;

export interface StdioConnection {
  client: Client;
  transport: StdioClientTransport;
  /** Errors the client reported through `onerror` (e.g. unparsable stdout lines). */
  errors: Error[];
  /** Everything the server wrote to stderr so far (only the last 64 KiB). */
  stderr(): string;
  /** How many bytes the server wrote to stderr so far. */
  stderrBytes(): number;
}

const clients: Client[] = [];
const httpServers: RunningHttpServer[] = [];
const strayPids: number[] = [];
const tempDirs: string[] = [];

/** For `afterEach`: closes clients, stops HTTP servers, kills strays, removes temporary folders. */
export async function closeSdkClients(): Promise<void> {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => {})));
  await Promise.all(httpServers.splice(0).map((server) => server.stop()));
  for (const pid of strayPids.splice(0)) killQuietly(pid);
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** Stops the server after the test. */
export function stopAfterTest(server: RunningHttpServer): RunningHttpServer {
  httpServers.push(server);
  return server;
}

/** Kills the process after the test, if it is still there. */
export function killAfterTest(pid: number): void {
  strayPids.push(pid);
}

function killQuietly(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'hearth-mcp-'));
  tempDirs.push(dir);
  return dir;
}

export function newClient(): Client {
  const client = new Client({ name: 'hearth-tests', version: '0.0.0' });
  clients.push(client);
  return client;
}

/** Launches a stdio server and completes the MCP handshake with it. */
export async function connectStdio(
  server: ServerCommand,
  options: { timeout?: number; maxBufferSize?: number } = {},
): Promise<StdioConnection> {
  const transport = new StdioClientTransport({
    ...server,
    stderr: 'pipe',
    maxBufferSize: options.maxBufferSize ?? 64 * MiB,
  });
  let stderr = '';
  let stderrBytes = 0;
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderrBytes += chunk.length;
    stderr = (stderr + chunk.toString()).slice(-64 * 1024);
  });
  const client = newClient();
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport, options.timeout ? { timeout: options.timeout } : undefined);
  return { client, transport, errors, stderr: () => stderr, stderrBytes: () => stderrBytes };
}

export function texts(result: unknown): string[] {
  return (result as CallToolResult).content.flatMap((block) =>
    block.type === 'text' ? [block.text] : [],
  );
}

export async function waitFor<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
