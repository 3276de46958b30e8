import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import { startEraHttpServer } from '../fixtures/servers/eraHttpServer';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { addApprovedServer } from '../support/fixtureServerSetup';
import { fixtureCommand, type ServerCommand } from '../support/mcpFixtures';

// Hearth's manager on the v2 client: a server that speaks only 2026-07-28 (it refuses
// `initialize`) and 2025 servers beside it are ready, callable from a chat turn, and say which
// protocol version they speak and how Hearth found it.
const eraServer = join(__dirname, '../fixtures/servers/eraServer.mjs');
const era = (year: '2025' | '2026', name?: string): ServerCommand => ({
  command: process.execPath,
  args: [eraServer, `--era=${year}`, ...(name ? [`--name=${name}`] : [])],
});

let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const statusOf = async (harness: ChatHarness, name: string) =>
  (await harness.api.servers.list()).find((entry) => entry.config.name === name)?.status;

const toolResults = (harness: ChatHarness, request: number) =>
  (harness.ollama.chatRequests()[request]?.messages ?? [])
    .filter((message) => message.role === 'tool')
    .map((message) => message.content);

async function approveNext(harness: ChatHarness, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    const request = await harness.next(
      'approval:request',
      (payload) => !(payload as { answered?: boolean }).answered,
    );
    (request as { answered?: boolean }).answered = true;
    await harness.api.approval.respond(String(request.requestId), { decision: 'once' });
  }
}

describe('both protocol eras in one Hearth', () => {
  it('runs tools of a 2026-only server and a 2025 server in the same turn', async () => {
    chat = await startChatHarness({
      script: [
        toolCall('modern_echo', { text: 'new' }),
        toolCall('classic_echo', { text: 'old' }),
        plainAnswer('done'),
      ],
    });
    const harness = chat;
    expect(await addApprovedServer(harness.api, 'modern', era('2026'))).toMatchObject({
      state: 'ready',
      protocolVersion: '2026-07-28',
      protocolSource: 'probed',
    });
    expect(
      await addApprovedServer(harness.api, 'classic', fixtureCommand(['--name=classic'])),
    ).toMatchObject({ state: 'ready', protocolVersion: '2025-11-25', protocolSource: 'probed' });

    const turn = harness.turn('say hi to both');
    await approveNext(harness, 2);
    const { status } = await turn;
    expect(status.state).toBe('done');
    const results = harness.ollama
      .chatRequests()
      .flatMap((_, index) => toolResults(harness, index));
    expect(results.join('\n')).toContain('echo(2026): new');
    expect(results.join('\n')).toMatch(/old/);
  });

  it('answers a 2026 server’s input_required with the same question dialog as elicitation', async () => {
    chat = await startChatHarness({ script: [toolCall('modern_confirm', {}), plainAnswer('ok')] });
    const harness = chat;
    await addApprovedServer(harness.api, 'modern', era('2026'));
    const turn = harness.turn('confirm it');
    await approveNext(harness, 1);
    const question = await harness.next('elicitation:request');
    expect(question).toMatchObject({ server: 'modern', message: 'Go ahead?', mode: 'form' });
    await harness.api.elicitation.respond(String(question.requestId), {
      action: 'accept',
      content: { answer: 'yes please' },
    });
    await turn;
    expect(toolResults(harness, 1).join('\n')).toContain('confirm(2026): yes please');
  });

  it('remembers each server’s era, so the next start needs no probe', async () => {
    chat = await startChatHarness({ script: [plainAnswer('ok')] });
    const harness = chat;
    await addApprovedServer(harness.api, 'modern', era('2026'));
    await addApprovedServer(harness.api, 'classic', fixtureCommand(['--name=classic']));
    // Written within a second of the change (changes close together are written at once).
    await vi.waitFor(
      () => {
        const stored = readFileSync(join(harness.host.dataDir, 'protocol-eras.json'), 'utf8');
        expect(stored).toContain('"modern"');
        expect(stored).toContain('"legacy"');
      },
      { timeout: 5_000, interval: 100 },
    );

    expect(await harness.api.servers.restart('modern')).toMatchObject({
      state: 'ready',
      protocolVersion: '2026-07-28',
      protocolSource: 'remembered',
    });
    expect(await harness.api.servers.restart('classic')).toMatchObject({
      state: 'ready',
      protocolVersion: '2025-11-25',
      protocolSource: 'remembered',
    });
  });

  it('starts a 2025 server again with the 2025 handshake when the probe made it exit', async () => {
    chat = await startChatHarness({ script: [plainAnswer('ok')] });
    const harness = chat;
    const status = await addApprovedServer(
      harness.api,
      'fragile',
      fixtureCommand(['--name=fragile', '--exit-before-initialize']),
    );
    expect(status).toMatchObject({ state: 'ready', protocolVersion: '2025-11-25' });
    const log = (await harness.api.servers.logs('fragile')).map((entry) => entry.text).join('\n');
    expect(log).toMatch(/ended when asked which protocol versions it speaks/);
    // Remembered: the restart sends `initialize` first and the server stays up.
    expect(await harness.api.servers.restart('fragile')).toMatchObject({
      state: 'ready',
      protocolSource: 'remembered',
    });
  });

  it('forgets a remembered era that no longer works and asks the server again', async () => {
    chat = await startChatHarness({ script: [plainAnswer('ok')] });
    const dataDir = chat.host.dataDir;
    await addApprovedServer(chat.api, 'classic', fixtureCommand(['--name=classic']));
    await chat.close();
    // As if the program behind the same command line had spoken 2026-07-28 at its last start.
    const file = join(dataDir, 'protocol-eras.json');
    const [[key]] = JSON.parse(readFileSync(file, 'utf8')) as [[string, unknown]];
    const discover = { supportedVersions: ['2026-07-28'], capabilities: { tools: {} } };
    writeFileSync(file, JSON.stringify([[key, { kind: 'modern', discover }]]));

    chat = await startChatHarness({ script: [plainAnswer('ok')], dataDir });
    const status = await statusOf(chat, 'classic');
    expect(status).toMatchObject({
      state: 'ready',
      protocolVersion: '2025-11-25',
      protocolSource: 'probed',
    });
    const log = (await chat.api.servers.logs('classic')).map((entry) => entry.text).join('\n');
    expect(log).toMatch(/remembered from its last start failed/);
    await vi.waitFor(() => expect(readFileSync(file, 'utf8')).toContain('"legacy"'), {
      timeout: 5_000,
      interval: 100,
    });
  });
});

