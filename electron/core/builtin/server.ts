/**
 * Hearth's built-in tool server: a shell, file reading, folder listing and system facts, so a
 * fresh install has useful tools. It is an ordinary MCP server, connected in-process through
 * `InMemoryTransport`, so the approval gate and the catalog treat it like any other.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerFileTools } from './filesystem/fileTools';
import {
  DEFAULT_COMMAND_TIMEOUT_SECONDS,
  DEFAULT_MAX_OUTPUT_BYTES,
  registerShellTool,
} from './commands/shellTool';
import type { SudoTickets } from './sudo/sudoTickets';
import type { CommandSettings } from './commands/commandPlace';
import type { ShellSandbox } from '../sandbox';
import { registerSystemInfoTool } from './system/systemInfo';

/** The server's name in `initialize`; the catalog shows it to the user. */
export const BUILTIN_SERVER_NAME = 'hearth-builtin';
export const BUILTIN_SERVER_VERSION = '1.0.0';

export interface BuiltinServerOptions {
  /** Where the chat loop leaves one-time sudo passwords for approved commands. */
  tickets: SudoTickets;
  /** Shapes the tool descriptions and the sudo path; `process.platform` by default. */
  platform?: NodeJS.Platform;
  defaults?: { timeoutMs: number; maxOutputBytes: number };
  /** Hearth's own folders (data, keys): its tools refuse to read or run anything there. */
  protectedFolders?: readonly string[];
  /** The OS sandbox its shell commands run in (sudo's path stays outside). */
  shellSandbox?: ShellSandbox;
  /** Settings › Chat's folder and variables for shell commands. */
  commandSettings?(): CommandSettings;
  /** The environment shell commands start from (with the login shell's PATH). */
  environment?(): NodeJS.ProcessEnv;
}

/** Creates the built-in server with its tools registered; the caller connects a transport. */
export function createBuiltinServer(options: BuiltinServerOptions): McpServer {
  const platform = options.platform ?? process.platform;
  const server = new McpServer(
    { name: BUILTIN_SERVER_NAME, version: BUILTIN_SERVER_VERSION, title: 'Hearth built-in tools' },
    {
      instructions:
        "Tools that ship with Hearth and act on the user's own computer. Every call is shown to the user, who approves it first.",
    },
  );
  registerShellTool(server, {
    tickets: options.tickets,
    platform,
    timeoutMs: options.defaults?.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_SECONDS * 1000,
    maxOutputBytes: options.defaults?.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
    protectedFolders: options.protectedFolders ?? [],
    ...(options.shellSandbox ? { sandbox: options.shellSandbox } : {}),
    ...(options.commandSettings ? { settings: options.commandSettings } : {}),
    ...(options.environment ? { environment: options.environment } : {}),
  });
  registerFileTools(server, options.protectedFolders ?? []);
  registerSystemInfoTool(server, platform);
  return server;
}
