/**
 * A real MCP manager over a temporary data folder, with its events recorded, for integration
 * tests against real server processes.
 */
import { createEventHub, type EventHub } from '../../electron/core/bridge/events';
import { createLogger } from '../../electron/core/logger';
import type { ConnectionTiming } from '../../electron/core/mcp/lifecycle/connection';
import { createMcpManager, type McpManager } from '../../electron/core/mcp/manager';
import { createMemoryVault, type SecretVault } from '../../electron/core/secrets/secretVault';
import type { ServerSandbox } from '../../electron/core/sandbox';
import type { EnvVariable, ServerStatus } from '../../preload/schemas/servers';
import type { ServerCommand } from './mcpFixtures';
import { tempDir } from './testHost';

export interface TestManager {
  manager: McpManager;
  vault: SecretVault;
  dataDir: string;
  events: { channel: string; payload: unknown }[];
  /** Where the manager's events go, for services that listen to them. */
  hub: EventHub;
  problems: string[];
  /** Adds a stdio server, approves its launch as a user would, and waits until it is ready or failed. */
  addServer(
    name: string,
    command: ServerCommand,
    extra?: { env?: EnvVariable[]; requestTimeoutMs?: number },
  ): Promise<ServerStatus>;
  waitForState(
    name: string,
    state: ServerStatus['state'],
    timeoutMs?: number,
  ): Promise<ServerStatus>;
}

export function createTestManager(
  options: {
    dataDir?: string;
    vault?: SecretVault;
    timing?: ConnectionTiming;
    environment?: NodeJS.ProcessEnv;
    /** The OS sandbox servers with a policy start in. */
    sandbox?: ServerSandbox;
  } = {},
): TestManager {
  const dataDir = options.dataDir ?? tempDir('mcp');
  const vault = options.vault ?? createMemoryVault();
  const logger = createLogger({ sinks: [], minimum: 'error' });
  const hub = createEventHub(logger);
  const events: TestManager['events'] = [];
  hub.addSink((channel, payload) => events.push({ channel, payload }));
  const problems: string[] = [];
  const manager = createMcpManager({
    dataDir,
    vault,
    events: hub,
    logger,
    clientVersion: '0.0.0-test',
    launchContext: () => ({
      platform: process.platform,
      environment: options.environment ?? process.env,
      ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    }),
    onProblem: (message) => problems.push(message),
    timing: options.timing ?? { restartBaseMs: 100 },
  });

  const waitForState = async (name: string, state: ServerStatus['state'], timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = manager.list().find((entry) => entry.config.name === name)?.status;
      if (status?.state === state) return status;
      if (Date.now() > deadline)
        throw new Error(`${name} did not reach ${state}: ${JSON.stringify(status)}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  return {
    manager,
    vault,
    dataDir,
    events,
    hub,
    problems,
    waitForState,
    async addServer(name, command, extra = {}) {
      await manager.save({
        name,
        transport: {
          type: 'stdio',
          command: command.command,
          args: command.args,
          env: extra.env ?? [],
        },
        ...(extra.requestTimeoutMs ? { requestTimeoutMs: extra.requestTimeoutMs } : {}),
      });
      const review = manager.reviewLaunch(name);
      return manager.approveLaunch(name, review.fingerprint);
    },
  };
}

/** True while a process with this pid exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `check` holds, polling every 25 ms. */
export async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
