/**
 * Every configured MCP server: their configs, consent, connections and logs, and the catalog of
 * their tools. Servers start in parallel and fail alone. State changes, logs and catalog changes
 * go out as contract events; nothing here knows about IPC or windows.
 */
import type {
  LaunchRepositories,
  LaunchReview,
  Offerings,
  SandboxPolicy,
  ServerConfigInput,
  ServerEntry,
  ServerStatus,
  ToolSettings,
} from '../../../preload/schemas/servers';
import type { Client } from '@modelcontextprotocol/client';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { toolSettingsSchema, type ServerState } from '../../../preload/schemas/servers';
import { UserFacingError } from '../bridge/errors';
import type { EventHub } from '../bridge/events';
import type { Logger } from '../logger';
import type { SecretVault } from '../secrets/secretVault';
import {
  canonicalJson,
  describeToolChange,
  toolFingerprint,
  toolSnapshot,
} from './offerings/modelTools';
import { collectOfferings } from './offerings/collectOfferings';
import { SHELL_TOOL_NAME } from '../builtin';
import { openConsentStore, type ConsentStore } from './config/consent';
import { createHarmlessCallsSwitch, type HarmlessCallsSwitch } from './config/harmlessCalls';
import { sameLaunch } from './config/configChanges';
import { ServerConnection, type ConnectionTiming } from './lifecycle/connection';
import { fileEraVerdicts } from './lifecycle/eraVerdicts';
import { pendingTasksFile, type PendingTasks } from './offerings/tasks/pendingTasks';
import { createTaskResumer, type TaskFinished } from './offerings/tasks/taskResume';
import { launchReview } from './config/launchReview';
import { withArgumentFolders } from './config/argumentFolderChoice';
import { allowBlocked as allowBlockedAccess } from '../sandbox';
import { carryOverSignIn } from './oauth/signInChange';
import { authForServer } from './oauth/authForServer';
import { createOAuthStore } from './oauth/tokenStore';
import type { ServerRequests } from './fromServer/serverRequests';
import type { ToolCallOptions, ServerCallOutcome } from './offerings/callTool';
import { createLogBatcher } from './fromServer/logBatcher';
import { createServerLog, type ServerLog } from './fromServer/serverLog';
import { openServerStore, sameName, type ServerStore } from './config/serverStore';
import { createToolCatalog, type ToolCatalog } from './offerings/toolCatalog';
import { trialConnection, type TrialReport } from './lifecycle/trialConnection';
import type { LaunchContext } from './transport/configTransports';
import { withinTime } from '../withinTime';

export interface McpManagerOptions {
  dataDir: string;
  vault: SecretVault;
  events: EventHub;
  logger: Logger;
  clientVersion: string;
  /** Hearth's environment with the login shell's PATH, read once at start. */
  launchContext(): LaunchContext;
  onProblem(message: string): void;
  timing?: ConnectionTiming;
  /** Hearth's built-in tool server; added (once, on by default) to the server list when given. */
  builtinServer?: () => McpServer;
  /** What Hearth answers when a server asks (elicitation, sampling), passed to each connection. */
  serverRequests?: ServerRequests;
  /**
   * Opens an OAuth authorization page for the user (the system browser, or a tab the browser
   * host opens); rejects when the page cannot be shown. Without it, sign-in is not possible.
   */
  openAuthorization?(url: string): Promise<void>;
  /** A task picked up after a restart finished (its result goes to the conversation). */
  onTaskFinished?: TaskFinished;
}

/** The name the built-in server gets in the list, and so the prefix of its tools' model names. */
export const BUILTIN_SERVER_ENTRY = 'hearth';

