import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { startTaskHttpServer, type TaskHttpServer } from '../fixtures/servers/taskHttpServer';
import type { FakeModel } from '../fixtures/fakeOllama';
import { addApprovedServer } from '../support/fixtureServerSetup';
import { everythingStdio } from '../support/mcpFixtures';

// MCP Tasks with the reference everything server's task tool (`simulate-research-query`, which
// requires running as a task and takes about four seconds): the card hears each status, the
// result is fetched when it is done, a stop cancels it on the server, and a task still running
// when Hearth closes is picked up at the next start (from a remote server that keeps its tasks)
// and its result saved in the conversation.
const TOOL = 'everything_simulate-research-query';
let chat: ChatHarness | undefined;
let remote: TaskHttpServer | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
  await remote?.close();
  remote = undefined;
});

interface Progress {
  callId: string;
  message?: string;
  task?: { status: string; startedAt: number };
}

function recordProgress(harness: ChatHarness): Progress[] {
  const seen: Progress[] = [];
  harness.api.tools.onProgress((payload) => seen.push(payload as Progress));
  return seen;
}

async function approve(harness: ChatHarness): Promise<void> {
  const request = await harness.next('approval:request');
  await harness.api.approval.respond(String(request.requestId), { decision: 'once' });
}

const toolMessages = (harness: ChatHarness) =>
  harness.ollama
    .chatRequests()
    .flatMap((request) => (request.messages ?? []).filter((message) => message.role === 'tool'))
    .map((message) => message.content);

