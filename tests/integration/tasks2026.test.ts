/**
 * Tasks on the 2026-07-28 extension (SEP-2663, `io.modelcontextprotocol/tasks`) against a test
 * server written from the spec's schema (tests/fixtures/servers/tasks2026Server.ts).
 *
 * Hearth cannot take a task result on this wire yet: the v2 client's 2026 result decoder
 * refuses `resultType: "task"` and drops the task with it, and no public hook reaches that
 * decoder (docs/upstream/sdk-tasks-2026.md has the upstream issue). So Hearth does not declare
 * the extension (a server may then answer any call with a task it could not read), and a tool
 * that runs only as a task says so in plain words. The last test is the trip-wire: it fails
 * once the SDK takes task results, the moment to finish this path.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client, SdkErrorCode, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createEventHub } from '../../electron/core/bridge/events';
import { createLogger } from '../../electron/core/logger';
import { createMcpManager, type McpManager } from '../../electron/core/mcp/manager';
import { createMemoryVault } from '../../electron/core/secrets/secretVault';
import {
  startTasks2026Server,
  TASKS_EXTENSION,
  type Tasks2026Server,
} from '../fixtures/servers/tasks2026Server';
import { tempDir } from '../support/testHost';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function server(): Promise<Tasks2026Server> {
  const started = await startTasks2026Server(500);
  cleanups.push(() => started.close());
  return started;
}

function manager(): McpManager {
  const logger = createLogger({ sinks: [], minimum: 'error' });
  const created = createMcpManager({
    dataDir: tempDir('tasks-2026'),
    vault: createMemoryVault(),
    events: createEventHub(logger),
    logger,
    clientVersion: '0.0.0-test',
    launchContext: () => ({ platform: process.platform, environment: process.env }),
    onProblem: () => undefined,
  });
  cleanups.push(() => created.dispose());
  return created;
}

describe('Tasks on the 2026-07-28 extension', () => {
  it('a tool that runs only as a task says why Hearth cannot run it yet', async () => {
    const remote = await server();
    const hearth = manager();
    const entry = await hearth.save({
      name: 'reports',
      transport: { type: 'http', url: remote.url, protocol: 'streamable-http' },
    });
    expect(entry.status).toMatchObject({ state: 'ready', protocolVersion: '2026-07-28' });

    const outcome = await hearth.callTool('reports', 'slow_report', { topic: 'ants' });
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? '' : outcome.message).toBe(
      '“slow_report” runs only as a task of the 2026 Tasks extension, which this Hearth cannot take yet.',
    );
    // The server was not told Hearth takes tasks, so it made none.
    expect(remote.received).toEqual([
      { method: 'tools/call', declared: false, mcpName: 'slow_report' },
    ]);
  });

  it('trip-wire: the v2 client still refuses a task result on the 2026 wire', async () => {
    const remote = await server();
    const client = new Client(
      { name: 'hearth-test', version: '0.0.0' },
      {
        versionNegotiation: { mode: 'auto' },
        capabilities: { extensions: { [TASKS_EXTENSION]: {} } },
      },
    );
    cleanups.push(() => client.close());
    await client.connect(new StreamableHTTPClientTransport(new URL(remote.url)));
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');

    // The extension reaches the server, and it answers with a task (the spec's CreateTaskResult)…
    const refused = await client
      .callTool({ name: 'slow_report', arguments: { topic: 'ants' } })
      .then(
        () => undefined,
        (error: unknown) => error as { code?: unknown; message?: string },
      );
    expect(remote.received).toEqual([
      { method: 'tools/call', declared: true, mcpName: 'slow_report' },
    ]);
    // …which the SDK's decoder turns down, the task id lost. When this fails, the SDK takes
    // task results: declare the extension in Hearth and follow the task as the 2025 path does.
    expect(refused?.code).toBe(SdkErrorCode.UnsupportedResultType);
    expect(refused?.message).toMatch(/Unsupported result type 'task' for tools\/call/);
  });
});
