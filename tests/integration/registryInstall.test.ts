import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRegistryClient } from '../../electron/core/registry/registryClient';
import {
  createRegistryService,
  type RegistryService,
} from '../../electron/core/registry/registryService';
import { defaultSandboxPolicy } from '../../electron/core/sandbox';
import { bundleEntry, MEMORY_NAME, MEMORY_VERSION } from '../fixtures/registry/documents';
import { startTestRegistry, type TestRegistry } from '../fixtures/registry/registryServer';
import { startEverythingHttp } from '../support/everythingHttp';
import { createTestManager, type TestManager } from '../support/managerHarness';
import { tempDir } from '../support/testHost';

// Installing from a loopback registry into a real manager: the memory server from the registry
// entry runs as `npx -y` of its pinned version (found in node_modules, no download), only after
// its launch is approved, and its tool writes where the form's value said.
let registry: TestRegistry;
let harness: TestManager;
let service: RegistryService;

beforeAll(async () => {
  registry = await startTestRegistry();
});

afterAll(() => registry.close());

function setUp() {
  harness = createTestManager();
  service = createRegistryService({
    client: () => createRegistryClient({ baseUrl: registry.url, timeoutMs: 2_000 }),
    servers: { list: () => harness.manager.list(), save: (config) => harness.manager.save(config) },
  });
}

afterEach(async () => {
  registry.setMode('ok');
  await registry.up();
  await harness?.manager.dispose();
});