describe('tool calls that run as tasks', () => {
  it('shows the task’s status while it runs and gives the model its result', async () => {
    chat = await startChatHarness({
      script: [toolCall(TOOL, { topic: 'honey bees' }), plainAnswer('Here it is.')],
    });
    const harness = chat;
    await addApprovedServer(harness.api, 'everything', everythingStdio());
    const progress = recordProgress(harness);
    const turn = harness.turn('research honey bees');
    await approve(harness);
    const { status } = await turn;
    expect(status.state).toBe('done');
    const statuses = progress.filter((event) => event.task).map((event) => event.task?.status);
    expect(statuses).toContain('working');
    expect(statuses.at(-1)).toBe('completed');
    expect(progress.map((event) => event.message)).toContain('Gathering sources...');
    expect(toolMessages(harness).join('\n')).toContain('# Research Report: honey bees');
    // A local server's tasks end with Hearth: none is kept to pick up.
    expect(existsSync(join(harness.host.dataDir, 'tasks.json'))).toBe(false);
  });

  it('cancels the task on the server when the user stops the turn', async () => {
    chat = await startChatHarness({
      script: [toolCall(TOOL, { topic: 'wasps' }), plainAnswer('never')],
    });
    const harness = chat;
    await addApprovedServer(harness.api, 'everything', everythingStdio());
    const progress = recordProgress(harness);
    const { conversationId, turnId } = await harness.api.chat.send({ text: 'research wasps' });
    await approve(harness);
    await expect.poll(() => progress.some((event) => event.task), { timeout: 10_000 }).toBe(true);
    expect(await harness.api.chat.stop(conversationId, turnId)).toBe(true);
    const card = await harness.next(
      'chat:toolCall',
      (payload) => payload.state === 'cancelled' || payload.state === 'failed',
    );
    expect(card.state).toBe('cancelled');
    const log = (await harness.api.servers.logs('everything')).map((entry) => entry.text);
    expect(log.join('\n')).not.toMatch(/Picking up/);
  });

  it('cancels one task from its card: the model reads that the user cancelled it, and the turn goes on', async () => {
    chat = await startChatHarness({
      script: [toolCall(TOOL, { topic: 'moths' }), plainAnswer('Fine, without the report.')],
    });
    const harness = chat;
    await addApprovedServer(harness.api, 'everything', everythingStdio());
    const progress = recordProgress(harness);
    const turn = harness.turn('research moths');
    await approve(harness);
    await expect.poll(() => progress.some((event) => event.task), { timeout: 10_000 }).toBe(true);
    const running = progress.find((event) => event.task);
    const card = await harness.next('chat:toolCall', (payload) => payload.state === 'running');
    const conversationId = String(card.conversationId);
    expect(await harness.api.chat.cancelTask(conversationId, 'no-such-call')).toBe(false);
    expect(await harness.api.chat.cancelTask(conversationId, String(running?.callId))).toBe(true);
    const { status } = await turn;
    expect(status.state).toBe('done');
    expect(toolMessages(harness).join('\n')).toMatch(/user cancelled the task/);
    expect(harness.ollama.chatRequests()).toHaveLength(2);
    // Ended, it cannot be cancelled again.
    expect(await harness.api.chat.cancelTask(conversationId, String(running?.callId))).toBe(false);
  });

  it('picks a task up after Hearth restarts and saves its result as the call’s answer', async () => {
    // A remote server that keeps its tasks: the task outlives Hearth's connection.
    const keeper = await startTaskHttpServer(2_500);
    remote = keeper;
    chat = await startChatHarness({
      script: [toolCall('keeper_slow_report', { topic: 'ants' }), plainAnswer('x')],
    });
    const dataDir = chat.host.dataDir;
    await chat.api.servers.save({
      name: 'keeper',
      transport: { type: 'http', url: keeper.url, protocol: 'streamable-http', headers: [] },
    });
    expect((await chat.api.servers.start('keeper')).state).toBe('ready');
    const progress = recordProgress(chat);
    const { conversationId } = await chat.api.chat.send({ text: 'research ants' });
    await approve(chat);
    await expect.poll(() => progress.some((event) => event.task), { timeout: 10_000 }).toBe(true);
    // Hearth closes while the task runs on the (still running) remote server.
    await chat.close();
    chat = undefined;
    const kept = JSON.parse(readFileSync(join(dataDir, 'tasks.json'), 'utf8')) as unknown[];
    expect(kept).toHaveLength(1);

    chat = await startChatHarness({ script: [plainAnswer('unused')], dataDir });
    const harness = chat;
    const saved = await harness.next(
      'chat:message',
      (payload) =>
        payload.conversationId === conversationId &&
        (payload.message as { role?: string }).role === 'tool',
      20_000,
    );
    expect((saved.message as { content: string }).content).toBe('report: ants');
    const conversation = await harness.api.conversations.get(conversationId);
    const answers = conversation?.messages.filter((message) => message.role === 'tool') ?? [];
    expect(answers).toHaveLength(1);
    expect(readFileSync(join(dataDir, 'tasks.json'), 'utf8')).toBe('[]');
  });

  it('sends the images of a task result picked up after a restart to a model that can see', async () => {
    // A PNG as a tool's image block, and one as an embedded resource's blob.
    const png = Buffer.from('\x89PNG\r\n\x1a\n-picked-up-image').toString('base64');
    const shot = Buffer.from('\x89PNG\r\n\x1a\n-embedded-shot').toString('base64');
    const keeper = await startTaskHttpServer(2_500, (topic) => ({
      content: [
        { type: 'text', text: `pictures of ${topic}` },
        { type: 'image', data: png, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: { uri: 'file:///shots/ants.png', mimeType: 'image/png', blob: shot },
        },
      ],
    }));
    remote = keeper;
    // As /api/show lists it: mistral-small3.2 sees and calls tools.
    const models: Record<string, FakeModel> = {
      'mistral-small3.2:24b': {
        family: 'mistral3',
        capabilities: ['completion', 'tools', 'vision'],
      },
    };
    const model = 'mistral-small3.2:24b';
    chat = await startChatHarness({
      model,
      models,
      script: [toolCall('keeper_slow_report', { topic: 'ants' }), plainAnswer('x')],
    });
    const dataDir = chat.host.dataDir;
    await chat.api.servers.save({
      name: 'keeper',
      transport: { type: 'http', url: keeper.url, protocol: 'streamable-http', headers: [] },
    });
    expect((await chat.api.servers.start('keeper')).state).toBe('ready');
    const progress = recordProgress(chat);
    const { conversationId } = await chat.api.chat.send({ text: 'pictures of ants' });
    await approve(chat);
    await expect.poll(() => progress.some((event) => event.task), { timeout: 10_000 }).toBe(true);
    await chat.close();
    chat = undefined;

    chat = await startChatHarness({ model, models, script: [plainAnswer('Two ants.')], dataDir });
    const harness = chat;
    const saved = await harness.next(
      'chat:message',
      (payload) =>
        payload.conversationId === conversationId &&
        (payload.message as { role?: string }).role === 'tool',
      20_000,
    );
    expect((saved.message as { content: string }).content.split('\n')).toEqual([
      'pictures of ants',
      '[image: image/png, 25 B — sent with this result as image 1]',
      '[resource: file:///shots/ants.png, image/png, 23 B — sent with this result as image 2]',
    ]);
    // The next turn sends both with the tool message, as a result that came in time would.
    const next = await harness.turn('What are they?', conversationId);
    expect(next.status.state).toBe('done');
    const received = harness.ollama.receivedImages();
    expect(received.map(({ role, toolName }) => ({ role, toolName }))).toEqual([
      { role: 'tool', toolName: 'keeper_slow_report' },
    ]);
    expect(received[0]?.images).toEqual([png, shot]);
  });
});
