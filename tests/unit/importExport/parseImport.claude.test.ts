import { describe, expect, it } from 'vitest';
import { parseImport } from '../../../electron/core/mcp/config/importExport';
import { serverConfigSchema } from '../../../preload/schemas/servers';
import { readImportFixture } from './readFixture';

describe('parseImport with a Claude Desktop config', () => {
  const parsed = parseImport(readImportFixture('claudeDesktop.json'));
  const byName = new Map(parsed.servers.map((server) => [server.name, server]));

  it('recognises the file as Claude Desktop and reports no file-level errors', () => {
    expect(parsed.format).toBe('claude-desktop');
    expect(parsed.errors).toEqual([]);
    expect(parsed.servers.map((server) => server.name)).toEqual([
      'filesystem',
      'github',
      'brave-search',
      'puppeteer',
      'linear',
    ]);
  });

  it('converts an npx server with arguments and no environment exactly', () => {
    expect(byName.get('filesystem')).toEqual({
      name: 'filesystem',
      config: {
        name: 'filesystem',
        enabled: false,
        transport: {
          type: 'stdio',
          command: 'npx',
          args: [
            '-y',
            '@modelcontextprotocol/server-filesystem',
            '/Users/someone/Desktop',
            '/Users/someone/Downloads',
          ],
          env: [],
        },
      },
      notes: [],
    });
  });

  it('keeps a plain-text token as a secret and says why', () => {
    expect(byName.get('github')?.config?.transport).toEqual({
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-github'],
      env: [
        {
          name: 'GITHUB_PERSONAL_ACCESS_TOKEN',
          value: 'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
          secret: true,
        },
      ],
    });
    expect(byName.get('github')?.notes).toEqual([
      'GITHUB_PERSONAL_ACCESS_TOKEN will be kept as a secret, since its name suggests one.',
    ]);
  });

  it('leaves variables whose names do not look secret in plain view', () => {
    const transport = byName.get('brave-search')?.config?.transport;
    const env = transport?.type === 'stdio' ? transport.env : undefined;
    expect(env).toEqual([
      { name: 'BRAVE_API_KEY', value: 'BSAx9kQ2mW7rT4vL8nP3cF6hJ1dG5sZ0', secret: true },
      { name: 'LOG_LEVEL', value: 'info', secret: false },
    ]);
  });

  it('notes a server the file had disabled', () => {
    expect(byName.get('puppeteer')?.config?.enabled).toBe(false);
    expect(byName.get('puppeteer')?.notes).toEqual(['It was disabled in the file.']);
  });

  it('converts a remote entry with an sse type hint and headers', () => {
    expect(byName.get('linear')?.config).toEqual({
      name: 'linear',
      enabled: false,
      transport: {
        type: 'http',
        url: 'https://mcp.linear.app/sse',
        headers: [
          {
            name: 'Authorization',
            value: 'Bearer lin_api_7Hq2Xw9Lk4Vb1Nc8Mz3Pd6Rf0Tg5Ys',
            secret: true,
          },
          { name: 'X-Client', value: 'claude-desktop', secret: false },
        ],
        protocol: 'sse',
      },
    });
  });

  it('imports every server disabled, in a shape the server schema accepts', () => {
    for (const server of parsed.servers) {
      expect(server.config?.enabled, server.name).toBe(false);
      expect(serverConfigSchema.safeParse(server.config).success, server.name).toBe(true);
    }
  });

  it('maps the http and streamable-http type hints to Streamable HTTP and no hint to auto', () => {
    const protocols = parseImport(
      JSON.stringify({
        mcpServers: {
          a: { type: 'http', url: 'https://a.example.com/mcp' },
          b: { type: 'streamable-http', url: 'https://b.example.com/mcp' },
          c: { url: 'https://c.example.com/mcp' },
        },
      }),
    ).servers.map((server) =>
      server.config?.transport.type === 'http' ? server.config.transport.protocol : undefined,
    );
    expect(protocols).toEqual(['streamable-http', 'streamable-http', 'auto']);
  });

  it('keeps ${NAME} references as they are, since Claude Desktop files have no variables of their own', () => {
    const [server] = parseImport(
      JSON.stringify({ mcpServers: { a: { command: 'node', args: ['${workspaceFolder}/x.js'] } } }),
    ).servers;
    expect(server?.config?.transport).toMatchObject({ args: ['${workspaceFolder}/x.js'] });
    expect(server?.notes).toEqual([]);
  });

  it('tolerates a UTF-8 byte order mark', () => {
    const parsed = parseImport(`\uFEFF${readImportFixture('claudeDesktop.json')}`);
    expect(parsed.errors).toEqual([]);
    expect(parsed.servers).toHaveLength(5);
  });
});
