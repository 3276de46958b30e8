/**
 * One configured MCP server and its life: start (after consent), initialize within a time limit,
 * list what it offers, follow its changes, restart after a crash with backoff, give up after
 * repeated crashes, stop with its whole process tree. Protocol work is the SDK Client's; this
 * class only decides when and reports what happened, in words.
 */
import { LOG_LEVEL_META_KEY, type Client } from '@modelcontextprotocol/client';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerState, ServerStatus } from '../../../../preload/schemas/servers';
import { UserFacingError } from '../../bridge/errors';
import { callTool, type ToolCallOptions, type ToolCallOutcome } from '../offerings/callTool';
import { readyDetails } from './connectionStatus';
import {
  buildTransport,
  transportKinds,
  type TransportKind,
} from '../transport/connectionTransport';
import { CrashHistory, describeEnd } from './crashPolicy';
import { createHearthClient, STDIO_PROBE_TIMEOUT_MS, type Elicit } from './hearthClient';
import type { Sample } from '../fromServer/sampling';
import { describeConnectError } from './serverErrors';
import { namingTheSandbox } from './sandboxCause';
import { eraKey, type EraVerdict, type EraVerdicts } from './eraVerdicts';
import {
  connectWithEra,
  rememberEra,
  type AttemptOutcome,
  type ConnectOutcome,
} from './protocolEra';
import type { PendingTasks } from '../offerings/tasks/pendingTasks';
import { runAsTask } from '../offerings/tasks/taskCall';
import { runsAsTask } from '../offerings/tasks/toolTask';
import { startKeepAlive } from './heartbeat';
import { applyLogLevel, DEFAULT_LOG_LEVEL } from '../fromServer/loggingLevel';
import { isSignInRequired } from '../oauth/signInRequired';
import { isSessionGone } from './sessionExpiry';
import type { ServerAuth } from '../oauth/serverAuth';
import type { ServerLog } from '../fromServer/serverLog';
import { followServerNotifications } from '../fromServer/serverNotifications';
import { listOfferings, NO_OFFERINGS, type ServerOfferings } from '../offerings/serverOfferings';
import { StdioProcessTransport } from '../transport/stdioProcessTransport';
import { startDeadline } from './startDeadline';
import type { LaunchContext } from '../transport/configTransports';

/** A server that has not finished `initialize` by then is reported as not answering. */
export const CONNECT_TIMEOUT_MS = 30_000;
export interface ConnectionContext {
  /** The latest config, secret values filled in. */
  config(): ServerConfig;
  consent(): ServerStatus['consent'];
  launchContext(): LaunchContext;
  log: ServerLog;
  clientVersion: string;
  onStatus(status: ServerStatus): void;
  /** Tools, resources or prompts changed (or the server came or went). */
  onCatalogChanged(): void;
  now?: () => number;
  /** Shorter limits for tests; the named constants otherwise. */
  timing?: ConnectionTiming;
  /** Makes Hearth's built-in tool server, for configs of type `builtin`. */
  builtinServer?: () => McpServer;
  /** Asks the user what a server's elicitation request wants; absent, the capability is not offered. */
  elicit?: Elicit;
  /** Answers a server's sampling request with the model, after the user approves. */
  sample?: Sample;
  /** A resource the server was asked to watch changed (`notifications/resources/updated`). */
  onResourceUpdated?(uri: string): void;
  /** OAuth for a remote server: signs its requests in, and signs in when asked. */
  auth?: ServerAuth;
  /** Each server's protocol era, remembered between starts; probed every time without it. */
  eras?: EraVerdicts;
  /** Tasks still running on servers, so they are picked up again after a restart. */
  tasks?: PendingTasks;
  /** The server is ready again: pick up the tasks it still runs. */
  onReady?(): void;
}

/** How the protocol version of a ready server was found, for its detail view. */
export type ProtocolSource = NonNullable<ServerStatus['protocolSource']>;

export interface ConnectionTiming {
  connectTimeoutMs?: number;
  restartBaseMs?: number;
  pingIntervalMs?: number;
  pingTimeoutMs?: number;
}

