import { describe, expect, it } from 'vitest';
import { exportServers, parseImport } from '../../../electron/core/mcp/config/importExport';
import { serverConfigSchema, type ServerConfig } from '../../../preload/schemas/servers';

function config(input: unknown): ServerConfig {
  return serverConfigSchema.parse(input);
}

const servers: ServerConfig[] = [
  config({
    name: 'github',
    transport: {
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-github'],
      env: [
        { name: 'GITHUB_TOKEN', value: 'ghp_realtoken', secret: true },
        { name: 'LOG_LEVEL', value: 'debug' },
      ],
      cwd: '/srv/mcp',
    },
  }),
  config({
    name: 'linear',
    enabled: false,
    transport: {
      type: 'http',
      url: 'https://mcp.linear.app/sse',
      protocol: 'sse',
      headers: [
        { name: 'X-Api-Key', value: 'lin_secret', secret: true },
        { name: 'X-Client', value: 'hearth' },
      ],
    },
  }),
  config({
    name: 'remote',
    transport: { type: 'http', url: 'https://mcp.example.com/mcp', protocol: 'streamable-http' },
  }),
  config({ name: 'auto', transport: { type: 'http', url: 'https://auto.example.com/mcp' } }),
];

describe('exportServers', () => {
  const exported = exportServers(servers);

  it('writes Claude Desktop’s shape with two-space indentation', () => {
    expect(exported).toBe(`{
  "mcpServers": {
    "github": {
      "command": "npx",
      "args": [
        "-y",
        "@modelcontextprotocol/server-github"
      ],
      "env": {
        "GITHUB_TOKEN": "\${GITHUB_TOKEN}",
        "LOG_LEVEL": "debug"
      },
      "cwd": "/srv/mcp"
    },
    "linear": {
      "type": "sse",
      "url": "https://mcp.linear.app/sse",
      "headers": {
        "X-Api-Key": "\${X_API_KEY}",
        "X-Client": "hearth"
      },
      "disabled": true
    },
    "remote": {
      "type": "http",
      "url": "https://mcp.example.com/mcp"
    },
    "auto": {
      "url": "https://auto.example.com/mcp"
    }
  }
}
`);
  });

  it('never writes a secret value', () => {
    expect(exported).not.toContain('ghp_realtoken');
    expect(exported).not.toContain('lin_secret');
  });

  it('writes a placeholder for a variable whose value Hearth does not hold', () => {
    const text = exportServers([
      config({
        name: 'a',
        transport: { type: 'stdio', command: 'node', env: [{ name: 'API_KEY', secret: true }] },
      }),
    ]);
    expect(JSON.parse(text)).toEqual({
      mcpServers: { a: { command: 'node', args: [], env: { API_KEY: '${API_KEY}' } } },
    });
  });

  it('writes an empty document for no servers', () => {
    expect(JSON.parse(exportServers([]))).toEqual({ mcpServers: {} });
  });

  it('round-trips through parseImport, apart from enabled and secret values', () => {
    const reimported = parseImport(exported);
    expect(reimported.format).toBe('claude-desktop');
    expect(reimported.errors).toEqual([]);
    const configs = reimported.servers.map((server) => serverConfigSchema.parse(server.config));
    const expected = servers.map((server) => ({ ...server, enabled: false }));
    const [github, linear, remote, auto] = expected;
    if (github?.transport.type !== 'stdio' || linear?.transport.type !== 'http') {
      throw new Error('fixture order changed');
    }
    github.transport = {
      ...github.transport,
      env: [
        { name: 'GITHUB_TOKEN', value: '${GITHUB_TOKEN}', secret: false },
        { name: 'LOG_LEVEL', value: 'debug', secret: false },
      ],
    };
    linear.transport = {
      ...linear.transport,
      headers: [
        { name: 'X-Api-Key', value: '${X_API_KEY}', secret: false },
        { name: 'X-Client', value: 'hearth', secret: false },
      ],
    };
    expect(configs).toEqual([github, linear, remote, auto]);
  });

  it('keeps a variable named like a prototype key as a plain entry', () => {
    const text = exportServers([
      config({
        name: 'a',
        transport: { type: 'stdio', command: 'node', env: [{ name: '__proto__', value: 'x' }] },
      }),
    ]);
    expect(text).toContain('"__proto__": "x"');
    expect(parseImport(text).servers[0]?.config?.transport).toMatchObject({
      env: [{ name: '__proto__', value: 'x', secret: false }],
    });
  });
});