function serversFile(): string {
  const path = join(harness.dataDir, 'servers.json');
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

describe('installing from a registry', () => {
  it('installs the memory server, which waits for approval, then runs and writes its file', async () => {
    setUp();
    const detail = await service.server(MEMORY_NAME);
    expect(detail).toMatchObject({
      name: MEMORY_NAME,
      title: 'Memory',
      version: MEMORY_VERSION,
      repositoryUrl: 'https://github.com/modelcontextprotocol/servers',
      suggestedName: 'Memory',
      kinds: ['npm'],
    });
    const option = detail.options[0];
    expect(option?.available).toBe(true);
    const file = join(tempDir('registry-memory'), 'graph.jsonl');
    const entry = await service.install({
      name: MEMORY_NAME,
      version: detail.version,
      option: option?.id ?? '',
      serverName: detail.suggestedName,
      values: { 'env:MEMORY_FILE_PATH': file },
    });
    expect(entry.config.transport).toEqual({
      type: 'stdio',
      command: 'npx',
      args: ['-y', `@modelcontextprotocol/server-memory@${MEMORY_VERSION}`],
      env: [{ name: 'MEMORY_FILE_PATH', value: file, secret: false }],
      sandbox: defaultSandboxPolicy(),
    });
    // Installed, not started: the launch review and consent apply as to any server.
    expect(entry.status).toMatchObject({ consent: 'required' });
    expect(entry.status.pid).toBeUndefined();
    // This manager has no sandbox service, so a server meant for the sandbox would not start
    // (tests/integration/sandboxServers.test.ts); here the user turns its sandbox off first.
    if (entry.config.transport.type !== 'stdio') throw new Error('expected a stdio server');
    await harness.manager.save(
      {
        ...entry.config,
        transport: {
          ...entry.config.transport,
          sandbox: { ...defaultSandboxPolicy(), enabled: false },
        },
      },
      'Memory',
    );
    const review = harness.manager.reviewLaunch('Memory');
    expect(review).toMatchObject({ reason: 'new', command: 'npx' });
    const status = await harness.manager.approveLaunch('Memory', review.fingerprint);
    expect(status.state).toBe('ready');
    const outcome = await harness.manager.callTool('Memory', 'create_entities', {
      entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }],
    });
    expect(outcome.ok).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('wrote the first program');
  }, 60_000);

  it('keeps a secret variable out of servers.json and in the vault', async () => {
    setUp();
    const detail = await service.server('io.modelcontextprotocol.anonymous/brave-search');
    await service.install({
      name: detail.name,
      version: detail.version,
      option: 'package-0',
      serverName: detail.suggestedName,
      values: { 'env:BRAVE_API_KEY': 'BSA-very-secret' },
    });
    expect(serversFile()).toContain('BRAVE_API_KEY');
    expect(serversFile()).not.toContain('BSA-very-secret');
    expect(harness.vault.get('server:Brave Search:env:BRAVE_API_KEY')).toBe('BSA-very-secret');
    expect(harness.manager.reviewLaunch('Brave Search').env).toEqual([
      { name: 'BRAVE_API_KEY', value: '••••••••', secret: true },
    ]);
  });

  it('installs nothing when a required value is missing, the name is taken, or the option is not offered', async () => {
    setUp();
    const install = (serverName: string, values: Record<string, string>, option = 'package-0') =>
      service.install({ name: MEMORY_NAME, version: MEMORY_VERSION, option, serverName, values });
    await expect(install('Memory', {})).rejects.toThrow(
      'Not installed: MEMORY_FILE_PATH is required.',
    );
    await expect(install('Memory', {}, 'package-7')).rejects.toThrow(/not in its entry/);
    await harness.manager.save({
      name: 'memory',
      transport: { type: 'stdio', command: 'true', args: [], env: [] },
    });
    await expect(install('Memory', { 'env:MEMORY_FILE_PATH': '/tmp/x.jsonl' })).rejects.toThrow(
      /already exists/,
    );
    expect(harness.manager.list().map((entry) => entry.config.name)).toEqual(['memory']);
    expect((await service.server(MEMORY_NAME)).suggestedName).toBe('Memory 2');
  });

  it('installs nothing from a malformed entry, an unavailable option, or a registry that is down', async () => {
    setUp();
    await expect(
      service.install({
        name: 'io.github.example/broken-entry',
        version: '1.0.0',
        option: 'package-0',
        serverName: 'Broken',
        values: {},
      }),
    ).rejects.toThrow(/malformed/);
    await expect(
      service.install({
        name: 'io.modelcontextprotocol/text-editor',
        version: '1.0.2',
        option: 'package-0',
        serverName: 'Editor',
        values: {},
      }),
    ).rejects.toThrow(/Install bundle/);
    await registry.down();
    await expect(
      service.install({
        name: MEMORY_NAME,
        version: MEMORY_VERSION,
        option: 'package-0',
        serverName: 'Memory',
        values: { 'env:MEMORY_FILE_PATH': '/tmp/x.jsonl' },
      }),
    ).rejects.toThrow(/could not be reached/);
    expect(harness.manager.list()).toEqual([]);
  });

  it('lists pages as summaries, with what each comes as and the entries it left out', async () => {
    setUp();
    const first = await service.search({});
    expect(first.registry).toBe(registry.url);
    expect(first.servers).toHaveLength(19);
    expect(first.skipped).toHaveLength(1);
    expect(first.servers.find((server) => server.name.endsWith('/hybrid-mcp'))?.kinds).toEqual([
      'npm',
      'remote',
      'remote',
    ]);
    expect(first.servers.find((server) => server.name.endsWith('/old-weather'))).toMatchObject({
      status: 'deprecated',
      statusMessage: 'Use io.github.example/weather-v2.',
    });
    const plain = await service.server('io.github.example/sample-01');
    expect(plain.repositoryUrl).toBeUndefined();
    const second = await service.search({ cursor: first.nextCursor });
    expect(second.servers).toHaveLength(15);
    expect(second.nextCursor).toBeUndefined();
  });

  it('downloads an entry’s bundle and stages it with the entry’s hash, or says why not', async () => {
    setUp();
    const bytes = Buffer.from('not really a zip, the installer checks that');
    const bundled = await startTestRegistry({
      documents: [],
      files: { 'tool.mcpb': bytes },
      more: (url) => [
        bundleEntry({
          name: 'io.github.example/tool',
          title: 'Tool',
          url: `${url}/files/tool.mcpb`,
          fileSha256: 'a'.repeat(64),
        }),
        bundleEntry({
          name: 'io.github.example/gone',
          title: 'Gone',
          url: `${url}/files/gone.mcpb`,
          fileSha256: 'b'.repeat(64),
        }),
        bundleEntry({
          name: 'io.github.example/plain',
          title: 'Plain',
          url: 'http://example.com/tool.mcpb',
          fileSha256: 'c'.repeat(64),
        }),
      ],
    });
    try {
      const staged: { bytes: Buffer; expectedSha256?: string; path: string }[] = [];
      const withBundles = createRegistryService({
        client: () => createRegistryClient({ baseUrl: bundled.url }),
        servers: { list: () => [], save: () => Promise.reject(new Error('not here')) },
        bundles: {
          stageFile: (path, options) => {
            staged.push({ bytes: readFileSync(path), path, ...options });
            return Promise.resolve('0123456789abcdef0123456789abcdef');
          },
        },
      });
      const detail = await withBundles.server('io.github.example/tool');
      expect(detail.options[0]).toMatchObject({ kind: 'mcpb', available: true });
      expect(detail.options[0]?.reason).toBeUndefined();
      const request = { name: 'io.github.example/tool', version: '1.0.0', option: 'package-0' };
      expect(await withBundles.stageBundle(request)).toEqual({
        stagedId: '0123456789abcdef0123456789abcdef',
        expectedSha256: 'a'.repeat(64),
      });
      expect(staged[0]?.bytes.equals(bytes)).toBe(true);
      expect(staged[0]?.expectedSha256).toBe('a'.repeat(64));
      // The downloaded copy is gone once the installer has its own.
      expect(existsSync(staged[0]?.path ?? '')).toBe(false);
      await expect(
        withBundles.stageBundle({ ...request, name: 'io.github.example/gone' }),
      ).rejects.toThrow(/could not be downloaded \(404\)\. Nothing was installed/);
      await expect(
        withBundles.stageBundle({ ...request, name: 'io.github.example/plain' }),
      ).rejects.toThrow(/only over https/);
      await expect(
        withBundles.install({ ...request, serverName: 'Tool', values: {} }),
      ).rejects.toThrow(/cannot install it this way/);
      // Without a bundle installer, the option says to open the file instead.
      const detailWithout = await createRegistryService({
        client: () => createRegistryClient({ baseUrl: bundled.url }),
        servers: { list: () => [], save: () => Promise.reject(new Error('not here')) },
      }).server('io.github.example/tool');
      expect(detailWithout.options[0]?.available).toBe(false);
    } finally {
      await bundled.close();
    }
  });

  it('installs a remote as an HTTP server that connects at once, its secret header in the vault', async () => {
    setUp();
    const http = await startEverythingHttp();
    const remote = await startTestRegistry({
      documents: [
        {
          server: {
            name: 'io.github.example/everything-remote',
            description: 'The everything server, hosted',
            title: 'Everything remote',
            version: '1.0.0',
            remotes: [
              {
                type: 'streamable-http',
                url: `${new URL(http.url).origin}{path}`,
                variables: {
                  path: { description: 'Its path', default: new URL(http.url).pathname },
                },
                headers: [
                  {
                    name: 'Authorization',
                    value: 'Bearer {token}',
                    variables: { token: { isRequired: true, isSecret: true } },
                  },
                ],
              },
            ],
          },
          _meta: {
            'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true },
          },
        },
      ],
    });
    try {
      const withRemote = createRegistryService({
        client: () => createRegistryClient({ baseUrl: remote.url }),
        servers: {
          list: () => harness.manager.list(),
          save: (config) => harness.manager.save(config),
        },
      });
      const detail = await withRemote.server('io.github.example/everything-remote');
      expect(detail.options[0]?.fields.map((field) => [field.id, field.secret])).toEqual([
        ['url/path', false],
        ['header:Authorization/token', true],
      ]);
      const entry = await withRemote.install({
        name: detail.name,
        version: detail.version,
        option: 'remote-0',
        serverName: detail.suggestedName,
        values: { 'header:Authorization/token': 'abc123' },
      });
      expect(entry.config.transport).toMatchObject({
        type: 'http',
        url: http.url,
        protocol: 'streamable-http',
        headers: [{ name: 'Authorization', secret: true }],
      });
      expect(serversFile()).not.toContain('abc123');
      expect(harness.vault.get('server:Everything remote:header:Authorization')).toBe(
        'Bearer abc123',
      );
      await harness.waitForState('Everything remote', 'ready');
      const outcome = await harness.manager.callTool('Everything remote', 'echo', {
        message: 'hi',
      });
      expect(outcome.ok).toBe(true);
    } finally {
      await harness.manager.stop('Everything remote');
      await http.stop();
      await remote.close();
    }
  });
});
