import { spawnSync } from 'node:child_process';
import {
  ErrorCode,
  LoggingMessageNotificationSchema,
  McpError,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive } from '../support/managerHarness';
import { fixtureCommand } from '../support/mcpFixtures';
import {
  closeSdkClients,
  connectStdio,
  killAfterTest,
  MiB,
  texts,
  type StdioConnection,
  waitFor,
} from '../support/sdkClients';

// The fixture server (tests/fixtures/servers/fixtureServer.mjs), run as a real child process and
// driven by the SDK's own Client, to prove it behaves as documented before the host's code is
// tested against it.

afterEach(closeSdkClients);

const fixture = (...flags: string[]) => connectStdio(fixtureCommand(flags));

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
    const { client, transport } = await fixture('--tools=progress');
    // Read off the wire: the SDK's client hands a notification to `onprogress` a microtask late,
    // so one that arrives in the same read as the result finds its handler gone
    // (modelcontextprotocol/typescript-sdk#2580), as it does when this process is slow to read.
    const sent: Progress[] = [];
    const deliver = transport.onmessage;
    transport.onmessage = (message) => {
      if ('method' in message && message.method === 'notifications/progress') {
        const { progress, total, message: text } = message.params as Progress;
        sent.push({ progress, total, message: text });
      }
      deliver?.(message);
    };
    const result = await client.callTool({ name: 'progress', arguments: { steps: 4 } }, undefined, {
      onprogress: () => undefined,
    });
    expect(texts(result)).toEqual(['done after 4 steps']);
    expect(sent).toEqual(
      [1, 2, 3, 4].map((step) => ({
        progress: step,
        total: 4,
        message: `step ${step} of 4`,
      })),
    );
  });

  // 20 MiB through a pipe and JSON.parse takes its time on a busy machine: the reply is waited
  // for, not a wall clock.
  it('big returns 20 MiB of text when the client buffer allows it', async () => {
    const { client } = await fixture('--tools=big');
    const result = await client.callTool({ name: 'big' }, undefined, { timeout: 110_000 });
    expect(texts(result)[0]?.length).toBeGreaterThanOrEqual(20 * MiB);
  }, 120_000);

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
    killAfterTest(pid);
    expect(isAlive(pid)).toBe(true);
    // close() ends stdin, then signals only the direct child: the grandchild survives it, so a
    // host must end the whole process tree itself.
    await client.close();
    expect(isAlive(pid)).toBe(true);
  });
});
