/**
 * An MCP stdio transport (the SDK's Transport interface) with the lifecycle a desktop host needs
 * and the SDK's own stdio transport does not give: the server leads its own process group so its
 * whole tree can be ended; stdout lines that are not JSON-RPC (banners, npx chatter) are logged
 * and skipped instead of breaking the connection; stderr is always drained; and framing is linear
 * in the message size, so a 20 MB result costs one copy, not hundreds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { hasExited, terminateTree, track } from './processTree';

/** The largest single message accepted from a server; beyond it the server is stopped. */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export interface StdioLaunch {
  file: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

export interface StdioHooks {
  onStderr(text: string): void;
  /** A stdout line that is not a JSON-RPC message. */
  onJunk(line: string): void;
}

export class StdioProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  protocolVersion?: string;
  /** How the process ended, once it has. */
  exit?: { code: number | null; signal: NodeJS.Signals | null };

  private child?: ChildProcess;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly launch: StdioLaunch,
    private readonly hooks: StdioHooks,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.launch.file, this.launch.args, {
        env: this.launch.env,
        cwd: this.launch.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
        detached: process.platform !== 'win32',
      });
      this.child = child;
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => {
        track(child);
        resolve();
      });
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        // Grandchildren of a server that died on its own are ended too.
        void terminateTree(child);
        this.onclose?.();
      });
      child.stdin?.on('error', () => undefined); // EPIPE after exit; 'exit' reports it
      child.stdout?.on('data', (chunk: Buffer) => this.read(chunk));
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (text: string) => this.hooks.onStderr(text));
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || !stdin.writable || (this.child && hasExited(this.child))) {
        reject(new Error('The server is not running.'));
        return;
      }
      if (stdin.write(`${JSON.stringify(message)}\n`)) resolve();
      else stdin.once('drain', resolve);
    });
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.stdin?.end();
    await terminateTree(child);
  }

  private read(chunk: Buffer): void {
    let start = 0;
    let newline = chunk.indexOf(10);
    while (newline !== -1) {
      const piece = chunk.subarray(start, newline);
      const line = this.pending.length === 0 ? piece : Buffer.concat([...this.pending, piece]);
      this.pending = [];
      this.pendingBytes = 0;
      this.handleLine(line.toString('utf8'));
      start = newline + 1;
      newline = chunk.indexOf(10, start);
    }
    if (start >= chunk.length) return;
    this.pendingBytes += chunk.length - start;
    if (this.pendingBytes > MAX_MESSAGE_BYTES) {
      this.pending = [];
      this.pendingBytes = 0;
      this.onerror?.(
        new Error(
          `The server sent a message over ${MAX_MESSAGE_BYTES / 1024 / 1024} MB; Hearth stopped it.`,
        ),
      );
      void this.close();
      return;
    }
    this.pending.push(chunk.subarray(start));
  }

  private handleLine(raw: string): void {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      this.hooks.onJunk(line);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (parsed.success) this.onmessage?.(parsed.data);
    else this.hooks.onJunk(line);
  }
}
