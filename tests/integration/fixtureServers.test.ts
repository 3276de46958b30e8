import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  LoggingMessageNotificationSchema,
  McpError,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startEverythingHttp,
  startEverythingSse,
  type RunningHttpServer,
} from '../support/everythingHttp';
import {
  everythingStdio,
  filesystemServer,
  fixtureCommand,
  memoryServer,
  type ServerCommand,
} from '../support/mcpFixtures';

// The fixture server (tests/fixtures/servers/fixtureServer.mjs) and the real reference servers,
// each run as a real child process and driven by the SDK's own Client, to prove the fixtures
// behave as documented before the host's code is tested against them.

const MiB = 1024 * 1024;

interface StdioConnection {
  client: Client;
  transport: StdioClientTransport;
  /** Errors the client reported through `onerror` (e.g. unparsable stdout lines). */
  errors: Error[];
  /** Everything the server wrote to stderr so far (only the last 64 KiB). */
  stderr(): string;
  /** How many bytes the server wrote to stderr so far. */
  stderrBytes(): number;
}

const clients: Client[] = [];
const httpServers: RunningHttpServer[] = [];
const grandchildren: number[] = [];
const tempDirs: string[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => {})));
  await Promise.all(httpServers.splice(0).map((server) => server.stop()));
  for (const pid of grandchildren.splice(0)) killQuietly(pid);
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function killQuietly(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'hearth-mcp-'));
  tempDirs.push(dir);
  return dir;
}

function newClient(): Client {
  const client = new Client({ name: 'hearth-tests', version: '0.0.0' });
  clients.push(client);
  return client;
}

/** Launches a stdio server and completes the MCP handshake with it. */
async function connectStdio(
  server: ServerCommand,
  options: { timeout?: number; maxBufferSize?: number } = {},
): Promise<StdioConnection> {
  const transport = new StdioClientTransport({
    ...server,
    stderr: 'pipe',
    maxBufferSize: options.maxBufferSize ?? 64 * MiB,
  });
  let stderr = '';
  let stderrBytes = 0;
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderrBytes += chunk.length;
    stderr = (stderr + chunk.toString()).slice(-64 * 1024);
  });
  const client = newClient();
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport, options.timeout ? { timeout: options.timeout } : undefined);
  return { client, transport, errors, stderr: () => stderr, stderrBytes: () => stderrBytes };
}

const fixture = (...flags: string[]) => connectStdio(fixtureCommand(flags));

function texts(result: unknown): string[] {
  return (result as CallToolResult).content.flatMap((block) =>
    block.type === 'text' ? [block.text] : [],
  );
}