export class ServerConnection {
  private state: ServerState = 'stopped';
  private error?: string;
  private client?: Client;
  private transport?: Transport;
  private transportKind?: ServerStatus['transport'];
  private generation = 0;
  private restarts = 0;
  private readonly crashHistory: CrashHistory;
  private restartTimer?: NodeJS.Timeout;
  private offered: ServerOfferings = NO_OFFERINGS;
  /**
   * What the server offered before it stopped by itself: while it restarts its tools stay known
   * (a call to one waits for it), though none is offered to the model.
   */
  private offeredBeforeRestart: ServerOfferings = NO_OFFERINGS;
  /** Calls waiting for a restarting server, told at every change of state. */
  private readonly stateWaiters = new Set<() => void>();
  private stopKeepAlive?: () => void;
  /** Set while a ready server does not answer pings. */
  private notAnswering?: string;
  private protocolSource?: ProtocolSource;
  private stopListening?: () => void;

  constructor(private readonly context: ConnectionContext) {
    this.crashHistory = new CrashHistory(context.timing?.restartBaseMs);
  }

  get name(): string {
    return this.context.config().name;
  }

  private get connectTimeoutMs(): number {
    return this.context.timing?.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  }

  offerings(): ServerOfferings {
    return this.state === 'ready' ? this.offered : NO_OFFERINGS;
  }

  get isReady(): boolean {
    return this.state === 'ready';
  }

  /** The offerings of a ready server, or the last ones of a server that is restarting. */
  knownOfferings(): ServerOfferings {
    if (this.state === 'ready') return this.offered;
    return this.state === 'restarting' ? this.offeredBeforeRestart : NO_OFFERINGS;
  }

