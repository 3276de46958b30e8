import { afterEach, describe, expect, it } from 'vitest';
import type { Api } from '../../preload/api';
import type { WebSocketTransport } from '../../renderer/src/bridge/webSocketTransport';
import { connectRenderer } from '../support/rendererBridge';
import { fixtureCommand } from '../support/mcpFixtures';
import { startTestHost, type TestHost } from '../support/testHost';

// The server channels end to end over the browser host's bridge: what the renderer will do.
let host: TestHost | undefined;
let transport: WebSocketTransport | undefined;
afterEach(async () => {
  transport?.close();
  await host?.core.dispose();
  await host?.close();
});

async function connect(): Promise<Api> {
  host = await startTestHost();
  const connected = connectRenderer(host);
  transport = connected.transport;
  return connected.api;
}

describe('server channels over the bridge', () => {
  it('adds a server, shows the launch for consent, starts it on approval and lists its tools', async () => {
    const api = await connect();
    const statuses: string[] = [];
    api.servers.onStatus((status) => statuses.push(`${status.name}:${status.state}`));
    const command = fixtureCommand(['--tools=echo,add']);
    const saved = await api.servers.save({
      name: 'fixture',
      transport: {
        type: 'stdio',
        command: command.command,
        args: command.args,
        env: [{ name: 'TOKEN', value: 'sekrit-value', secret: true }],
      },
    });
    expect(saved.status).toMatchObject({ state: 'stopped', consent: 'required' });
    expect(JSON.stringify(saved)).not.toContain('sekrit-value');
    const review = await api.servers.reviewLaunch('fixture');
    expect(review.env).toEqual([{ name: 'TOKEN', value: '••••••••', secret: true }]);
    const status = await api.servers.approveLaunch('fixture', review.fingerprint);
    expect(status.state).toBe('ready');
    expect(statuses).toContain('fixture:ready');
    const tools = await api.tools.list();
    expect(tools.map((tool) => tool.modelName).sort()).toEqual(['fixture_add', 'fixture_echo']);
    const configured = await api.tools.configure('fixture', 'add', { enabled: false });
    expect(configured.find((tool) => tool.tool === 'add')?.enabled).toBe(false);
    const logs = await api.servers.logs('fixture');
    expect(logs.some((entry) => entry.text.includes('You approved this command'))).toBe(true);
    expect(JSON.stringify(await api.servers.list())).not.toContain('sekrit-value');
  });

  it('switches on and starts a server that was off when its launch is approved', async () => {
    const api = await connect();
    const command = fixtureCommand(['--tools=echo']);
    await api.servers.save({
      name: 'imported',
      enabled: false,
      transport: { type: 'stdio', command: command.command, args: command.args },
    });
    const review = await api.servers.reviewLaunch('imported');
    const status = await api.servers.approveLaunch('imported', review.fingerprint);
    expect(status).toMatchObject({ state: 'ready', consent: 'approved' });
    const entry = (await api.servers.list()).find((item) => item.config.name === 'imported');
    expect(entry?.config.enabled).toBe(true);
  });

  it('imports a Claude Desktop config as disabled servers and exports without secrets', async () => {
    const api = await connect();
    const text = JSON.stringify({
      mcpServers: {
        files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] },
        search: { command: 'npx', args: ['brave'], env: { BRAVE_API_KEY: 'key-987654' } },
        broken: { args: ['no command'] },
      },
    });
    const preview = await api.servers.import({ text }, { apply: false, replace: [] });
    expect(preview.items.map((item) => [item.name, item.outcome])).toEqual([
      ['files', 'added'],
      ['search', 'added'],
      ['broken', 'skipped'],
    ]);
    const builtinOnly = await api.servers.list();
    expect(builtinOnly.map((entry) => entry.config.transport.type)).toEqual(['builtin']);
    await api.servers.import({ text }, { apply: true, replace: [] });
    const servers = (await api.servers.list()).filter(
      (entry) => entry.config.transport.type !== 'builtin',
    );
    expect(
      servers.map((entry) => [entry.config.name, entry.config.enabled, entry.status.state]),
    ).toEqual([
      ['files', false, 'stopped'],
      ['search', false, 'stopped'],
    ]);
    const exported = await api.servers.export();
    expect(exported).not.toContain('key-987654');
    expect(JSON.parse(exported).mcpServers.files.command).toBe('npx');
  });

  it('exports VS Code’s mcp.json through the bridge, a sandboxed server with its sandbox block and no secret', async () => {
    const api = await connect();
    await api.servers.save({
      name: 'boxed',
      enabled: false,
      transport: {
        type: 'stdio',
        command: 'npx',
        args: ['-y', 'some-server'],
        env: [{ name: 'API_KEY', value: 'key-123456', secret: true }],
        sandbox: {
          enabled: true,
          denyRead: ['/srv/private'],
          allowWrite: ['/srv/out'],
          allowHosts: ['api.example.com'],
        },
      },
    });
    const exported = await api.servers.exportVsCode(['boxed']);
    expect(exported).not.toContain('key-123456');
    const parsed = JSON.parse(exported);
    expect(parsed.servers.boxed).toMatchObject({
      type: 'stdio',
      command: 'npx',
      sandboxEnabled: true,
      env: { API_KEY: '${API_KEY}' },
    });
    expect(parsed.sandbox.filesystem.denyRead).toContain('/srv/private');
    expect(parsed.sandbox.filesystem.allowWrite).toContain('/srv/out');
    expect(parsed.sandbox.network.allowedDomains).toContain('api.example.com');
    // Claude's format has no place for it.
    expect(await api.servers.export(['boxed'])).not.toContain('sandbox');
  });

  it('refuses to read a file the host did not find itself', async () => {
    const api = await connect();
    await expect(
      api.servers.import({ detectedPath: '/etc/passwd' }, { apply: false, replace: [] }),
    ).rejects.toThrow(/only the config files it found itself/);
  });

  it('refuses a malformed server config with the field at fault', async () => {
    const api = await connect();
    await expect(
      api.servers.save({
        name: 'bad name!',
        transport: { type: 'stdio', command: 'node', args: [], env: [] },
      }),
    ).rejects.toMatchObject({
      code: 'E_INVALID_PAYLOAD',
      message: expect.stringContaining('field name'),
    });
    await expect(
      api.servers.save({
        name: 'ok',
        transport: { type: 'http', url: 'file:///etc/passwd', headers: [] },
      } as never),
    ).rejects.toMatchObject({
      code: 'E_INVALID_PAYLOAD',
    });
  });
});
