/**
 * A browser host wired to a fake Ollama, with the renderer's own bridge connected and every
 * event recorded: what a person using the chat would see, driven from a test.
 */
import type { Api } from '../../preload/api';
import type { WebSocketTransport } from '../../renderer/src/bridge/webSocketTransport';
import { startFakeOllama, type FakeOllama } from '../fixtures/fakeOllama';
import { everythingStdio } from './mcpFixtures';
import type { FakeOllamaOptions, Script } from '../fixtures/fakeOllama/types';
import { connectRenderer } from './rendererBridge';
import { startTestHost, type TestHost } from './testHost';

export interface RecordedEvent {
  channel: string;
  payload: Record<string, unknown>;
}

export interface ChatHarness {
  host: TestHost;
  api: Api;
  ollama: FakeOllama;
  events: RecordedEvent[];
  /** Resolves with the first recorded event on `channel` that matches, waiting for it if needed. */
  next(
    channel: string,
    match?: (payload: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  /** Sends a message and waits until its turn has ended (done, stopped or failed). */
  turn(
    text: string,
    conversationId?: string,
  ): Promise<{ conversationId: string; status: Record<string, unknown> }>;
  close(): Promise<void>;
}

const END_STATES = new Set(['done', 'stopped', 'failed']);

export async function startChatHarness(options: {
  script: Script;
  dataDir?: string;
  loopLimit?: number;
  model?: string;
  /** Extra options for the browser host (how links open, which vault). */
  host?: Omit<NonNullable<Parameters<typeof startTestHost>[0]>, 'dataDir'>;
  /** Models the fake Ollama's `/api/pull` can fetch. */
  pullable?: FakeOllamaOptions['pullable'];
  /** Models installed in the fake Ollama (its defaults otherwise). */
  models?: FakeOllamaOptions['models'];
  /** Delay between the fake's pull progress lines. */
  pullDelayMs?: number;
  /** The fake Ollama's standing with ollama.com for cloud models. */
  cloud?: FakeOllamaOptions['cloud'];
  /**
   * Servers start once this settles, as Hearth's start waits for the login shell; the harness
   * does not wait for them. Absent: they are ready before the harness returns.
   */
  serversAfter?: Promise<unknown>;
}): Promise<ChatHarness> {
  const ollama = await startFakeOllama({
    script: options.script,
    ...(options.pullable ? { pullable: options.pullable } : {}),
    ...(options.models ? { models: options.models } : {}),
    ...(options.pullDelayMs ? { pullDelayMs: options.pullDelayMs } : {}),
    ...(options.cloud ? { cloud: options.cloud } : {}),
  });
  const host = await startTestHost({ ...options.host, dataDir: options.dataDir });
  // As at app start (without reading a login shell): the built-in tools come up.
  const servers = host.core.mcp.startAll(options.serversAfter);
  if (!options.serversAfter) await servers;
  const { api, transport } = connectRenderer(host);
  const events: RecordedEvent[] = [];
  const waiters: {
    channel: string;
    match: (payload: Record<string, unknown>) => boolean;
    resolve: (payload: Record<string, unknown>) => void;
  }[] = [];
  const record = (channel: string) => (payload: unknown) => {
    const event = { channel, payload: payload as Record<string, unknown> };
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.channel === channel && waiter.match(event.payload)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event.payload);
      }
    }
  };
  api.chat.onDelta(record('chat:delta'));
  api.chat.onStatus(record('chat:status'));
  api.chat.onToolCall(record('chat:toolCall'));
  api.chat.onMessage(record('chat:message'));
  api.chat.onSummaryChanged(record('chat:summaryChanged'));
  api.models.onPullProgress(record('models:pullProgress'));
  api.approval.onRequest(record('approval:request'));
  api.sudo.onRequest(record('sudo:request'));
  api.sampling.onRequest(record('sampling:request'));
  api.elicitation.onRequest(record('elicitation:request'));
  await api.settings.set({
    ollama: { host: ollama.url },
    chat: { model: options.model ?? 'llama3.2', loopLimit: options.loopLimit ?? 10 },
  });

  const next: ChatHarness['next'] = (channel, match = () => true, timeoutMs = 20_000) => {
    const found = events.find((event) => event.channel === channel && match(event.payload));
    if (found) return Promise.resolve(found.payload);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`No ${channel} event within ${timeoutMs} ms`)),
        timeoutMs,
      );
      waiters.push({
        channel,
        match,
        resolve: (payload) => (clearTimeout(timer), resolve(payload)),
      });
    });
  };

  return {
    host,
    api,
    ollama,
    events,
    next,
    async turn(text, conversationId) {
      const { conversationId: id, turnId } = await api.chat.send({
        text,
        ...(conversationId ? { conversationId } : {}),
      });
      const status = await next(
        'chat:status',
        (payload) => payload.turnId === turnId && END_STATES.has(String(payload.state)),
      );
      return { conversationId: id, status };
    },
    async close() {
      (transport as WebSocketTransport).close();
      await host.core.dispose();
      await host.close();
      await ollama.close();
    },
  };
}

/** Adds the everything server (a child process) and approves its launch, as a user would. */
export async function addEverything(harness: ChatHarness): Promise<void> {
  const command = everythingStdio();
  await harness.api.servers.save({
    name: 'everything',
    transport: { type: 'stdio', command: command.command, args: command.args, env: [] },
  });
  const review = await harness.api.servers.reviewLaunch('everything');
  const status = await harness.api.servers.approveLaunch('everything', review.fingerprint);
  if (status.state !== 'ready') throw new Error(`The everything server is ${status.state}`);
}
