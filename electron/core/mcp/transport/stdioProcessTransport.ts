/**
 * An MCP stdio transport (the SDK's Transport interface) with the lifecycle a desktop host needs
 * and the SDK's own stdio transport does not give: the server leads its own process group so its
 * whole tree can be ended; stdout lines that are not JSON-RPC (banners, npx chatter) are logged
 * and skipped instead of breaking the connection; stderr is always drained; and framing is linear
 * in the message size: a long line is parsed as it arrives, so a 100 MB result is not held
 * several times over. A message glued to junk
 * (a server that wrote without ending its line) is found and delivered, not lost with the junk.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
// JSON-RPC framing is the same in both protocol eras; the v1 schema checks a line is a message.
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { hasExited, terminateTree, track } from './processTree';
import { startFolder } from '../../sandbox';
import { StreamedLine } from './streamedLine';
import type { LauncherDownload } from './launcherDownload';

/**
 * The largest single message accepted from a server; beyond it the server is stopped. Long
 * lines are parsed as they arrive, and their long strings read in part from the pieces they came
 * in (longText.ts), so a tool result this size costs about its own size at peak.
 */
export const MAX_MESSAGE_BYTES = 128 * 1024 * 1024;

/**
 * The most a server may write on one line that cannot be a message (it does not open JSON)
 * before Hearth calls its framing broken: no banner is this long, and waiting longer only lets
 * the junk swallow the answers that follow it.
 */
export const MAX_UNENDED_JUNK_BYTES = 1024 * 1024;

/**
 * A line that opens like a message and grows past this is parsed as it arrives (StreamedLine)
 * instead of gathered whole: large results then pass with about one copy in memory. Shorter
 * lines keep the faster native parse.
 */
export const STREAM_PARSE_FROM_BYTES = 1024 * 1024;

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
  /**
   * Puts the launch in the OS sandbox (electron/core/sandbox) just before it starts; rejects
   * with a message for the user when it may not start. `release` runs once the process ended.
   */
  wrap?(launch: StdioLaunch): Promise<WrappedStdioLaunch>;
  /**
   * Follows the download of an `npx` or `uvx` launch, from the moment the process (as spawned,
   * sandbox and all) started; nothing for other commands.
   */
  watchDownload?(spawned: StdioLaunch): LauncherDownload | undefined;
}

export interface WrappedStdioLaunch {
  launch: StdioLaunch;
  release(): void;
  /** Reads what the server printed for refusals of the sandbox; the ones found, as log lines. */
  notice(text: string): string[];
  /** What the sandbox refused this launch so far, as log lines. */
  blocked?(): string[];
}