  /**
   * Waits while the server restarts, at most `timeoutMs` (or until `signal` aborts), and says
   * the state it is in then: `ready` when a call can go ahead.
   */
  async settled(timeoutMs: number, signal?: AbortSignal): Promise<ServerState> {
    if (this.state !== 'restarting' || signal?.aborted) return this.state;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.stateWaiters.delete(onChange);
        resolve();
      };
      const onChange = () => {
        if (this.state !== 'restarting') done();
      };
      const timer = setTimeout(done, timeoutMs);
      signal?.addEventListener('abort', done, { once: true });
      this.stateWaiters.add(onChange);
    });
    return this.state;
  }

  status(): ServerStatus {
    // Only a process that is still there has a pid worth showing (not one that failed to start).
    const pid =
      this.transport instanceof StdioProcessTransport &&
      this.state !== 'stopped' &&
      this.state !== 'error' &&
      !this.transport.exit
        ? this.transport.pid
        : undefined;
    const error = this.error ?? (this.state === 'ready' ? this.notAnswering : undefined);
    return {
      name: this.name,
      state: this.state,
      ...(error ? { error } : {}),
      ...this.context.auth?.state(),
      consent: this.context.consent(),
      ...(this.state === 'ready' && this.client
        ? readyDetails(this.client, this.transport, this.protocolSource)
        : {}),
      ...(this.transportKind && this.state !== 'stopped' ? { transport: this.transportKind } : {}),
      ...(pid ? { pid } : {}),
      ...this.downloadStatus(),
      ...this.sandboxStatus(),
      restarts: this.restarts,
      toolCount: this.offerings().tools.length,
    };
  }

  /** What is known of an `npx` or `uvx` download while the server starts. */
  private downloadStatus(): Pick<ServerStatus, 'download'> {
    if (this.state !== 'starting' && this.state !== 'restarting') return {};
    const download =
      this.transport instanceof StdioProcessTransport
        ? this.transport.download?.state()
        : undefined;
    return download ? { download } : {};
  }

  /** How the OS sandbox ran this server and what it blocked, for a stdio server with a policy. */
  private sandboxStatus(): Pick<ServerStatus, 'sandbox'> {
    const config = this.context.config();
    if (config.transport.type !== 'stdio' || !config.transport.sandbox) return {};
    const report = this.context.launchContext().sandbox?.report(config.name);
    return report ? { sandbox: report } : {};
  }

  /** Starts the server unless it is running, or waiting for the user's consent. */
  async start(): Promise<ServerStatus> {
    if (this.state === 'ready' || this.state === 'starting') return this.status();
    this.crashHistory.reset();
    clearTimeout(this.restartTimer);
    await this.connect();
    return this.status();
  }

  /** Stops the server and everything it started; resolves once the process is gone. */
  async stop(): Promise<ServerStatus> {
    this.generation++;
    clearTimeout(this.restartTimer);
    this.context.auth?.cancel();
    const wasRunning = this.state !== 'stopped';
    await this.disconnect();
    this.setState('stopped', undefined);
    if (wasRunning) this.context.log.add('hearth', 'info', 'Stopped.');
    return this.status();
  }

  async restart(): Promise<ServerStatus> {
    await this.stop();
    return this.start();
  }

  /** Signs in (the user answers in the browser), then (re)connects with the new tokens. */
  async signIn(): Promise<ServerStatus> {
    const auth = this.context.auth;
    if (!auth) return this.status();
    const generation = this.generation;
    const wasReady = this.state === 'ready';
    try {
      await auth.signIn();
    } catch (error) {
      // Stopped while the browser was open: the sign-in was cancelled, nothing failed.
      if (generation !== this.generation) return this.status();
      const message = (error as Error).message;
      this.setState(this.state === 'ready' ? 'ready' : 'error', message);
      return this.status();
    }
    // Reconnected with the new tokens; a sign-in joined by a second click has done so already.
    if (generation !== this.generation) return this.status();
    return wasReady ? this.restart() : this.start();
  }

  /** Forgets the tokens and stops the server: it asks for a sign-in again. */
  async signOut(): Promise<ServerStatus> {
    this.context.auth?.signOut();
    return this.stop();
  }

  /** The config's log level changed: a running server is told. */
  async logLevelChanged(): Promise<void> {
    if (this.state !== 'ready' || !this.client) return;
    await applyLogLevel(this.client, this.context.config().logLevel, this.context.log);
  }

  /** Tells a running server its folders (roots) changed, so it asks for them again. */
  async rootsChanged(): Promise<void> {
    if (this.state !== 'ready' || !this.client) return;
    try {
      await this.client.sendRootsListChanged();
      this.context.log.add('hearth', 'info', 'Its folders (roots) changed; the server was told.');
    } catch (error) {
      this.context.log.add(
        'hearth',
        'warning',
        `Could not tell the server its folders changed: ${(error as Error).message}`,
      );
    }
  }

  async callTool(
    tool: string,
    args: Record<string, unknown>,
    options: ToolCallOptions,
  ): Promise<ToolCallOutcome> {
    if (this.state !== 'ready' || !this.client) {
      return { ok: false, message: `The server “${this.name}” is not running (${this.state}).` };
    }
    const transport = this.transport;
    const definition = this.offered.tools.find((offered) => offered.name === tool);
    // A 2026 server is told the log level with each call (it has no logging/setLevel).
    if (this.client.getProtocolEra() === 'modern') {
      const level = this.context.config().logLevel ?? DEFAULT_LOG_LEVEL;
      options = { ...options, meta: { [LOG_LEVEL_META_KEY]: level, ...options.meta } };
    }
    const outcome = runsAsTask(definition, this.client)
      ? await runAsTask(this.client, tool, args, {
          ...options,
          server: this.name,
          // Only a remote server's tasks outlive Hearth: a local one ends with Hearth.
          pending: this.transportKind === 'stdio' ? undefined : this.context.tasks,
        })
      : await callTool(this.client, tool, args, {
          timeoutMs: this.context.config().requestTimeoutMs,
          ...options,
        });
    if (!(transport instanceof StdioProcessTransport)) return outcome;
    if (outcome.ok) return sandboxNoted(outcome, transport);
    // A call that timed out while the server had written part of a line and never ended it:
    // whatever it writes next is glued to that part, so the next call would fail too.
    if (outcome.timedOut && transport.partialLineBytes > 0 && !transport.stoppedBecause) {
      await transport.stop(
        `it wrote ${formatBytes(transport.partialLineBytes)} without ending the line, so its messages could no longer be told apart (broken framing)`,
      );
    }
    if (!transport.stoppedBecause) return sandboxNoted(outcome, transport);
    return {
      ...outcome,
      message: `${outcome.message} Hearth stopped the server and is restarting it: ${transport.stoppedBecause}.`,
    };
  }

  /** Runs `work` with the ready server's client (prompts, resources, completion); refuses otherwise. */
  async withClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
    if (this.state !== 'ready' || !this.client) {
      throw new UserFacingError(`The server “${this.name}” is not running (${this.state}).`);
    }
    return work(this.client);
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation;
    const config = this.context.config();
    if (config.transport.type === 'stdio' && this.context.consent() !== 'approved') {
      const changed = this.context.consent() === 'changed';
      this.setState(
        'stopped',
        changed
          ? 'Its command changed since you approved it: review and approve it to start.'
          : 'Review and approve its command to start it.',
      );
      return;
    }
    this.setState(this.state === 'restarting' ? 'restarting' : 'starting', undefined);
    const kinds = transportKinds(config.transport);
    let failure = 'The server could not be started.';
    for (const kind of kinds) {
      const outcome = await this.tryConnect(kind, generation);
      if (outcome === 'ready' || outcome === 'superseded') return;
      if (outcome === 'sign-in') {
        this.context.log.add('hearth', 'info', 'The server asks you to sign in.');
        this.setState('stopped', undefined);
        return;
      }
      failure = outcome.message;
      // Only a server that answered HTTP with "not here" is worth a second try over SSE.
      if (!outcome.tryNextKind) break;
      this.context.log.add(
        'hearth',
        'info',
        `Streamable HTTP did not work (${outcome.message}); trying SSE.`,
      );
    }
    if (generation !== this.generation) return;
    this.context.log.add('hearth', 'error', failure);
    this.setState('error', failure);
  }

  /** One transport kind, with the protocol era chosen (and corrected) by protocolEra.ts. */
  private tryConnect(kind: TransportKind, generation: number): Promise<ConnectOutcome> {
    return connectWithEra({
      kind,
      eras: kind === 'in-process' ? undefined : this.context.eras,
      key: eraKey(this.context.config()),
      log: this.context.log,
      attempt: (prior) => this.attempt(kind, generation, prior),
      isCurrent: () => generation === this.generation,
    });
  }

  private async attempt(
    kind: TransportKind,
    generation: number,
    prior: EraVerdict | undefined,
  ): Promise<AttemptOutcome> {
    const config = this.context.config();
    const built = buildTransport(config, kind, {
      launchContext: this.context.launchContext(),
      log: this.context.log,
      builtinServer: this.context.builtinServer,
      fetch: this.context.auth?.fetch,
      onSandboxChange: () => this.context.onStatus(this.status()),
      onDownloadChange: () => {
        if (generation === this.generation) this.context.onStatus(this.status());
      },
    });
    if (!built.ok) return { message: built.message, tryNextKind: false };
    const transport = built.value;
    // Hearth's own server is in this process and speaks the 2025 protocol: nothing to probe.
    const known: EraVerdict | undefined = kind === 'in-process' ? { kind: 'legacy' } : prior;
    const client = createHearthClient({
      version: this.context.clientVersion,
      server: () => this.name,
      roots: () => this.context.config().roots,
      elicit: this.context.elicit,
      sample: this.context.sample,
      ...(kind === 'stdio' ? { probeTimeoutMs: STDIO_PROBE_TIMEOUT_MS } : {}),
    });
    this.watch(client, generation);
    this.client = client;
    this.transport = transport;
    this.transportKind = kind;
    // npx and uvx may download the package first: the limit counts from the end of that.
    const launcher = transport instanceof StdioProcessTransport ? transport : undefined;
    const deadline = launcher
      ? startDeadline(this.connectTimeoutMs, {
          get lastActivity() {
            return launcher.download?.lastActivity;
          },
          get finished() {
            return launcher.download?.finished ?? false;
          },
        })
      : undefined;
    try {
      await client.connect(transport, {
        ...(deadline
          ? { timeout: LONGEST_TIMER_MS, signal: deadline.signal }
          : { timeout: this.connectTimeoutMs }),
        ...(known ? { prior: known } : {}),
      });
      deadline?.dispose();
      if (generation !== this.generation) return 'superseded';
      this.protocolSource = kind === 'in-process' ? 'built-in' : prior ? 'remembered' : 'probed';
      // A probe that met a launcher still downloading heard nothing, which says nothing of the
      // server's era: it is asked again next time.
      const downloaded = launcher?.download?.lastActivity !== undefined;
      launcher?.download?.stop();
      if (kind !== 'in-process' && !downloaded)
        rememberEra(client, this.context.eras, eraKey(this.context.config()));
      // The log level is set while the lists load: one round trip, not two, before ready. The
      // 2026 protocol has no logging/setLevel: the level travels with each call (callTool).
      const [offered] = await Promise.all([
        listOfferings(client),
        client.getProtocolEra() !== 'modern'
          ? applyLogLevel(client, config.logLevel, this.context.log)
          : undefined,
      ]);
      this.offered = offered;
      if (generation !== this.generation) return 'superseded';
      const info = client.getServerVersion();
      this.context.log.add(
        'hearth',
        'info',
        `Ready: ${info?.name ?? 'server'} ${info?.version ?? ''}, ${this.offered.tools.length} tools, protocol ${client.getNegotiatedProtocolVersion() ?? 'unknown'}.`.replace(
          ' ,',
          ',',
        ),
      );
      this.setState('ready', undefined);
      this.keepAlive(client, generation);
      this.listen(client, generation);
      this.context.onCatalogChanged();
      this.context.onReady?.();
      return 'ready';
    } catch (error) {
      deadline?.dispose();
      const download = launcher?.download;
      const downloadPackage =
        download?.lastActivity !== undefined
          ? { package: download.packageName, stalled: deadline?.stalled ?? false }
          : undefined;
      const stderr = this.context.log.recentStderr(5);
      const ended =
        transport instanceof StdioProcessTransport &&
        transport.exit !== undefined &&
        !transport.stoppedBecause;
      const endedWhileProbing = ended && !known && client.getProtocolEra() === undefined;
      await this.disconnect();
      if (generation !== this.generation) return 'superseded';
      if (isSignInRequired(error)) return 'sign-in';
      const described = namingTheSandbox(
        describeConnectError(error, {
          kind,
          config,
          transport,
          stderr,
          timeoutMs: this.connectTimeoutMs,
          ...(downloadPackage ? { download: downloadPackage } : {}),
        }),
        transport,
      );
      return { ...described, ended, endedWhileProbing };
    }
  }

  /**
   * A 2026-07-28 server sends its list changes on a `subscriptions/listen` stream, not on its
   * own: open one for the lists it says can change. Its notifications reach the same handlers.
   */
  private listen(client: Client, generation: number): void {
    if (client.getProtocolEra() !== 'modern') return;
    const capabilities = client.getServerCapabilities();
    const filter = {
      ...(capabilities?.tools?.listChanged ? { toolsListChanged: true } : {}),
      ...(capabilities?.prompts?.listChanged ? { promptsListChanged: true } : {}),
      ...(capabilities?.resources?.listChanged ? { resourcesListChanged: true } : {}),
    };
    if (Object.keys(filter).length === 0) return;
    client
      .listen(filter)
      .then((subscription) => {
        if (generation !== this.generation || this.client !== client) {
          void subscription.close();
          return;
        }
        this.stopListening = () => void subscription.close();
      })
      .catch((error: unknown) => {
        if (generation !== this.generation) return;
        this.context.log.add(
          'hearth',
          'warning',
          `Could not follow the server’s list changes (subscriptions/listen): ${(error as Error).message}`,
        );
      });
  }

  /** Notifications, and what to do when the connection ends by itself. */
  private watch(client: Client, generation: number): void {
    const log = this.context.log;
    // Transport errors can carry a whole HTML error page: the first line says enough.
    client.onerror = (error) => {
      // A request that needs a sign-in is said once, by connect(), not as a warning per request.
      if (isSignInRequired(error)) return;
      // The spec's answer to a session the server no longer knows: start a new one.
      if (
        generation === this.generation &&
        this.state === 'ready' &&
        isSessionGone(error, this.transport)
      ) {
        void this.crashed(generation, 'ended the session (HTTP 404)');
        return;
      }
      log.add('hearth', 'warning', error.message.split('\n')[0]?.slice(0, 500) ?? '');
    };
    client.onclose = () => {
      // A connection that closes while starting fails the start; only a ready one has crashed.
      if (generation === this.generation && this.state === 'ready') void this.crashed(generation);
    };
    followServerNotifications(client, {
      log,
      isCurrent: () => generation === this.generation && this.state === 'ready',
      refreshLists: async () => {
        this.offered = await listOfferings(client);
        this.context.onStatus(this.status());
        this.context.onCatalogChanged();
      },
      onResourceUpdated: (uri) => this.context.onResourceUpdated?.(uri),
    });
  }

  /** The connection ended without Hearth asking: restart with backoff, or give up. */
  private async crashed(generation: number, ended?: string): Promise<void> {
    const stoppedBecause =
      this.transport instanceof StdioProcessTransport ? this.transport.stoppedBecause : undefined;
    const how =
      ended ??
      describeEnd(
        this.transport instanceof StdioProcessTransport ? this.transport.exit : undefined,
      );
    const offeredBefore = this.offered;
    this.generation++;
    await this.disconnect();
    if (generation + 1 !== this.generation) return;
    const verdict = this.crashHistory.record((this.context.now ?? Date.now)());
    if (verdict.giveUp) {
      const message = `The server ${how} and has stopped ${verdict.crashes} times within a minute, so Hearth stopped restarting it. Check its log, then start it again.`;
      this.context.log.add('hearth', 'error', message);
      this.setState('error', message);
      this.context.onCatalogChanged();
      return;
    }
    const what = stoppedBecause
      ? `Hearth stopped the server: ${stoppedBecause}`
      : `The server ${how} unexpectedly`;
    this.context.log.add(
      'hearth',
      'warning',
      `${what}. Restarting in ${verdict.delayMs / 1000} s.`,
    );
    this.offeredBeforeRestart = offeredBefore;
    this.setState('restarting', `${what}; restarting.`);
    this.context.onCatalogChanged();
    const restartGeneration = this.generation;
    this.restartTimer = setTimeout(() => {
      if (restartGeneration !== this.generation) return;
      this.restarts++;
      void this.connect();
    }, verdict.delayMs);
  }

  private keepAlive(client: Client, generation: number): void {
    this.stopKeepAlive = startKeepAlive(client, {
      intervalMs: this.context.timing?.pingIntervalMs,
      timeoutMs: this.context.timing?.pingTimeoutMs,
      onChange: (reason) => {
        if (generation !== this.generation) return;
        this.notAnswering = reason;
        this.context.log.add(
          'hearth',
          reason ? 'warning' : 'info',
          reason ?? 'The server answers again.',
        );
        this.context.onStatus(this.status());
      },
    });
  }

  private async disconnect(): Promise<void> {
    this.stopKeepAlive?.();
    this.stopKeepAlive = undefined;
    this.stopListening?.();
    this.stopListening = undefined;
    this.notAnswering = undefined;
    const client = this.client;
    const transport = this.transport;
    this.client = undefined;
    this.offered = NO_OFFERINGS;
    if (client) {
      client.onclose = undefined;
      await client.close().catch(() => undefined);
    }
    await transport?.close().catch(() => undefined);
  }

  private setState(state: ServerState, error: string | undefined): void {
    this.state = state;
    this.error = error;
    if (state !== 'restarting') this.offeredBeforeRestart = NO_OFFERINGS;
    for (const waiter of [...this.stateWaiters]) waiter();
    // Asking the user from inside a request (a step-up) is fine only while the server is in use.
    this.context.auth?.setInUse(state === 'ready');
    this.context.onStatus(this.status());
  }
}