async function waitFor<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the fixture MCP server', () => {
  it('reports --name and serves its resources, resource template and prompt', async () => {
    const { client } = await fixture('--name=alpha');
    expect(client.getServerVersion()).toEqual({ name: 'alpha', version: '1.0.0' });

    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(['fixture://readme']);
    const readme = await client.readResource({ uri: 'fixture://readme' });
    expect(readme.contents[0]).toMatchObject({ text: 'Hello from alpha' });

    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      'fixture://items/{id}',
    ]);
    const item = await client.readResource({ uri: 'fixture://items/42' });
    expect(item.contents[0]).toMatchObject({ text: 'item 42' });

    const { prompts } = await client.listPrompts();
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toMatchObject({ name: 'greet', arguments: [{ name: 'name' }] });
    const prompt = await client.getPrompt({ name: 'greet', arguments: { name: 'Sam' } });
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'Please greet Sam.' });
  });

  it('registers only the tools named by --tools', async () => {
    const { client } = await fixture('--tools=echo,add');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['echo', 'add']);
  });

  it('echo returns its text', async () => {
    const { client } = await fixture('--tools=echo');
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hello' } });
    expect(texts(result)).toEqual(['hello']);
  });

  it('answers bad arguments with an isError result', async () => {
    const { client } = await fixture('--tools=echo');
    const result = await client.callTool({ name: 'echo', arguments: { text: 5 } });
    expect(result.isError).toBe(true);
  });

  it('add returns text and structuredContent', async () => {
    const { client } = await fixture('--tools=add');
    const { tools } = await client.listTools();
    expect(tools[0]?.outputSchema).toMatchObject({ properties: { sum: { type: 'number' } } });
    const result = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
    expect(texts(result)).toEqual(['5']);
    expect(result.structuredContent).toEqual({ sum: 5 });
  });

  it('crash exits the server, which rejects the call in flight', async () => {
    const { client, transport, stderr } = await fixture('--tools=crash');
    const closed = new Promise<void>((resolve) => (client.onclose = resolve));
    const error = await client.callTool({ name: 'crash' }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.ConnectionClosed);
    await closed;
    expect(transport.pid).toBeNull();
    expect(stderr()).toContain('crashing on purpose');
  });

  it('hang never answers, so only the request timeout ends the call', async () => {
    const { client } = await fixture('--tools=hang,echo');
    const error = await client
      .callTool({ name: 'hang' }, undefined, { timeout: 500 })
      .catch((reason: unknown) => reason);
    expect((error as McpError).code).toBe(ErrorCode.RequestTimeout);
    // The server itself is still up and answering.
    expect(texts(await client.callTool({ name: 'echo', arguments: { text: 'alive' } }))).toEqual([
      'alive',
    ]);
  });

  it('slow reports progress every 100 ms when asked, which can keep a short timeout alive', async () => {
    const { client } = await fixture('--tools=slow');
    const seen: Progress[] = [];
    const started = Date.now();
    const result = await client.callTool({ name: 'slow', arguments: { ms: 800 } }, undefined, {
      onprogress: (progress) => seen.push(progress),
      timeout: 300,
      resetTimeoutOnProgress: true,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
    expect(texts(result)).toEqual(['waited 800 ms']);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(seen[0]).toMatchObject({ total: 800 });
  });

  it('progress sends `steps` notifications with total and message', async () => {
    const { client } = await fixture('--tools=progress');
    const seen: Progress[] = [];
    const result = await client.callTool({ name: 'progress', arguments: { steps: 4 } }, undefined, {
      onprogress: (progress) => seen.push(progress),
    });
    expect(texts(result)).toEqual(['done after 4 steps']);
    expect(seen).toEqual(
      [1, 2, 3, 4].map((step) => ({
        progress: step,
        total: 4,
        message: `step ${step} of 4`,
      })),
    );
  });

  it('big returns 20 MiB of text when the client buffer allows it', async () => {
    const { client } = await fixture('--tools=big');
    const result = await client.callTool({ name: 'big' });
    expect(texts(result)[0]?.length).toBeGreaterThanOrEqual(20 * MiB);
  });

  it('big overflows the SDK’s default 10 MiB stdio buffer, which closes the connection', async () => {
    const { client, errors } = await connectStdio(fixtureCommand(['--tools=big']), {
      maxBufferSize: 10 * MiB,
    });
    const error = await client
      .callTool({ name: 'big', arguments: { mb: 12 } })
      .catch((reason: unknown) => reason);
    expect((error as McpError).code).toBe(ErrorCode.ConnectionClosed);
    expect(errors.map(String).join('\n')).toContain('ReadBuffer exceeded maximum size');
  });

  it('fail returns an isError result', async () => {
    const { client } = await fixture('--tools=fail');
    const result = await client.callTool({ name: 'fail' });
    expect(result.isError).toBe(true);
    expect(texts(result)).toEqual(['fail: this tool always fails']);
  });

  it('throw answers with a JSON-RPC error, not a result', async () => {
    const { client } = await fixture('--tools=throw');
    const error = await client.callTool({ name: 'throw' }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InternalError);
    expect((error as McpError).message).toContain('the handler threw');
  });

  it('an unknown tool is a JSON-RPC InvalidParams error', async () => {
    const { client } = await fixture('--tools=echo');
    const error = await client.callTool({ name: 'nope' }).catch((reason: unknown) => reason);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
  });

  it('mixed returns one block of every content type plus structuredContent', async () => {
    const { client } = await fixture('--tools=mixed');
    const result = (await client.callTool({ name: 'mixed' })) as CallToolResult;
    expect(result.content.map((block) => block.type)).toEqual([
      'text',
      'image',
      'audio',
      'resource_link',
      'resource',
    ]);
    const [, image, audio, , resource] = result.content;
    expect(
      image?.type === 'image' && Buffer.from(image.data, 'base64').subarray(1, 4).toString(),
    ).toBe('PNG');
    expect(
      audio?.type === 'audio' && Buffer.from(audio.data, 'base64').subarray(0, 4).toString(),
    ).toBe('RIFF');
    expect(resource).toMatchObject({ resource: { uri: 'fixture://items/7', text: 'item 7' } });
    expect(result.structuredContent).toEqual({
      kinds: ['text', 'image', 'audio', 'resource_link', 'resource'],
    });
  });

  it('add_tool adds a tool at runtime and sends tools/list_changed', async () => {
    const { client } = await fixture('--tools=add_tool');
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    expect(texts(await client.callTool({ name: 'add_tool' }))).toEqual(['added_1']);
    await changed;
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['add_tool', 'added_1']);
    expect(texts(await client.callTool({ name: 'added_1' }))).toEqual(['added_1']);
  });

  it('search has the same name on two servers but answers for its own', async () => {
    const [alpha, beta] = await Promise.all([
      fixture('--name=alpha', '--tools=search'),
      fixture('--name=beta', '--tools=search'),
    ]);
    const ask = (connection: StdioConnection) =>
      connection.client.callTool({ name: 'search', arguments: { query: 'cats' } });
    expect(texts(await ask(alpha))).toEqual(['alpha results for cats']);
    expect(texts(await ask(beta))).toEqual(['beta results for cats']);
  });

  it('--many-tools alone lists every tool in one page (McpServer does not paginate)', async () => {
    const { client } = await fixture('--tools=echo', '--many-tools=300');
    const result = await client.listTools();
    expect(result.tools).toHaveLength(301);
    expect(result.nextCursor).toBeUndefined();
  });

  it('--page-size pages tools/list with nextCursor', async () => {
    const { client } = await fixture('--tools=echo', '--many-tools=25', '--page-size=10');
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor });
      pages.push(page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(pages.map((page) => page.length)).toEqual([10, 10, 6]);
    expect(pages.flat()).toEqual([
      'echo',
      ...Array.from({ length: 25 }, (_, i) => `tool_${i + 1}`),
    ]);
    const error = await client.listTools({ cursor: 'bogus' }).catch((reason: unknown) => reason);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
  });

  it('--junk-stdout: non-JSON lines are reported through onerror but echo still works', async () => {
    const { client, errors } = await fixture('--junk-stdout', '--tools=echo');
    const result = await client.callTool({ name: 'echo', arguments: { text: 'through junk' } });
    expect(texts(result)).toEqual(['through junk']);
    // The banner, then one line before each of the two responses.
    expect(errors.length).toBeGreaterThanOrEqual(3);
    expect(errors.every((error) => error instanceof SyntaxError)).toBe(true);
  });

  it('--init-delay delays the initialize answer', async () => {
    const started = Date.now();
    const { client } = await fixture('--init-delay=1500');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(client.getServerVersion()?.name).toBe('fixture');
  });

  it('--never-initialize never answers initialize', async () => {
    const error = await connectStdio(fixtureCommand(['--never-initialize']), {
      timeout: 1000,
    }).catch((reason: unknown) => reason);
    expect((error as McpError).code).toBe(ErrorCode.RequestTimeout);
  });

  it('--exit-at-start exits with the code after a line on stderr', async () => {
    const { command, args } = fixtureCommand(['--exit-at-start=3']);
    const run = spawnSync(command, args, { encoding: 'utf8', timeout: 10_000 });
    expect(run.status).toBe(3);
    expect(run.stderr).toContain('exiting at start with code 3');

    const error = await fixture('--exit-at-start=3').catch((reason: unknown) => reason);
    expect((error as McpError).code).toBe(ErrorCode.ConnectionClosed);
  });

  it('--stderr-mb floods stderr first, then works normally', async () => {
    const { client, stderrBytes } = await fixture('--stderr-mb=5', '--tools=echo');
    expect(stderrBytes()).toBeGreaterThanOrEqual(5 * MiB);
    expect(texts(await client.callTool({ name: 'echo', arguments: { text: 'ok' } }))).toEqual([
      'ok',
    ]);
  });

  it('--log sends an info notifications/message when a tool is called', async () => {
    const { client } = await fixture('--log', '--name=logger', '--tools=echo');
    expect(client.getServerCapabilities()?.logging).toEqual({});
    const messages: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      messages.push(notification.params);
    });
    await client.callTool({ name: 'echo', arguments: { text: 'x' } });
    expect(messages).toEqual([{ level: 'info', logger: 'logger', data: 'tool echo called' }]);
  });

  it('--spawn-child starts a grandchild that the SDK’s close() leaves running', async () => {
    const { client, stderr } = await fixture('--spawn-child');
    const pid = await waitFor(() => {
      const match = /grandchild-pid=(\d+)/.exec(stderr());
      return match ? Number(match[1]) : undefined;
    });
    grandchildren.push(pid);
    expect(isAlive(pid)).toBe(true);
    // close() ends stdin, then signals only the direct child: the grandchild survives it, so a
    // host must end the whole process tree itself.
    await client.close();
    expect(isAlive(pid)).toBe(true);
  });
});

describe('the real reference servers', () => {
  async function connectRemote(transport: Transport): Promise<Client> {
    const client = newClient();
    await client.connect(transport);
    return client;
  }

  it('everything over Streamable HTTP lists tools and calls echo', async () => {
    const server = await startEverythingHttp();
    httpServers.push(server);
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
    httpServers.push(server);
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
