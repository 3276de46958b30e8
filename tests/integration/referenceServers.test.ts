import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startEverythingHttp, startEverythingSse } from '../support/everythingHttp';
import { isAlive } from '../support/managerHarness';
import { everythingStdio, filesystemServer, memoryServer } from '../support/mcpFixtures';
import {
  closeSdkClients,
  connectStdio,
  newClient,
  stopAfterTest,
  tempDir,
  texts,
} from '../support/sdkClients';

// The reference servers from the npm registry, driven by the SDK's own Client as real child
// processes and over loopback HTTP, to prove they behave as the host's tests expect.

afterEach(closeSdkClients);

describe('the real reference servers', () => {
  async function connectRemote(transport: Transport): Promise<Client> {
    const client = newClient();
    await client.connect(transport);
    return client;
  }

  it('everything over Streamable HTTP lists tools and calls echo', async () => {
    const server = await startEverythingHttp();
    stopAfterTest(server);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await connectRemote(new StreamableHTTPClientTransport(new URL(server.url)));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        'echo',
        'get-sum',
        'get-tiny-image',
        'trigger-long-running-operation',
      ]),
    );
    const result = await client.callTool({ name: 'echo', arguments: { message: 'over http' } });
    expect(texts(result)).toEqual(['Echo: over http']);
  });

  it('everything over SSE lists tools and calls echo', async () => {
    const server = await startEverythingSse();
    stopAfterTest(server);
    const client = await connectRemote(new SSEClientTransport(new URL(server.url)));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('echo');
    const result = await client.callTool({ name: 'echo', arguments: { message: 'over sse' } });
    expect(texts(result)).toEqual(['Echo: over sse']);
  });

  it('stopping the HTTP server ends its process', async () => {
    const server = await startEverythingHttp();
    await server.stop();
    expect(isAlive(server.pid)).toBe(false);
  });

  it('everything over stdio lists tools', async () => {
    const { client } = await connectStdio(everythingStdio());
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('echo');
  });

  it('filesystem lists a temporary directory', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'notes.txt'), 'hello');
    const { client } = await connectStdio(filesystemServer(dir));
    const result = await client.callTool({ name: 'list_directory', arguments: { path: dir } });
    expect(texts(result).join('\n')).toContain('[FILE] notes.txt');
  });

  it('memory creates an entity and keeps it in its file', async () => {
    const memoryFile = join(await tempDir(), 'memory.jsonl');
    const { client } = await connectStdio(memoryServer(memoryFile));
    const entity = { name: 'Hearth', entityType: 'project', observations: ['an MCP host'] };
    const result = await client.callTool({
      name: 'create_entities',
      arguments: { entities: [entity] },
    });
    expect(result.isError).toBeFalsy();
    const graph = await client.callTool({ name: 'read_graph', arguments: {} });
    expect(texts(graph).join('\n')).toContain('Hearth');
    expect(await readFile(memoryFile, 'utf8')).toContain('"name":"Hearth"');
  });
});
