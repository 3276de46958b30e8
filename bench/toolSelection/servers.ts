/**
 * The real MCP servers whose tool lists make the tool-selection evaluation set: each installed
 * from npm as a dev dependency and started here with this Node. None needs a network or an
 * account to list its tools; servers that refuse to start without a token get a placeholder
 * value (never a real one), since listing tools never uses it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageBin, type ServerCommand } from '../../tests/support/mcpFixtures';

/** One server of the set: the name the catalog gives it and how to start it. */
export interface BenchServer {
  /** Short server name, as a user would configure it (it prefixes the model-facing names). */
  name: string;
  packageName: string;
  command(): ServerCommand;
}

/** Placeholder for variables a server checks at start; listing tools never sends it anywhere. */
export const PLACEHOLDER = 'placeholder-not-a-real-token';

export function node(packageName: string, args: string[] = [], env?: Record<string, string>) {
  return (): ServerCommand => ({
    command: process.execPath,
    args: [packageBin(packageName), ...args],
    ...(env ? { env } : {}),
  });
}

export function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'hearth-bench-tools-'));
}

export const BENCH_SERVERS: readonly BenchServer[] = [
  {
    name: 'everything',
    packageName: '@modelcontextprotocol/server-everything',
    command: node('@modelcontextprotocol/server-everything', ['stdio']),
  },
  {
    name: 'filesystem',
    packageName: '@modelcontextprotocol/server-filesystem',
    command: () => node('@modelcontextprotocol/server-filesystem', [scratch()])(),
  },
  {
    name: 'memory',
    packageName: '@modelcontextprotocol/server-memory',
    command: () =>
      node('@modelcontextprotocol/server-memory', [], {
        MEMORY_FILE_PATH: join(scratch(), 'memory.jsonl'),
      })(),
  },
  {
    name: 'thinking',
    packageName: '@modelcontextprotocol/server-sequential-thinking',
    command: node('@modelcontextprotocol/server-sequential-thinking'),
  },
  {
    name: 'github',
    packageName: '@modelcontextprotocol/server-github',
    command: node('@modelcontextprotocol/server-github', [], {
      GITHUB_PERSONAL_ACCESS_TOKEN: PLACEHOLDER,
    }),
  },
  {
    name: 'gitlab',
    packageName: '@modelcontextprotocol/server-gitlab',
    command: node('@modelcontextprotocol/server-gitlab', [], {
      GITLAB_PERSONAL_ACCESS_TOKEN: PLACEHOLDER,
    }),
  },
  {
    name: 'slack',
    packageName: '@modelcontextprotocol/server-slack',
    command: node('@modelcontextprotocol/server-slack', [], {
      SLACK_BOT_TOKEN: PLACEHOLDER,
      SLACK_TEAM_ID: 'T00000000',
    }),
  },
  {
    name: 'maps',
    packageName: '@modelcontextprotocol/server-google-maps',
    command: node('@modelcontextprotocol/server-google-maps', [], {
      GOOGLE_MAPS_API_KEY: PLACEHOLDER,
    }),
  },
  {
    name: 'brave',
    packageName: '@modelcontextprotocol/server-brave-search',
    command: node('@modelcontextprotocol/server-brave-search', [], { BRAVE_API_KEY: PLACEHOLDER }),
  },
  {
    name: 'postgres',
    packageName: '@modelcontextprotocol/server-postgres',
    // The pool connects on the first query, never while listing tools.
    command: node('@modelcontextprotocol/server-postgres', ['postgresql://127.0.0.1:1/none']),
  },
  {
    name: 'playwright',
    packageName: '@playwright/mcp',
    // Tools are listed without starting a browser.
    command: node('@playwright/mcp', ['--headless']),
  },
  {
    name: 'notion',
    packageName: '@notionhq/notion-mcp-server',
    command: node('@notionhq/notion-mcp-server', [], { NOTION_TOKEN: PLACEHOLDER }),
  },
];

/** The four reference servers a test lists live, so tools.json cannot silently go stale. */
export const REFERENCE_SERVERS = ['everything', 'filesystem', 'memory', 'thinking'] as const;
