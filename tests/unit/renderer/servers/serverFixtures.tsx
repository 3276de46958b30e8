/**
 * Servers, statuses, tools and log lines as main sends them, and a harness that renders the
 * Servers view against the real router with the channels every render needs scripted.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Handlers } from '../../../../electron/core/bridge/router';
import type {
  CatalogTool,
  LogEntry,
  ServerConfig,
  ServerEntry,
  ServerStatus,
} from '../../../../preload/schemas/servers';
import { ServersView } from '../../../../renderer/src/servers/ServersView';
import type { Navigation } from '../../../../renderer/src/lib/navigation';
import {
  connectTo,
  renderWith,
  testNavigation,
  type RendererHarness,
} from '../../../support/rendererHarness';

export function statusOf(name: string, patch: Partial<ServerStatus> = {}): ServerStatus {
  return { name, state: 'stopped', consent: 'approved', restarts: 0, toolCount: 0, ...patch };
}

export function entryOf(
  config: Partial<ServerConfig> & Pick<ServerConfig, 'name' | 'transport'>,
  status: Partial<ServerStatus> = {},
): ServerEntry {
  return {
    config: { enabled: true, requestTimeoutMs: 60_000, tools: {}, roots: [], ...config },
    status: statusOf(config.name, status),
  };
}

export const builtin: ServerEntry = entryOf(
  { name: 'hearth', transport: { type: 'builtin' } },
  { state: 'ready', toolCount: 5, transport: 'in-process' },
);

export function stdioEntry(
  name: string,
  status: Partial<ServerStatus> = {},
  config: Partial<ServerConfig> = {},
): ServerEntry {
  return entryOf(
    {
      name,
      transport: {
        type: 'stdio',
        command: 'npx',
        args: ['-y', `@example/${name}`],
        env: [],
      },
      ...config,
    },
    status,
  );
}

export function httpEntry(name: string, status: Partial<ServerStatus> = {}): ServerEntry {
  return entryOf(
    {
      name,
      transport: {
        type: 'http',
        url: 'https://mcp.example.com/mcp',
        headers: [],
        protocol: 'auto',
      },
    },
    status,
  );
}

export function toolOf(
  server: string,
  tool: string,
  patch: Partial<CatalogTool> = {},
): CatalogTool {
  return {
    server,
    tool,
    modelName: `${server}_${tool}`.replace(/[^A-Za-z0-9_-]/g, '_'),
    description: `The ${tool} tool.`,
    inputSchema: { type: 'object', properties: {} },
    enabled: true,
    approval: 'ask',
    shellCommand: false,
    approvalStale: false,
    ...patch,
  };
}

let minute = 0;
export function logOf(
  text: string,
  source: LogEntry['source'] = 'stderr',
  level: LogEntry['level'] = 'info',
): LogEntry {
  minute += 1;
  return { at: new Date(Date.UTC(2025, 0, 1, 12, minute % 60)).toISOString(), source, level, text };
}

export interface ServersHarness extends RendererHarness {
  navigation: Navigation & { visits: string[] };
  user: ReturnType<typeof userEvent.setup>;
  /** Arguments of every call to `channel`, in order. */
  argsOf(channel: string): unknown[][];
}

/**
 * Renders the Servers view with `servers:list` answering `entries` (or a function, for lists
 * that change), and logs and tools empty unless the test scripts them.
 */
export function renderServers(
  entries: ServerEntry[] | (() => ServerEntry[]),
  handlers: Partial<Handlers> = {},
  start: Partial<Navigation> = {},
): ServersHarness {
  const harness = connectTo({
    'servers:list': typeof entries === 'function' ? entries : () => entries,
    'servers:logs': () => [],
    'servers:harmlessCalls': () => ({ on: false, allowed: true }),
    'tools:list': () => [],
    ...handlers,
  });
  const navigation = testNavigation({ view: 'servers', ...start });
  const user = userEvent.setup();
  renderWith(<ServersView />, harness, navigation);
  return {
    ...harness,
    navigation,
    user,
    argsOf: (channel) =>
      harness.calls.filter((call) => call.channel === channel).map((call) => call.args),
  };
}

/** The row of the server list that shows `name`. */
export async function serverRow(name: string): Promise<HTMLElement> {
  const list = await screen.findByRole('list', { name: 'Servers' });
  const button = within(list).getByRole('button', { name });
  const row = button.closest('li');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}
