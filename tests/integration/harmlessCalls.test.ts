import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  defaultSandboxPolicy,
  openServerFolders,
  resetSandboxSession,
} from '../../electron/core/sandbox';
import { readAuditTrail } from '../../electron/core/chat/toolCall/auditTrail';
import { UNASKED_IN_SANDBOX } from '../../electron/core/chat/toolCall/approvalGates';
import type { SandboxPolicy } from '../../preload/schemas/servers';
import { plainAnswer, toolCall, type FakeModel } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { fixtureCommand, filesystemServer, type ServerCommand } from '../support/mcpFixtures';
import { pathWithoutBwrap } from '../support/pathWithoutBwrap';
import { sandboxWorks } from '../support/sandboxHarness';
import { tempDir } from '../support/testHost';

// "Don't ask for calls this sandbox makes harmless", judged with real servers in the real OS
// sandbox (bubblewrap), a real consent file and the renderer's own bridge: a call runs without a
// question only while every condition holds (the switch on, the server sandboxed with no host
// and no write beyond its own folder, the model on this computer); each broken in turn asks again.
const hostilePath = join(import.meta.dirname, '..', 'fixtures', 'servers', 'hostileServer.mjs');
const hostile = (): ServerCommand => ({ command: process.execPath, args: [hostilePath] });
const CLOUD = 'gpt-oss:120b-cloud';
const cloudModel: FakeModel = {
  remoteHost: 'https://ollama.com:443',
  remoteModel: 'gpt-oss:120b',
  family: 'gptoss',
  capabilities: ['completion', 'tools', 'thinking'],
};

let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
  await resetSandboxSession();
});

/** The model calls the tool the user's message names (as JSON), then answers. */
const callWhatIsAsked = (request: ChatRequestBody): Turn => {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer('Done.');
  const { tool, args } = JSON.parse(String(last?.content)) as {
    tool: string;
    args: Record<string, unknown>;
  };
  return toolCall(tool, args);
};

async function start(
  options: { model?: string; environment?: NodeJS.ProcessEnv } = {},
): Promise<ChatHarness> {
  // A home of its own: the hostile server's start tries to plant a file there.
  const home = tempDir('harmless-home');
  chat = await startChatHarness({
    script: callWhatIsAsked,
    ...(options.model
      ? { model: options.model, models: { 'llama3.2:latest': {}, [CLOUD]: cloudModel } }
      : {}),
    host: { environment: { ...process.env, HOME: home, ...options.environment } },
  });
  return chat;
}

async function addSandboxed(
  harness: ChatHarness,
  name: string,
  command: ServerCommand,
  policy: Partial<SandboxPolicy> = {},
  roots: string[] = [],
) {
  await harness.api.servers.save({
    name,
    roots,
    transport: {
      type: 'stdio',
      command: command.command,
      args: command.args,
      env: [],
      sandbox: { ...defaultSandboxPolicy(), ...policy },
    },
  });
  const review = await harness.api.servers.reviewLaunch(name);
  return harness.api.servers.approveLaunch(name, review.fingerprint);
}

/** Saves a changed sandbox policy for a running server and waits until it runs under it. */
async function changePolicy(harness: ChatHarness, name: string, policy: Partial<SandboxPolicy>) {
  const [entry] = (await harness.api.servers.list()).filter((one) => one.config.name === name);
  if (entry?.config.transport.type !== 'stdio') throw new Error(`${name} is not a stdio server`);
  const { transport } = entry.config;
  await harness.api.servers.save(
    {
      ...entry.config,
      transport: {
        ...transport,
        sandbox: { ...defaultSandboxPolicy(), ...transport.sandbox, ...policy },
      },
    },
    name,
  );
  // A changed policy is a changed launch: approved again, as the user would.
  const review = await harness.api.servers.reviewLaunch(name);
  const status = await harness.api.servers.approveLaunch(name, review.fingerprint);
  expect(status.state).toBe('ready');
}

interface Outcome {
  /** The approval asked, if one was (answered with Deny). */
  asked?: Record<string, unknown>;
  /** The call's last card. */
  card: Record<string, unknown>;
}

