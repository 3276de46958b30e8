import { describe, expect, it } from 'vitest';
import { exportVsCodeServers, parseImport } from '../../../electron/core/mcp/config/importExport';
import { serverConfigSchema } from '../../../preload/schemas/servers';

// VS Code's shape: a stdio server opts in with "sandboxEnabled": true, and the file's one
// "sandbox" block (IMcpSandboxConfiguration in microsoft/vscode
// src/vs/platform/mcp/common/mcpPlatformTypes.ts) holds the lists for every sandboxed server.
const VS_CODE_MCP_JSON = `{
  // a comment, as VS Code allows
  "servers": {
    "files": {
      "type": "stdio",
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/users/ada/notes"],
      "sandboxEnabled": true
    },
    "plain": { "type": "stdio", "command": "uvx", "args": ["mcp-server-time"] }
  },
  "sandbox": {
    "network": { "allowedDomains": ["api.github.com", "*.example.org"], "deniedDomains": ["evil.example"] },
    "filesystem": { "denyRead": ["~/private"], "allowWrite": ["~/notes"], "denyWrite": ["~/notes/.git"] }
  }
}`;

describe('VS Code’s per-server sandbox settings', () => {
  it('imports a sandboxed server with the file’s lists, and says what Hearth does not keep', () => {
    const parsed = parseImport(VS_CODE_MCP_JSON);
    expect(parsed.format).toBe('vscode');
    const [files, plain] = parsed.servers;
    expect(files?.config?.transport).toMatchObject({
      sandbox: {
        enabled: true,
        denyRead: ['~/private'],
        allowWrite: ['~/notes'],
        allowHosts: ['api.github.com', '*.example.org'],
      },
    });
    expect(files?.notes.join(' ')).toContain('no “denyWrite”');
    expect(files?.notes.join(' ')).toContain('needs no “deniedDomains”');
    // Not opted in: imported unsandboxed, as VS Code runs it.
    expect(plain?.config?.transport).not.toHaveProperty('sandbox');
  });

  it('exports in VS Code’s shape and imports back unchanged in meaning', () => {
    const configs = parseImport(VS_CODE_MCP_JSON).servers.map((server) =>
      serverConfigSchema.parse(server.config),
    );
    const exported = exportVsCodeServers(configs);
    const json = JSON.parse(exported) as {
      servers: Record<string, { sandboxEnabled?: boolean; type: string }>;
      sandbox: unknown;
    };
    expect(json.servers.files).toMatchObject({ type: 'stdio', sandboxEnabled: true });
    expect(json.servers.plain?.sandboxEnabled).toBeUndefined();
    expect(json.sandbox).toEqual({
      network: { allowedDomains: ['api.github.com', '*.example.org'] },
      filesystem: { denyRead: ['~/private'], allowWrite: ['~/notes'] },
    });
    const again = parseImport(exported).servers.map((server) => server.config?.transport);
    expect(again).toEqual(
      configs
        .map((config) => ({ ...config.transport }))
        .map((transport) => expect.objectContaining(transport)),
    );
  });

  it('leaves out a host Hearth cannot allow, and keeps the rest', () => {
    const parsed = parseImport(
      JSON.stringify({
        servers: { one: { command: 'node', args: ['x.js'], sandboxEnabled: true } },
        sandbox: { network: { allowedDomains: ['good.example', 'https://bad.example/path'] } },
      }),
    );
    const [one] = parsed.servers;
    expect(one?.config?.transport).toMatchObject({ sandbox: { allowHosts: ['good.example'] } });
    expect(one?.notes.join(' ')).toContain('https://bad.example/path');
  });

  it('Claude Desktop and Cursor files have no sandbox: a sandboxEnabled there is not read', () => {
    const parsed = parseImport(
      JSON.stringify({ mcpServers: { one: { command: 'node', sandboxEnabled: true } } }),
    );
    expect(parsed.servers[0]?.config?.transport).not.toHaveProperty('sandbox');
  });
});
