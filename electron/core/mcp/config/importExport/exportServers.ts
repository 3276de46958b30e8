/**
 * Writes servers in Claude Desktop's `mcpServers` shape, which Claude, Cursor and Hearth itself
 * read. Secret values never leave Hearth: each is written as a `${NAME}` placeholder, which
 * Hearth (and Cursor, as `${env:NAME}`) fills from the environment on import.
 */
import type { ServerConfig } from '../../../../../preload/schemas/servers';
import { headerVariableName } from './secretNames';
import { vsCodeSandboxOf } from './vsCodeSandbox';

const INDENT = 2;

interface ExportedStdio {
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  disabled?: true;
}

interface ExportedHttp {
  type?: 'sse' | 'http';
  url: string;
  headers?: Record<string, string>;
  disabled?: true;
}

/** The servers as a Claude-Desktop-style JSON document, without any secret value. */
export function exportServers(configs: readonly ServerConfig[]): string {
  // fromEntries defines own properties, so no name can reach a prototype.
  const mcpServers = Object.fromEntries(
    // The built-in server exists in every Hearth and means nothing to other apps.
    configs.flatMap((config) =>
      config.transport.type === 'builtin' ? [] : [[config.name, exportServer(config)]],
    ),
  );
  return `${JSON.stringify({ mcpServers }, null, INDENT)}\n`;
}

/**
 * The servers as a VS Code mcp.json (`servers`, each with its `type`), a sandboxed server with
 * `"sandboxEnabled": true` and the file's `sandbox` block (vsCodeSandbox.ts); no secret value.
 */
export function exportVsCodeServers(configs: readonly ServerConfig[]): string {
  const exported = configs.filter((config) => config.transport.type !== 'builtin');
  const servers = Object.fromEntries(
    exported.map((config) => {
      // VS Code's server entries have no "disabled" (IMcpStdioServerConfiguration).
      const entry: Partial<ExportedStdio & ExportedHttp> = { ...exportServer(config) };
      delete entry.disabled;
      const transport = config.transport;
      const typed =
        transport.type === 'stdio'
          ? {
              type: 'stdio',
              ...entry,
              ...(transport.sandbox?.enabled ? { sandboxEnabled: true } : {}),
            }
          : {
              type: transport.type === 'http' && transport.protocol === 'sse' ? 'sse' : 'http',
              ...entry,
            };
      return [config.name, typed];
    }),
  );
  const sandbox = vsCodeSandboxOf(exported);
  return `${JSON.stringify({ servers, ...(sandbox ? { sandbox } : {}) }, null, INDENT)}\n`;
}

function exportServer(config: ServerConfig): ExportedStdio | ExportedHttp {
  const disabled = config.enabled ? {} : { disabled: true as const };
  const transport = config.transport;
  if (transport.type === 'stdio') {
    const env = Object.fromEntries(
      transport.env.map((variable) => [
        variable.name,
        exportedValue(variable.value, variable.secret, variable.name),
      ]),
    );
    return {
      command: transport.command,
      args: transport.args,
      ...(transport.env.length > 0 ? { env } : {}),
      ...(transport.cwd === undefined ? {} : { cwd: transport.cwd }),
      ...disabled,
    };
  }
  if (transport.type !== 'http') throw new Error('Only stdio and http servers are exported.');
  const headers = Object.fromEntries(
    transport.headers.map((header) => [
      header.name,
      exportedValue(header.value, header.secret, headerVariableName(header.name)),
    ]),
  );
  // `http` is what Claude and Cursor call Streamable HTTP; `auto` needs no type at all.
  const type =
    transport.protocol === 'sse'
      ? 'sse'
      : transport.protocol === 'streamable-http'
        ? 'http'
        : undefined;
  return {
    ...(type ? { type } : {}),
    url: transport.url,
    ...(transport.headers.length > 0 ? { headers } : {}),
    ...disabled,
  };
}

/** A secret, or a value Hearth does not hold, becomes a placeholder for the environment. */
function exportedValue(value: string | undefined, secret: boolean, variable: string): string {
  return secret || value === undefined ? `\${${variable}}` : value;
}