/** The longest delay a Node timer takes: the start deadline, not the request, ends a start. */
const LONGEST_TIMER_MS = 2_147_483_647;

/** A size in the units a person reads: 20 MB, 512 KB, 300 bytes. */
function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * A failed call of a sandboxed server whose error names something the sandbox refused says so,
 * for its card and the model: the refusal is the sandbox's, and the user can allow it.
 */
function sandboxNoted(outcome: ToolCallOutcome, transport: StdioProcessTransport): ToolCallOutcome {
  const wrapped = transport.wrapped;
  if (!wrapped) return outcome;
  if (!outcome.ok) {
    const blocked = wrapped.notice(outcome.message);
    return blocked.length === 0
      ? outcome
      : { ...outcome, message: `${outcome.message} ${sandboxSentence(blocked)}` };
  }
  if (outcome.result.isError !== true) return outcome;
  const text = outcome.result.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('\n');
  const blocked = wrapped.notice(text);
  if (blocked.length === 0) return outcome;
  return {
    ok: true,
    result: {
      ...outcome.result,
      content: [...outcome.result.content, { type: 'text', text: sandboxSentence(blocked) }],
    },
  };
}

function sandboxSentence(blocked: string[]): string {
  return `Hearth's sandbox ${blocked.join('; ')}. The user can allow it on the server's page.`;
}
