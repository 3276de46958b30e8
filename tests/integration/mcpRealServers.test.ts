import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startEverythingHttp,
  startEverythingSse,
  type RunningHttpServer,
} from '../support/everythingHttp';
import { createTestManager, type TestManager } from '../support/managerHarness';
import { everythingStdio, filesystemServer, memoryServer } from '../support/mcpFixtures';
import { tempDir } from '../support/testHost';

// The manager against the reference servers from the npm registry, as real child processes and
// over real loopback HTTP.
let harness: TestManager | undefined;
let http: RunningHttpServer | undefined;
afterEach(async () => {
  await harness?.manager.dispose();
  await http?.stop();
  harness = undefined;
  http = undefined;
});

function textOf(outcome: Awaited<ReturnType<TestManager['manager']['callTool']>>): string {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.result.content
    .map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
    .join('\n');
}

describe('real MCP servers through the manager', () => {
  it('runs the everything server over stdio: info, tools, a call', async () => {
    harness = createTestManager();
    const status = await harness.addServer('everything', everythingStdio());
    expect(status).toMatchObject({
      state: 'ready',
      transport: 'stdio',
      capabilities: { tools: true, prompts: true, resources: true },
    });
    expect(status.serverInfo?.name).toBeTruthy();
    expect(status.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(status.pid).toBeGreaterThan(0);
    const tools = harness.manager.catalog.list().filter((tool) => tool.server === 'everything');
    expect(tools.map((tool) => tool.tool)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    expect(tools.find((tool) => tool.tool === 'echo')?.modelName).toBe('everything_echo');
    expect(textOf(await harness.manager.callTool('everything', 'echo', { message: 'hello' }))).toBe(
      'Echo: hello',
    );
  });

  it('runs the everything server over Streamable HTTP, and over SSE when asked', async () => {
    harness = createTestManager();
    http = await startEverythingHttp();
    await harness.manager.save({ name: 'remote', transport: { type: 'http', url: http.url } });
    expect(await harness.waitForState('remote', 'ready')).toMatchObject({
      transport: 'streamable-http',
      consent: 'approved',
    });
    expect(textOf(await harness.manager.callTool('remote', 'get-sum', { a: 2, b: 3 }))).toContain(
      '5',
    );
    const sse = await startEverythingSse();
    try {
      await harness.manager.save({
        name: 'older',
        transport: { type: 'http', url: sse.url, protocol: 'sse' },
      });
      expect(await harness.waitForState('older', 'ready')).toMatchObject({ transport: 'sse' });
      expect(textOf(await harness.manager.callTool('older', 'echo', { message: 'sse' }))).toBe(
        'Echo: sse',
      );
    } finally {
      await harness.manager.stop('older');
      await sse.stop();
    }
  });

  it('falls back to SSE when an older server refuses Streamable HTTP', async () => {
    harness = createTestManager();
    http = await startEverythingSse();
    await harness.manager.save({ name: 'auto', transport: { type: 'http', url: http.url } });
    expect(await harness.waitForState('auto', 'ready')).toMatchObject({ transport: 'sse' });
    expect(harness.manager.logs('auto').some((entry) => entry.text.includes('trying SSE'))).toBe(
      true,
    );
  });

  it('lists and reads files with the filesystem server', async () => {
    harness = createTestManager();
    const root = tempDir('files');
    mkdirSync(join(root, 'notes'));
    writeFileSync(join(root, 'notes', 'todo.txt'), 'buy bread');
    await harness.addServer('files', filesystemServer(root));
    const listing = textOf(
      await harness.manager.callTool('files', 'list_directory', { path: join(root, 'notes') }),
    );
    expect(listing).toContain('todo.txt');
    expect(
      textOf(
        await harness.manager.callTool('files', 'read_text_file', {
          path: join(root, 'notes', 'todo.txt'),
        }),
      ),
    ).toContain('buy bread');
    const outside = await harness.manager.callTool('files', 'read_text_file', {
      path: '/etc/hostname',
    });
    expect(outside.ok && outside.result.isError).toBe(true);
  });

  it('keeps knowledge with the memory server', async () => {
    harness = createTestManager();
    const file = join(tempDir('memory'), 'memory.jsonl');
    await harness.addServer('memory', memoryServer(file));
    await harness.manager.callTool('memory', 'create_entities', {
      entities: [{ name: 'Hearth', entityType: 'app', observations: ['runs MCP servers'] }],
    });
    expect(textOf(await harness.manager.callTool('memory', 'read_graph', {}))).toContain(
      'runs MCP servers',
    );
  });

  it('gives a server its secret env value and only a minimal environment', async () => {
    harness = createTestManager({
      environment: { ...process.env, HEARTH_CANARY_LEAK: 'should-not-pass' },
    });
    await harness.addServer('everything', everythingStdio(), {
      env: [{ name: 'API_TOKEN', value: 'tok-123456', secret: true }],
    });
    const environment = textOf(await harness.manager.callTool('everything', 'get-env', {}));
    expect(environment).toContain('tok-123456');
    expect(environment).not.toContain('should-not-pass');
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(join(harness.dataDir, 'servers.json'), 'utf8')).not.toContain('tok-123456');
  });
});
