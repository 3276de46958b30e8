/**
 * Runs `@modelcontextprotocol/server-everything` over HTTP in a child process, for tests of remote
 * transports. Its launcher takes the transport as first argument (`streamableHttp` serves
 * `/mcp`, `sse` serves `GET /sse` + `POST /message`) and reads the port from `PORT` (default
 * 3001). It listens on every interface (it takes no host setting); tests connect via 127.0.0.1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import { everythingBin } from './mcpFixtures';

export interface RunningHttpServer {
  /** The MCP endpoint: `http://127.0.0.1:PORT/mcp` (Streamable HTTP) or `.../sse` (SSE). */
  url: string;
  /** Pid of the server process (the leader of its own process group on POSIX). */
  pid: number;
  /** The last 64 KiB of its stdout and stderr, for failure messages. */
  output(): string;
  /** Ends the server and anything it started; resolves once it has exited. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 20_000;
const OUTPUT_LIMIT = 64 * 1024;

/** The everything server's Streamable HTTP mode on a free loopback port. */
export function startEverythingHttp(): Promise<RunningHttpServer> {
  return startEverything('streamableHttp', '/mcp');
}

/** The everything server's (deprecated) HTTP+SSE mode on a free loopback port. */
export function startEverythingSse(): Promise<RunningHttpServer> {
  return startEverything('sse', '/sse');
}

async function startEverything(mode: string, path: string): Promise<RunningHttpServer> {
  // Another process can take the port between our probe and the server's listen: retry then.
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce(mode, path, await freePort());
    } catch (error) {
      lastError = error;
      if (!String(error).includes('already in use')) break;
    }
  }
  throw lastError;
}

async function startOnce(mode: string, path: string, port: number): Promise<RunningHttpServer> {
  const child = spawn(process.execPath, [everythingBin(), mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const server: RunningHttpServer = {
    url: `http://127.0.0.1:${port}${path}`,
    pid: child.pid ?? -1,
    output: () => output,
    stop: () => stopTree(child),
  };
  try {
    await waitForPort(child, port);
    return server;
  } catch (error) {
    await server.stop();
    throw new Error(`everything ${mode} did not start: ${String(error)}\n${output}`, {
      cause: error,
    });
  }
}

/** A port that was free on 127.0.0.1 a moment ago. */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (address === null || typeof address === 'string') throw new Error('No port');
  return address.port;
}

/** Resolves once 127.0.0.1:port accepts a connection; rejects if the child exits first. */
async function waitForPort(child: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`exited with ${child.exitCode ?? child.signalCode}`);
    }
    if (await canConnect(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`port ${port} not open within ${START_TIMEOUT_MS} ms`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** SIGTERM to the whole process group, SIGKILL after 5 s (taskkill /T on Windows). */
async function stopTree(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (!pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit').then(() => true);
  const signalTree = (signal: NodeJS.Signals) => {
    try {
      if (process.platform === 'win32') {
        spawnSync('taskkill', ['/pid', String(pid), '/T', '/F']);
      } else {
        process.kill(-pid, signal);
      }
    } catch {
      // Already gone.
    }
  };
  signalTree('SIGTERM');
  const timeout = new Promise<boolean>((resolve) =>
    setTimeout(() => resolve(false), 5_000).unref(),
  );
  if (!(await Promise.race([exited, timeout]))) {
    signalTree('SIGKILL');
    await exited;
  }
}