/** Sends a message whose model calls `tool`; a question, if asked, is denied. */
async function callTool(
  harness: ChatHarness,
  tool: string,
  args: Record<string, unknown>,
): Promise<Outcome> {
  const before = harness.events.length;
  const conversationId = harness.host.core.chat.history.list()[0]?.id;
  const { turnId } = await harness.api.chat.send({
    text: JSON.stringify({ tool, args }),
    ...(conversationId ? { conversationId } : {}),
  });
  const fresh = () => harness.events.slice(before);
  const asked = await Promise.race([
    harness.next('approval:request', (payload) => fresh().some((e) => e.payload === payload)),
    harness
      .next('chat:status', (payload) => payload.turnId === turnId && payload.state === 'done')
      .then(() => undefined),
  ]);
  if (asked) await harness.api.approval.respond(String(asked.requestId), { decision: 'deny' });
  await harness.next(
    'chat:status',
    (payload) => payload.turnId === turnId && payload.state === 'done',
  );
  const card = fresh()
    .filter((event) => event.channel === 'chat:toolCall' && event.payload.turnId === turnId)
    .at(-1)?.payload;
  if (!card) throw new Error('The call got no card.');
  return { ...(asked ? { asked } : {}), card };
}

/** The server's folder of its own, named by the id the sandbox keeps for it. */
function ownFolder(harness: ChatHarness, server: string): string {
  const folder = openServerFolders(harness.host.dataDir).existing(server);
  if (!folder) throw new Error(`${server} has no folder of its own.`);
  return folder;
}