export interface McpManager {
  store: ServerStore;
  /** Tasks still running on servers, kept across restarts. */
  tasks: PendingTasks;
  consent: ConsentStore;
  /** "Don't ask for calls this sandbox makes harmless", per server (config/harmlessCalls.ts). */
  harmlessCalls: HarmlessCallsSwitch;
  catalog: ToolCatalog;
  /**
   * Starts every enabled server at once, after `after` settles (Hearth's start reads the login
   * shell first); resolves when each is ready or has failed.
   */
  startAll(after?: Promise<unknown>): Promise<void>;
  /**
   * The servers a turn starting now would wait for: those starting, and every enabled one while
   * `startAll` has not finished (a message sent the moment the window opens).
   */
  startingNow(): string[];
  /** Waits at most `timeoutMs` (or until `signal` aborts) for the servers `startingNow` names. */
  whenStarted(timeoutMs: number, signal?: AbortSignal): Promise<void>;
  list(): ServerEntry[];
  save(input: ServerConfigInput, previousName?: string): Promise<ServerEntry>;
  delete(name: string): Promise<boolean>;
  start(name: string): Promise<ServerStatus>;
  stop(name: string): Promise<ServerStatus>;
  restart(name: string): Promise<ServerStatus>;
  setEnabled(name: string, enabled: boolean): Promise<ServerStatus>;
  reviewLaunch(name: string): LaunchReview;
  /**
   * The repositories in the folders its sandbox would let it write whose hooks and config stay
   * read-only, looked for as its start looks (up to SCAN_BUDGET_MS): the review names them.
   */
  launchRepositories(name: string): Promise<LaunchRepositories>;
  /**
   * Approves exactly the reviewed launch, then switches the server on and starts it. `writeFolders`
   * are folders its arguments name that the review offered: its sandbox may write them too.
   */
  approveLaunch(name: string, fingerprint: string, writeFolders?: string[]): Promise<ServerStatus>;
  /**
   * Where the sandbox cannot run: starts the server without it, this once or from now on (kept
   * in its policy). Never silently: only when the user chose it.
   */
  runUnsandboxed(name: string, always: boolean): Promise<ServerStatus>;
  /** Adds the folder or host of one blocked access to the server's policy, and restarts it. */
  allowBlocked(name: string, blocked: string): Promise<ServerEntry>;
  logs(name: string): ReturnType<ServerLog['entries']>;
  configureTool(server: string, tool: string, patch: Partial<ToolSettings>): void;
  /** What changed in an "always allow" tool since the user approved it. */
  reviewToolChange(server: string, tool: string): string[];
  offerings(): Offerings;
  /** Waits at most `timeoutMs` while a server starts or restarts; the state it is in then. */
  settled(server: string, timeoutMs: number, signal?: AbortSignal): Promise<ServerState>;
  /** Runs `work` with a ready server's SDK client (prompts, resources, completion). */
  withClient<T>(server: string, work: (client: Client) => Promise<T>): Promise<T>;
  callTool(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    options?: ToolCallOptions & { callId?: string },
  ): Promise<ServerCallOutcome>;
  /**
   * "Test connection": starts `input` (not saved) as a throwaway trial, reports how it went with
   * its tools and log, and stops it. Secrets left blank are taken from `previousName`'s stored ones.
   */
  trial(input: ServerConfigInput, previousName?: string): Promise<TrialReport>;
  /** OAuth: signs in to a remote server in the browser, then (re)connects it. */
  signIn(name: string): Promise<ServerStatus>;
  /** OAuth: forgets the server's tokens and stops it. */
  signOut(name: string): Promise<ServerStatus>;
  /** Stops every server and its process tree. */
  dispose(): Promise<void>;
}

interface Slot {
  connection: ServerConnection;
  log: ServerLog;
}

