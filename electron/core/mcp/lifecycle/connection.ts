/**
 * One configured MCP server and its life, as a state machine: stopped → starting → ready, and
 * restarting or error when it stops by itself. It starts after consent (startSteps.ts, one try
 * at a time in startAttempt.ts), follows its changes (liveClient.ts), restarts after a crash
 * with backoff or gives up (crashRestarts.ts), and stops with its whole process tree. Protocol
 * work is the SDK Client's; this class only decides when and reports what happened, in words.
 */
import type { Client, Transport } from '@modelcontextprotocol/client';
import type { ServerState, ServerStatus } from '../../../../preload/schemas/servers';
import { UserFacingError } from '../../bridge/errors';
import type { ToolCallOptions, ServerCallOutcome } from '../offerings/callTool';
import { NO_OFFERINGS, listOfferings, type ServerOfferings } from '../offerings/serverOfferings';
import type { TransportKind } from '../transport/connectionTransport';
import { applyLogLevel } from '../fromServer/loggingLevel';
import {
  CONNECT_TIMEOUT_MS,
  type ConnectionContext,
  type ProtocolSource,
} from './connectionContext';
import { processDetails, readyDetails, sandboxDetails } from './connectionStatus';
import { crashFacts, CrashRestarts } from './crashRestarts';
import { startKeepAlive } from './heartbeat';
import { listenForListChanges, watchClient } from './liveClient';
import { callOnServer } from './serverCall';
import type { AttemptHost } from './startAttempt';
import { awaitingApproval, startOverKinds } from './startSteps';

export {
  CONNECT_TIMEOUT_MS,
  type ConnectionContext,
  type ConnectionTiming,
  type ProtocolSource,
} from './connectionContext';

export class ServerConnection {
  private state: ServerState = 'stopped';
  private error?: string;
  private client?: Client;
  private transport?: Transport;
  private transportKind?: ServerStatus['transport'];
  /** Counts starts and stops: work begun for an earlier one ends quietly ("superseded"). */
  private generation = 0;
  private readonly crashes: CrashRestarts;
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
    this.crashes = new CrashRestarts(context.timing?.restartBaseMs);
  }

  get name(): string {
    return this.context.config().name;
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
   * Waits while the server starts or restarts, at most `timeoutMs` (or until `signal` aborts),
   * and says the state it is in then: `ready` when a call can go ahead.
   */
  async settled(timeoutMs: number, signal?: AbortSignal): Promise<ServerState> {
    const underWay = () => this.state === 'starting' || this.state === 'restarting';
    if (!underWay() || signal?.aborted) return this.state;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.stateWaiters.delete(onChange);
        resolve();
      };
      const onChange = () => {
        if (!underWay()) done();
      };
      const timer = setTimeout(done, timeoutMs);
      signal?.addEventListener('abort', done, { once: true });
      this.stateWaiters.add(onChange);
    });
    return this.state;
  }

  status(): ServerStatus {
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
      ...processDetails(this.transport, this.state),
      ...sandboxDetails(this.context.config(), this.context.launchContext),
      restarts: this.crashes.count,
      toolCount: this.offerings().tools.length,
    };
  }

  /** Starts the server unless it is running, or waiting for the user's consent. */
  async start(): Promise<ServerStatus> {
    if (this.state === 'ready' || this.state === 'starting') return this.status();
    this.crashes.freshStart();
    await this.connect();
    return this.status();
  }

  /** Stops the server and everything it started; resolves once the process is gone. */
  async stop(): Promise<ServerStatus> {
    this.generation++;
    this.crashes.cancel();
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
  ): Promise<ServerCallOutcome> {
    if (this.state !== 'ready' || !this.client) {
      return { ok: false, message: `The server “${this.name}” is not running (${this.state}).` };
    }
    return callOnServer(
      {
        client: this.client,
        transport: this.transport,
        transportKind: this.transportKind,
        config: this.context.config(),
        offered: this.offered,
        tasks: this.context.tasks,
      },
      tool,
      args,
      options,
    );
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
    const waiting = awaitingApproval(this.context.config(), this.context.consent());
    if (waiting) {
      this.setState('stopped', waiting);
      return;
    }
    this.setState(this.state === 'restarting' ? 'restarting' : 'starting', undefined);
    const outcome = await startOverKinds(this.attemptHost(generation));
    if (outcome === 'ready' || outcome === 'superseded') return;
    if (outcome === 'sign-in') {
      this.context.log.add('hearth', 'info', 'The server asks you to sign in.');
      this.setState('stopped', undefined);
      return;
    }
    if (generation !== this.generation) return;
    this.context.log.add('hearth', 'error', outcome.message);
    this.setState('error', outcome.message);
  }

  /** What one start (`generation`) may do to this connection. */
  private attemptHost(generation: number): AttemptHost {
    const isCurrent = () => generation === this.generation;
    return {
      context: this.context,
      connectTimeoutMs: this.context.timing?.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      isCurrent,
      adopt: (client, transport, kind) => this.adopt(client, transport, kind, generation),
      statusChanged: () => this.context.onStatus(this.status()),
      disconnect: () => this.disconnect(),
      ready: (client, offered, source) => {
        this.offered = offered;
        this.protocolSource = source;
        this.setState('ready', undefined);
        this.keepAlive(client, generation);
        listenForListChanges(client, {
          log: this.context.log,
          isCurrent,
          isLive: () => isCurrent() && this.client === client,
          opened: (close) => (this.stopListening = close),
        });
        this.context.onCatalogChanged();
        this.context.onReady?.();
      },
    };
  }

  /** The client and transport of a start become this connection's, watched from now on. */
  private adopt(client: Client, transport: Transport, kind: TransportKind, generation: number) {
    watchClient(client, {
      log: this.context.log,
      isCurrent: () => generation === this.generation,
      isReady: () => this.state === 'ready',
      transport: () => this.transport,
      crashed: (ended) => void this.crashed(generation, ended),
      refreshLists: async () => {
        this.offered = await listOfferings(client);
        this.context.onStatus(this.status());
        this.context.onCatalogChanged();
      },
      onResourceUpdated: (uri) => this.context.onResourceUpdated?.(uri),
    });
    this.client = client;
    this.transport = transport;
    this.transportKind = kind;
  }

  /** The connection ended without Hearth asking: restart with backoff, or give up. */
  private async crashed(generation: number, ended?: string): Promise<void> {
    const crash = crashFacts(this.transport, ended);
    const offeredBefore = this.offered;
    this.generation++;
    await this.disconnect();
    if (generation + 1 !== this.generation) return;
    const plan = this.crashes.plan((this.context.now ?? Date.now)(), crash);
    if (plan.giveUp) {
      this.context.log.add('hearth', 'error', plan.message);
      this.setState('error', plan.message);
      this.context.onCatalogChanged();
      return;
    }
    this.context.log.add('hearth', 'warning', plan.warning);
    this.offeredBeforeRestart = offeredBefore;
    this.setState('restarting', plan.error);
    this.context.onCatalogChanged();
    const restartGeneration = this.generation;
    this.crashes.restartAfter(
      plan.delayMs,
      () => restartGeneration === this.generation,
      () => void this.connect(),
    );
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