export class StdioProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  protocolVersion?: string;
  /** How the process ended, once it has. */
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  /** Why Hearth stopped the server itself, when it did (so its end is not called a crash). */
  stoppedBecause?: string;
  /**
   * The SDK tells a local pipe from HTTP by `stderr` and `pid`: on a pipe, a server that stays
   * silent when asked for its protocol era is an older server, not an outage. Hearth reads
   * stderr itself (`onStderr`), so there is no stream to hand out.
   */
  readonly stderr = null;

  private child?: ChildProcess;
  /** The sandbox's wrap of this launch, when it runs in one. */
  wrapped?: WrappedStdioLaunch;
  /** The launcher's download (npx, uvx), while the process runs. */
  download?: LauncherDownload;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Whether the line still arriving starts like a message (`{`), once its first byte is known. */
  private pendingLooksLikeMessage?: boolean;
  /** The long line still arriving, parsed as it comes. */
  private streamed?: StreamedLine;

  constructor(
    private readonly launch: StdioLaunch,
    private readonly hooks: StdioHooks,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Bytes received since the last line end: a message still arriving, or a broken one. */
  get partialLineBytes(): number {
    return this.pendingBytes;
  }

  /** Stops the server for `reason`, which its log and the calls it was running then give. */
  stop(reason: string): Promise<void> {
    this.stoppedBecause ??= reason;
    this.onerror?.(new Error(`Hearth stopped the server: ${reason}.`));
    return this.close();
  }

  async start(): Promise<void> {
    const wrapped = this.hooks.wrap ? await this.hooks.wrap(this.launch) : undefined;
    this.wrapped = wrapped;
    const launch = wrapped?.launch ?? this.launch;
    return new Promise((resolve, reject) => {
      const child = spawn(launch.file, launch.args, {
        env: launch.env,
        // Not process.cwd() as it is at this moment: a wrap running beside this start has Hearth
        // working in a folder of its own (sandbox/workingFolder.ts).
        cwd: launch.cwd ?? startFolder(),
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
        detached: process.platform !== 'win32',
      });
      this.child = child;
      child.once('error', (error) => {
        wrapped?.release();
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => {
        track(child);
        this.download = this.hooks.watchDownload?.(launch);
        this.download?.begin();
        resolve();
      });
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        this.download?.stop();
        // Grandchildren of a server that died on its own are ended too.
        void terminateTree(child).finally(() => wrapped?.release());
        this.onclose?.();
      });
      child.stdin?.on('error', () => undefined); // EPIPE after exit; 'exit' reports it
      child.stdout?.on('data', (chunk: Buffer) => this.read(chunk));
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (text: string) => {
        this.hooks.onStderr(text);
        this.download?.stderr(text);
        wrapped?.notice(text);
      });
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
    this.download?.stop();
    const child = this.child;
    if (!child) return;
    child.stdin?.end();
    await terminateTree(child);
  }

  private read(chunk: Buffer): void {
    // Once Hearth is stopping the server, what it still writes is neither read nor kept.
    if (this.stoppedBecause) return;
    let start = 0;
    let newline = chunk.indexOf(10);
    while (newline !== -1) {
      const piece = chunk.subarray(start, newline);
      const streamed = this.streamed;
      if (streamed) {
        this.streamed = undefined;
        streamed.write(piece);
        this.handleStreamed(streamed);
      } else {
        const line = this.pending.length === 0 ? piece : Buffer.concat([...this.pending, piece]);
        this.pending = [];
        this.handleLine(line.toString('utf8'));
      }
      this.pendingBytes = 0;
      this.pendingLooksLikeMessage = undefined;
      start = newline + 1;
      newline = chunk.indexOf(10, start);
    }
    if (start >= chunk.length) return;
    this.pendingBytes += chunk.length - start;
    if (this.pendingBytes > MAX_MESSAGE_BYTES) {
      this.pending = [];
      this.pendingBytes = 0;
      this.streamed = undefined;
      void this.stop(`it sent a message over ${MAX_MESSAGE_BYTES / 1024 / 1024} MB`);
      return;
    }
    const rest = chunk.subarray(start);
    if (this.streamed) {
      this.streamed.write(rest);
      return;
    }
    this.pending.push(rest);
    this.pendingLooksLikeMessage ??= startsLikeMessage(rest);
    if (this.pendingLooksLikeMessage === false && this.pendingBytes > MAX_UNENDED_JUNK_BYTES) {
      this.pending = [];
      this.pendingBytes = 0;
      void this.stop(
        `it wrote over ${MAX_UNENDED_JUNK_BYTES / 1024 / 1024} MB that was no message without ending the line, so its messages could no longer be told apart (broken framing)`,
      );
      return;
    }
    if (this.pendingLooksLikeMessage && this.pendingBytes > STREAM_PARSE_FROM_BYTES) {
      const streamed = new StreamedLine();
      for (const bytes of this.pending) streamed.write(bytes);
      this.pending = [];
      this.streamed = streamed;
    }
  }

  private handleStreamed(line: StreamedLine): void {
    const value = line.end();
    const parsed = value === undefined ? undefined : JSONRPCMessageSchema.safeParse(value);
    if (parsed?.success) this.onmessage?.(parsed.data);
    else this.hooks.onJunk(`${line.head}… (${line.bytes} bytes that were no message)`);
  }

  private handleLine(raw: string): void {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    const whole = parseMessage(line);
    if (whole) {
      this.onmessage?.(whole);
      return;
    }
    // Junk with a message glued to its end (the junk had no line end of its own): the message
    // is the longest tail of the line that parses as one.
    if (line.includes('"jsonrpc"') && line.endsWith('}')) {
      let tries = 0;
      for (let at = line.indexOf('{"', 1); at > 0 && tries < MAX_RESYNC_TRIES; tries++) {
        const message = parseMessage(line.slice(at));
        if (message) {
          this.hooks.onJunk(line.slice(0, at));
          this.onmessage?.(message);
          return;
        }
        at = line.indexOf('{"', at + 1);
      }
    }
    this.hooks.onJunk(line);
  }
}

/**
 * `true` when the first visible byte opens JSON (`{`, or `[` as a batch would), `false` for
 * anything else, unknown while blank.
 */
function startsLikeMessage(bytes: Buffer): boolean | undefined {
  for (const byte of bytes) {
    if (byte === 0x20 || byte === 0x09 || byte === 0x0d) continue;
    return byte === 0x7b || byte === 0x5b;
  }
  return undefined;
}

/** Places tried for the start of a message glued to junk, so hostile junk costs little. */
const MAX_RESYNC_TRIES = 1_000;

function parseMessage(text: string): JSONRPCMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = JSONRPCMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