describe.skipIf(!sandboxWorks)('calls a sandbox makes harmless', () => {
  it('run without a question only once the user turned it on, while every condition holds, bounded by the OS', async () => {
    const harness = await start();
    const status = await addSandboxed(harness, 'hostile', hostile());
    expect(status.sandbox?.state).toBe('on');
    const outside = join(tempDir('harmless-outside'), 'planted.txt');
    const own = join(ownFolder(harness, 'hostile'), 'note.txt');

    // Off by default: the question is asked, and offers the switch.
    expect(await harness.api.servers.harmlessCalls('hostile')).toEqual({
      on: false,
      allowed: true,
    });
    const first = await callTool(harness, 'hostile_write_file', { path: own, text: 'one' });
    expect(first.asked).toMatchObject({ server: 'hostile', harmlessCalls: { allowed: true } });
    expect(first.card).toMatchObject({ state: 'denied' });
    expect(existsSync(own)).toBe(false);

    expect(await harness.api.servers.setHarmlessCalls('hostile', true)).toEqual({
      on: true,
      allowed: true,
    });
    const ran = await callTool(harness, 'hostile_write_file', { path: own, text: 'two' });
    expect(ran.asked).toBeUndefined();
    expect(ran.card).toMatchObject({ state: 'done', unaskedBecause: UNASKED_IN_SANDBOX });
    expect(readFileSync(own, 'utf8')).toBe('two');
    // What it was not given, the OS refuses, asked or not: nothing lands outside its folder.
    const refused = await callTool(harness, 'hostile_write_file', { path: outside, text: 'x' });
    expect(refused.asked).toBeUndefined();
    expect(existsSync(outside)).toBe(false);
    // The audit trail says which rule let them run.
    const approvals = readAuditTrail(harness.host.dataDir).filter(
      (entry) => entry.kind === 'approved' && entry.server === 'hostile',
    );
    expect(approvals.map((entry) => entry.kind === 'approved' && entry.basis)).toEqual([
      'rule:sandbox',
      'rule:sandbox',
    ]);

    // Turned off: asked again.
    await harness.api.servers.setHarmlessCalls('hostile', false);
    const off = await callTool(harness, 'hostile_write_file', { path: own, text: 'three' });
    expect(off.asked).toBeDefined();
    expect(readFileSync(own, 'utf8')).toBe('two');
  });

  it('asks again after any change to the sandbox policy, until the user turns it on again', async () => {
    const harness = await start();
    await addSandboxed(harness, 'hostile', hostile());
    await harness.api.servers.setHarmlessCalls('hostile', true);
    const own = join(ownFolder(harness, 'hostile'), 'note.txt');
    expect((await callTool(harness, 'hostile_write_file', { path: own, text: 'a' })).asked).toBe(
      undefined,
    );

    // A change that keeps it harmless still takes the switch back.
    await changePolicy(harness, 'hostile', { denyRead: ['~/private'] });
    const log = (await harness.api.servers.logs('hostile')).map((entry) => entry.text);
    expect(log).toContain(
      'Its sandbox policy changed. Its calls ask again until you turn “Don’t ask” on again.',
    );
    expect(await harness.api.servers.harmlessCalls('hostile')).toEqual({
      on: false,
      allowed: true,
    });
    expect(
      (await callTool(harness, 'hostile_write_file', { path: own, text: 'b' })).asked,
    ).toMatchObject({ harmlessCalls: { allowed: true } });
    // Changed back: still off, not revived by a matching fingerprint.
    await changePolicy(harness, 'hostile', { denyRead: [] });
    expect((await harness.api.servers.harmlessCalls('hostile')).on).toBe(false);
    expect(
      (await callTool(harness, 'hostile_write_file', { path: own, text: 'c' })).asked,
    ).toBeDefined();

    // The user says again.
    await harness.api.servers.setHarmlessCalls('hostile', true);
    expect((await callTool(harness, 'hostile_write_file', { path: own, text: 'd' })).asked).toBe(
      undefined,
    );
    expect(readFileSync(own, 'utf8')).toBe('d');
  });

  it('is not allowed while the server may reach a host, and a host added later asks again', async () => {
    const harness = await start();
    await addSandboxed(harness, 'hostile', hostile(), { allowHosts: ['example.com'] });
    const state = await harness.api.servers.harmlessCalls('hostile');
    expect(state).toEqual({
      on: false,
      allowed: false,
      reason: 'It may reach the network (example.com).',
    });
    await expect(harness.api.servers.setHarmlessCalls('hostile', true)).rejects.toThrow(
      'Calls of “hostile” still ask: It may reach the network (example.com).',
    );
    const asked = await callTool(harness, 'hostile_read_file', { path: '/etc/hostname' });
    expect(asked.asked).toMatchObject({
      harmlessCalls: { allowed: false, reason: 'It may reach the network (example.com).' },
    });

    // Allowed without hosts, turned on, then a host added: asked again.
    await changePolicy(harness, 'hostile', { allowHosts: [] });
    await harness.api.servers.setHarmlessCalls('hostile', true);
    expect((await callTool(harness, 'hostile_read_file', { path: '/etc/hostname' })).asked).toBe(
      undefined,
    );
    await changePolicy(harness, 'hostile', { allowHosts: ['example.com'] });
    expect(
      (await callTool(harness, 'hostile_read_file', { path: '/etc/hostname' })).asked,
    ).toBeDefined();
  });

  it('is not allowed with a writable root or "write anywhere"', async () => {
    const harness = await start();
    const root = tempDir('harmless-root');
    mkdirSync(join(root, 'inside'));
    await addSandboxed(harness, 'files', filesystemServer(root), {}, [root]);
    expect(await harness.api.servers.harmlessCalls('files')).toEqual({
      on: false,
      allowed: false,
      reason: `It may write outside its own folder (${root}).`,
    });
    const listed = await callTool(harness, 'files_list_directory', { path: root });
    expect(listed.asked).toMatchObject({ harmlessCalls: { allowed: false } });

    await addSandboxed(harness, 'anywhere', hostile(), { allowAllWrites: true });
    expect(await harness.api.servers.harmlessCalls('anywhere')).toEqual({
      on: false,
      allowed: false,
      reason: 'It may write anywhere.',
    });
    expect(
      (await callTool(harness, 'anywhere_read_file', { path: '/etc/hostname' })).asked,
    ).toMatchObject({ harmlessCalls: { allowed: false, reason: 'It may write anywhere.' } });
  });

  it('asks again when the sandbox is switched off for the server', async () => {
    const harness = await start();
    await addSandboxed(harness, 'hostile', hostile());
    await harness.api.servers.setHarmlessCalls('hostile', true);
    await changePolicy(harness, 'hostile', { enabled: false });
    // Not sandboxed at all: no switch to offer, and the question is asked.
    const asked = await callTool(harness, 'hostile_read_file', { path: '/etc/hostname' });
    expect(asked.asked).toBeDefined();
    expect(asked.asked?.harmlessCalls).toBeUndefined();
    expect(await harness.api.servers.harmlessCalls('hostile')).toEqual({
      on: false,
      allowed: false,
      reason: 'It does not run in the sandbox.',
    });
    // Back in the sandbox: still off until the user says again.
    await changePolicy(harness, 'hostile', { enabled: true });
    expect((await harness.api.servers.harmlessCalls('hostile')).on).toBe(false);
    expect(
      (await callTool(harness, 'hostile_read_file', { path: '/etc/hostname' })).asked,
    ).toBeDefined();
  });

  it('asks when the conversation’s model runs on ollama.com, even with the switch on', async () => {
    const harness = await start({ model: CLOUD });
    await harness.api.settings.set({ ollama: { cloudModelsAllowed: [CLOUD] } });
    await addSandboxed(harness, 'hostile', hostile());
    await harness.api.servers.setHarmlessCalls('hostile', true);
    const asked = await callTool(harness, 'hostile_read_file', { path: '/etc/hostname' });
    expect(asked.asked).toMatchObject({
      harmlessCalls: {
        allowed: false,
        reason:
          'This conversation’s model does not run on this computer, so what a call reads would leave it.',
      },
    });
    expect(asked.card).toMatchObject({ state: 'denied' });
  });

  it('never skips the question for a tool that only claims to be read-only', async () => {
    const harness = await start();
    // Sandboxed with nothing to reach, but the switch left off: the claim alone changes nothing.
    await addSandboxed(harness, 'claims', fixtureCommand(['--tools=echo', '--claim-read-only']));
    const asked = await callTool(harness, 'claims_echo', { text: 'hi' });
    expect(asked.asked).toMatchObject({
      annotations: { readOnlyHint: true },
      harmlessCalls: { allowed: true },
    });
    expect(asked.card).toMatchObject({ state: 'denied' });
    // Nor outside the sandbox, where there is no switch to offer.
    await harness.api.servers.save({
      name: 'loose',
      transport: {
        type: 'stdio',
        ...fixtureCommand(['--tools=echo', '--claim-read-only']),
        env: [],
      },
    });
    await harness.api.servers.approveLaunch(
      'loose',
      (await harness.api.servers.reviewLaunch('loose')).fingerprint,
    );
    const loose = await callTool(harness, 'loose_echo', { text: 'hi' });
    expect(loose.asked).toMatchObject({ annotations: { readOnlyHint: true } });
    expect(loose.asked?.harmlessCalls).toBeUndefined();
  });
});

describe.skipIf(!sandboxWorks)('where the sandbox cannot run', () => {
  it('is not allowed for a server run without it', async () => {
    const harness = await start({ environment: { PATH: pathWithoutBwrap() } });
    const status = await addSandboxed(harness, 'hostile', hostile());
    expect(status.sandbox?.state).toBe('unavailable');
    const unsandboxed = await harness.api.servers.runUnsandboxed('hostile', false);
    expect(unsandboxed.sandbox?.state).toBe('unsandboxed');
    expect(await harness.api.servers.harmlessCalls('hostile')).toEqual({
      on: false,
      allowed: false,
      reason: 'It runs without the sandbox now, because the sandbox cannot run on this computer.',
    });
    await expect(harness.api.servers.setHarmlessCalls('hostile', true)).rejects.toThrow(
      'the sandbox cannot run on this computer',
    );
    const asked = await callTool(harness, 'hostile_read_file', { path: '/etc/hostname' });
    expect(asked.asked).toMatchObject({ harmlessCalls: { allowed: false } });
  });
});