export function createMcpManager(options: McpManagerOptions): McpManager {
  const { vault, events, logger } = options;
  const store = openServerStore({ dataDir: options.dataDir, vault, onProblem: options.onProblem });
  // Sandbox folders named after a server's name (before they had ids) go to their one server.
  const unclaimed = options.launchContext().sandbox?.adoptFolders(
    store
      .list()
      .filter((config) => config.transport.type === 'stdio')
      .map((config) => config.name),
  );
  if (unclaimed?.length)
    logger.info(`Sandbox folders no server owns alone, left unused: ${unclaimed.join(', ')}`);
  const eras = fileEraVerdicts(options.dataDir, options.onProblem);
  const tasks = pendingTasksFile(options.dataDir, options.onProblem);
  const resumer = createTaskResumer({
    pending: tasks,
    onFinished: (task, outcome) => options.onTaskFinished?.(task, outcome),
  });
  const consent = openConsentStore({
    dataDir: options.dataDir,
    vault,
    onProblem: options.onProblem,
  });
  if (options.builtinServer) {
    try {
      store.addBuiltinOnce({ name: BUILTIN_SERVER_ENTRY, transport: { type: 'builtin' } });
    } catch (error) {
      // A data folder Hearth may not write in: it starts without them and says why.
      options.onProblem(`The built-in tools were not added: ${(error as Error).message}`);
    }
  }
  const slots = new Map<string, Slot>();
  const oauth = createOAuthStore(vault);
  const logBatcher = createLogBatcher((server, entries) =>
    events.emit('servers:log', { server, entries }),
  );
  let catalogTimer: NodeJS.Timeout | undefined;
  const catalogChanged = () => {
    clearTimeout(catalogTimer);
    // Several servers becoming ready together make one change, not ten. The count is what the
    // servers offer (the catalog lists each once); building the list would scan every tool.
    catalogTimer = setTimeout(
      () =>
        events.emit('tools:changed', {
          count: connections().reduce(
            (sum, connection) => sum + connection.offerings().tools.length,
            0,
          ),
        }),
      50,
    );
  };

  const consentOf = (name: string): ServerStatus['consent'] => {
    const config = store.withSecrets(name);
    if (!config || config.transport.type !== 'stdio') return 'approved';
    return consent.launchState(config.name, config.transport);
  };

  const slot = (name: string): Slot => {
    const config = store.get(name);
    if (!config) throw new UserFacingError(`There is no server named “${name}”.`);
    const key = config.name.toLowerCase();
    const existing = slots.get(key);
    if (existing) return existing;
    const log = createServerLog((entry) => logBatcher.add(config.name, entry));
    const auth = authForServer(config, {
      current: () => store.withSecrets(config.name) ?? config,
      store: oauth,
      clientVersion: options.clientVersion,
      openAuthorization: options.openAuthorization,
      log,
      onChange: () => events.emit('servers:status', connection.status()),
    });
    const connection = new ServerConnection({
      config: () => store.withSecrets(config.name) ?? config,
      consent: () => consentOf(config.name),
      launchContext: options.launchContext,
      log,
      clientVersion: options.clientVersion,
      onStatus: (status) => events.emit('servers:status', status),
      onCatalogChanged: catalogChanged,
      timing: options.timing,
      builtinServer: options.builtinServer,
      serverRequests: options.serverRequests,
      onResourceUpdated: (uri) => events.emit('resources:updated', { server: config.name, uri }),
      auth,
      eras,
      tasks,
      onReady: () =>
        void connection
          .withClient(async (client) =>
            resumer.resume(config.name, client, (text) => log.add('hearth', 'info', text)),
          )
          .catch(() => undefined),
    });
    const created = { connection, log };
    slots.set(key, created);
    return created;
  };

  /** Set while `startAll` runs: turns sent meanwhile wait for it (`whenStarted`). */
  let firstStart: Promise<void> | undefined;
  // Read without making a slot: a server not started yet has none.
  const startedConnection = (name: string) => slots.get(name.toLowerCase())?.connection;
  const startingNow = () =>
    store
      .list()
      .filter((config) => {
        const status = startedConnection(config.name)?.status();
        if (status?.state === 'starting') return true;
        // Not started yet as Hearth opens; one stopped with a reason (its launch waits for the
        // user's approval) is not coming.
        return (
          firstStart &&
          config.enabled &&
          (status?.state ?? 'stopped') === 'stopped' &&
          !status?.error
        );
      })
      .map((config) => config.name);
  const connections = () =>
    store.list().flatMap((config) => slots.get(config.name.toLowerCase())?.connection ?? []);
  const catalog = createToolCatalog({
    connections,
    config: (name) => store.get(name),
    consent,
  });

  const harmlessCalls = createHarmlessCallsSwitch({
    store,
    consent,
    sandbox: () => options.launchContext().sandbox,
    log: (name, text) => slot(name).log.add('hearth', 'info', text),
  });

  const entry = (name: string): ServerEntry => {
    const config = store.get(name);
    if (!config) throw new UserFacingError(`There is no server named “${name}”.`);
    return { config, status: slot(name).connection.status() };
  };

  /**
   * Saves a sandbox policy the user changed with one choice of theirs (allow this folder, run
   * unsandboxed always). That choice is their consent to exactly this change: a server whose
   * launch was approved stays approved, one that was not still asks. Then it restarts.
   */
  const changeSandbox = async (name: string, sandbox: SandboxPolicy, why: string) => {
    const config = store.withSecrets(name);
    if (config?.transport.type !== 'stdio') return;
    const approved = consent.launchState(config.name, config.transport) === 'approved';
    const transport = { ...config.transport, sandbox };
    harmlessCalls.saved(config, store.save({ ...config, transport }, config.name));
    if (approved)
      consent.approveLaunch(config.name, consent.launchFingerprint(config.name, transport));
    slot(config.name).log.add('hearth', 'info', why);
    await slot(config.name).connection.restart();
  };

  const forget = async (name: string) => {
    const key = name.toLowerCase();
    const existing = slots.get(key);
    slots.delete(key);
    await existing?.connection.stop();
  };

  return {
    store,
    tasks,
    consent,
    harmlessCalls,
    catalog,
    async startAll(after) {
      const run = (async () => {
        await after;
        await Promise.all(
          store
            .list()
            .filter((config) => config.enabled)
            .map((config) => slot(config.name).connection.start()),
        );
      })();
      firstStart = run;
      try {
        await run;
      } finally {
        if (firstStart === run) firstStart = undefined;
      }
    },
    startingNow,
    async whenStarted(timeoutMs, signal) {
      const names = startingNow();
      if (names.length === 0 || signal?.aborted) return;
      const stopped = new AbortController();
      const started = Promise.all([
        firstStart,
        ...names.map((name) => startedConnection(name)?.settled(timeoutMs, stopped.signal)),
      ]);
      const aborted = new Promise<void>((resolve) =>
        signal?.addEventListener('abort', () => resolve(), { signal: stopped.signal }),
      );
      try {
        await withinTime(Promise.race([started, aborted]), timeoutMs);
      } finally {
        stopped.abort();
      }
    },
    list: () => store.list().map((config) => entry(config.name)),
    async save(input, previousName) {
      const before = previousName === undefined ? undefined : store.get(previousName);
      const saved = store.save(input, previousName);
      if (before && !sameName(before.name, saved.name)) {
        consent.rename(before.name, saved.name);
        options.launchContext().sandbox?.renameServer(before.name, saved.name);
      }
      if (before) carryOverSignIn(oauth, before, saved);
      // Only its folders or tool settings changed: no restart; a running server is told.
      if (before && before.name === saved.name && sameLaunch(before, saved)) {
        harmlessCalls.saved(before, saved);
        const { connection } = slot(saved.name);
        if (canonicalJson(before.roots) !== canonicalJson(saved.roots))
          await connection.rootsChanged();
        if (before.logLevel !== saved.logLevel) await connection.logLevelChanged();
        return entry(saved.name);
      }
      if (before) await forget(before.name);
      // After the old slot went, so its log line stays in the server's log.
      harmlessCalls.saved(before, saved);
      const { connection } = slot(saved.name);
      if (saved.enabled) await connection.start();
      else events.emit('servers:status', connection.status());
      return entry(saved.name);
    },
    async delete(name) {
      const config = store.get(name);
      if (!config) return false;
      await forget(config.name);
      store.delete(config.name);
      consent.forget(config.name);
      // Its sandbox folder goes with it (the caches of its own); what it wrote there for the user
      // is kept in ~/Hearth/kept, and the log says so.
      const forgotten = await options.launchContext().sandbox?.forgetServer(config.name);
      if (forgotten?.removed)
        logger.info(
          `Deleted “${config.name}”: removed its sandbox folder (its downloads and caches)${forgotten.kept.length > 0 ? `; kept what it wrote: ${forgotten.kept.map((file) => file.to).join(', ')}` : ''}.`,
        );
      catalogChanged();
      return true;
    },
    start: (name) => slot(name).connection.start(),
    signIn: (name) => slot(name).connection.signIn(),
    signOut: (name) => slot(name).connection.signOut(),
    stop: (name) => slot(name).connection.stop(),
    restart: (name) => slot(name).connection.restart(),
    async setEnabled(name, enabled) {
      const config = store.get(name);
      if (!config) throw new UserFacingError(`There is no server named “${name}”.`);
      store.save({ ...config, enabled }, config.name);
      const { connection } = slot(config.name);
      return enabled ? connection.start() : connection.stop();
    },
    reviewLaunch(name) {
      const config = store.withSecrets(name);
      if (!config) throw new UserFacingError(`There is no server named “${name}”.`);
      if (config.transport.type !== 'stdio')
        throw new UserFacingError(
          `“${config.name}” runs no command here to approve: it is ${config.transport.type === 'builtin' ? 'part of Hearth' : 'a remote server'}.`,
        );
      return launchReview(
        config.name,
        config.transport,
        consent,
        options.launchContext(),
        config.roots,
      );
    },
    async launchRepositories(name) {
      const config = store.withSecrets(name);
      if (config?.transport.type !== 'stdio') return { repositories: [], complete: true };
      const context = options.launchContext();
      const found = await context.sandbox?.protectedRepositories(
        config.name,
        config.transport,
        config.roots,
        context.environment,
      );
      return found ?? { repositories: [], complete: true };
    },
    async approveLaunch(name, fingerprint, writeFolders = []) {
      const review = this.reviewLaunch(name);
      if (review.fingerprint !== fingerprint) {
        throw new UserFacingError(
          `The command of “${review.name}” changed while you were reviewing it. Review it again.`,
        );
      }
      const approved = withArgumentFolders(store.withSecrets(review.name), review, writeFolders);
      if (approved) harmlessCalls.saved(store.get(review.name), store.save(approved, review.name));
      consent.approveLaunch(
        review.name,
        approved?.transport.type === 'stdio'
          ? consent.launchFingerprint(review.name, approved.transport)
          : fingerprint,
      );
      slot(review.name).log.add(
        'hearth',
        'info',
        writeFolders.length > 0
          ? `You approved this command, and let it write in ${writeFolders.join(', ')}.`
          : 'You approved this command.',
      );
      // "Approve and start" means both: a server that was off (an import) is switched on.
      const config = store.get(review.name);
      if (config && !config.enabled) store.save({ ...config, enabled: true }, config.name);
      return slot(review.name).connection.start();
    },
    async runUnsandboxed(name, always) {
      const config = store.withSecrets(name);
      if (config?.transport.type !== 'stdio' || !config.transport.sandbox?.enabled)
        throw new UserFacingError(`“${name}” does not run in the sandbox.`);
      if (always) {
        const sandbox = { ...config.transport.sandbox, unsandboxedWhenUnavailable: true };
        await changeSandbox(
          config.name,
          sandbox,
          'You chose to run it without the sandbox where the sandbox cannot run.',
        );
        return slot(config.name).connection.status();
      }
      options.launchContext().sandbox?.allowUnsandboxedOnce(config.name);
      slot(config.name).log.add('hearth', 'info', 'You chose to run it once without the sandbox.');
      return slot(config.name).connection.restart();
    },
    async allowBlocked(name, blocked) {
      const config = store.withSecrets(name);
      if (config?.transport.type !== 'stdio' || !config.transport.sandbox?.enabled)
        throw new UserFacingError(`“${name}” does not run in the sandbox.`);
      const result = allowBlockedAccess(config.transport.sandbox, blocked);
      if (!result.ok) throw new UserFacingError(result.message);
      options.launchContext().sandbox?.clearBlocked(config.name);
      await changeSandbox(
        config.name,
        result.policy,
        `You allowed ${result.allowed} in its sandbox.`,
      );
      return entry(config.name);
    },
    logs: (name) => slot(name).log.entries(),
    configureTool(server, tool, patch) {
      const config = store.get(server);
      if (!config) throw new UserFacingError(`There is no server named “${server}”.`);
      // "Always allow" covers the definition the user can see now, so it needs one served.
      const definition = catalog.definition(config.name, tool);
      if (patch.approval === 'allow' && !definition) {
        throw new UserFacingError(
          `“${tool}” is not served by “${config.name}” right now, so it cannot be approved.`,
        );
      }
      const shell =
        (config.transport.type === 'builtin' && tool === SHELL_TOOL_NAME) ||
        (patch.shellCommand ?? config.tools[tool]?.shellCommand) === true;
      if (shell && (patch.approval ?? config.tools[tool]?.approval) === 'allow') {
        throw new UserFacingError(
          `“${tool}” runs shell commands, so it is never allowed whole: allow its commands one at a time, or by the program they start with, in Settings › Allowed shell commands.`,
        );
      }
      const current = config.tools[tool] ?? toolSettingsSchema.parse({});
      store.save(
        { ...config, tools: { ...config.tools, [tool]: { ...current, ...patch } } },
        config.name,
      );
      if (patch.approval === 'allow' && definition) {
        consent.setToolApproval(config.name, tool, {
          fingerprint: toolFingerprint(definition),
          snapshot: toolSnapshot(definition),
        });
      } else if (patch.approval === 'ask') {
        consent.setToolApproval(config.name, tool, undefined);
      }
      catalogChanged();
    },
    reviewToolChange(server, tool) {
      const approval = consent.toolApproval(server, tool);
      const definition = catalog.definition(server, tool);
      if (!approval || !definition) return [];
      return describeToolChange(approval.snapshot, toolSnapshot(definition));
    },
    offerings: () => collectOfferings(connections()),
    settled: async (server, timeoutMs, signal) =>
      store.get(server) ? slot(server).connection.settled(timeoutMs, signal) : 'stopped',
    withClient: (server, work) => slot(server).connection.withClient(work),
    async callTool(server, tool, args, callOptions = {}) {
      const config = store.get(server);
      if (!config) return { ok: false, message: `There is no server named “${server}”.` };
      const { callId, onProgress } = callOptions;
      return slot(config.name).connection.callTool(tool, args, {
        ...callOptions,
        // With a call id, progress also goes to the renderer as a contract event.
        onProgress:
          callId === undefined && !onProgress
            ? undefined
            : (progress) => {
                onProgress?.(progress);
                if (callId !== undefined) events.emit('tools:progress', { callId, ...progress });
              },
      });
    },
    trial: (input, previousName) =>
      trialConnection(
        input,
        previousName === undefined ? undefined : store.withSecrets(previousName),
        options,
      ),
    async dispose() {
      clearTimeout(catalogTimer);
      await Promise.all([...slots.values()].map(({ connection }) => connection.stop()));
      eras.flush();
      logBatcher.flush();
      logger.info('Every MCP server has been stopped.');
    },
  };
}