describe('a 2026-only server over Streamable HTTP', () => {
  it('is ready and its tool callable, and says it speaks 2026-07-28', async () => {
    const remote = await startEraHttpServer('2026');
    try {
      chat = await startChatHarness({
        script: [toolCall('remote_echo', { text: 'far' }), plainAnswer('done')],
      });
      const harness = chat;
      const saved = await harness.api.servers.save({
        name: 'remote',
        transport: { type: 'http', url: remote.url, protocol: 'streamable-http', headers: [] },
      });
      expect(saved.config.name).toBe('remote');
      const status = await harness.api.servers.start('remote');
      expect(status).toMatchObject({
        state: 'ready',
        protocolVersion: '2026-07-28',
        protocolSource: 'probed',
        transport: 'streamable-http',
      });
      const turn = harness.turn('call the remote one');
      await approveNext(harness, 1);
      await turn;
      expect(toolResults(harness, 1).join('\n')).toContain('echo(2026): far');
    } finally {
      await chat?.close();
      chat = undefined;
      await remote.close();
    }
  });
});

describe('list changes from a 2026-only server', () => {
  it('arrive on the subscriptions/listen stream and refresh its tools', async () => {
    chat = await startChatHarness({ script: [plainAnswer('ok')] });
    const harness = chat;
    await addApprovedServer(harness.api, 'modern', era('2026'));
    const before = harness.host.core.mcp.catalog.forModel().map((tool) => tool.modelName);
    expect(before).not.toContain('modern_extra_1');
    const added = await harness.host.core.mcp.callTool('modern', 'add_tool', {});
    expect(added.ok).toBe(true);
    await expect
      .poll(() => harness.host.core.mcp.catalog.forModel().map((tool) => tool.modelName), {
        timeout: 10_000,
      })
      .toContain('modern_extra_1');
  });
});

describe('the log level of a 2026-only server', () => {
  it('travels with each call, since the era has no logging/setLevel', async () => {
    chat = await startChatHarness({ script: [plainAnswer('ok')] });
    const harness = chat;
    await addApprovedServer(harness.api, 'modern', era('2026'));
    const outcome = await harness.host.core.mcp.callTool('modern', 'log_level', {});
    expect(outcome.ok && outcome.result.content).toEqual([{ type: 'text', text: 'level: info' }]);
  });
});

// (Watching a 2025 server's resource, with resources/subscribe, is in promptsAndResources.)
describe('watching a resource of a 2026-only server', () => {
  it('hears of its changes on a subscriptions/listen stream', async () => {
    chat = await startChatHarness({ script: [plainAnswer('ok')] });
    const harness = chat;
    await addApprovedServer(harness.api, 'modern', era('2026'));
    const updates: unknown[] = [];
    harness.api.resources.onUpdated((update) => updates.push(update));
    const note = { server: 'modern', uri: 'note://one' };
    expect(await harness.api.resources.subscribe(note)).toBe(true);
    const touched = await harness.host.core.mcp.callTool('modern', 'touch_note', {});
    expect(touched.ok).toBe(true);
    await expect.poll(() => updates, { timeout: 10_000 }).toContainEqual(note);
    expect(await harness.api.resources.unsubscribe(note)).toBe(true);
  });
});
