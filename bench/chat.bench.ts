/**
 * The chat loop's own cost. `chat.loop_overhead_ms`: a turn with one tool call (the fixture
 * server's echo, always allowed) minus the time the fake Ollama takes to answer the same two
 * requests directly (both of them: `chat.ollama_side_ms` is one) and minus the tool's own time;
 * `chat.loop_overhead_ms.long_conversation_p50` the same for turns that continue the bench's
 * conversation of 10,000 messages (support/longConversation.ts), as a heavy user's does. `chat.token_to_client_ms`: from a token
 * leaving the fake Ollama to its delta event reaching a WebSocket client of the browser host
 * (this includes the one-frame batching, by design).
 */
import { performance } from 'node:perf_hooks';
import { Ollama } from 'ollama';
import { plainAnswer, toolCall } from '../tests/fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../tests/fixtures/fakeOllama/types';
import { startChatHarness, type ChatHarness } from '../tests/support/chatHarness';
import { percentile, round, type Figure } from './figures';
import { addApprovedFixture } from '../tests/support/fixtureServerSetup';
import { longConversation, seededRandom } from './support/longConversation';

const TURNS = 60;
/** Turns measured in the long conversation, after one that reads it (not measured). */
const LONG_TURNS = 20;
const LONG_CONVERSATION = 10_000;
const TOKENS = 200;

/** Calls the echo tool when the last message is the user's, answers once it has the result. */
function toolThenAnswer(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  return last?.role === 'tool'
    ? plainAnswer('done')
    : toolCall('fixture_echo', { text: String(Math.random()) });
}

/**
 * `turns` turns with one tool call each, after `warmUp` not measured, in `conversationId` (a new
 * conversation when absent): each one's time minus both model requests sent straight to the
 * fake and minus the tool's own time.
 */
async function measureTurns(
  chat: ChatHarness,
  direct: Ollama,
  turns: number,
  warmUp: number,
  startIn?: string,
): Promise<{ overheadMs: number[]; directMs: number[] }> {
  const directMs: number[] = [];
  const overheadMs: number[] = [];
  let conversationId = startIn;
  for (let index = 0; index < turns + warmUp; index++) {
    const started = performance.now();
    const result = await chat.turn(`turn ${index}`, conversationId);
    const turnMs = performance.now() - started;
    conversationId = result.conversationId;
    const tool = [...chat.events]
      .reverse()
      .find((event) => event.channel === 'chat:toolCall' && event.payload.state === 'done');
    // The same two model requests, straight to the fake, for what Ollama's side costs.
    const requests = chat.ollama.chatRequests().slice(-2);
    const directStart = performance.now();
    for (const request of requests) {
      const stream = await direct.chat({
        model: request.model,
        messages: request.messages as never,
        tools: request.tools as never,
        stream: true,
      });
      for await (const chunk of stream) void chunk;
    }
    // Both requests are Ollama's time, not the loop's.
    const ollamaMs = performance.now() - directStart;
    if (index >= warmUp) {
      directMs.push(ollamaMs / requests.length);
      overheadMs.push(turnMs - ollamaMs - Number(tool?.payload.durationMs ?? 0));
    }
  }
  return { overheadMs, directMs };
}

export async function run(): Promise<Figure[]> {
  let script: (request: ChatRequestBody) => Turn = toolThenAnswer;
  const chat = await startChatHarness({ script: (request) => script(request) });
  try {
    await addApprovedFixture(chat.api, ['--tools=echo']);
    await chat.api.tools.configure('fixture', 'echo', { approval: 'allow' });

    const direct = new Ollama({ host: chat.ollama.url });
    const { overheadMs, directMs } = await measureTurns(chat, direct, TURNS, 5);
    const history = chat.host.core.chat.history;
    const long = history.create({ title: 'Months of notes', options: { model: 'llama3.2' } });
    history.append(long.id, longConversation(LONG_CONVERSATION, seededRandom(1)));
    const inLong = await measureTurns(chat, direct, LONG_TURNS, 1, long.id);

    const latencies: number[] = [];
    const sentAt: number[] = [];
    script = () => ({
      content: Array.from({ length: TOKENS }, (_, index) => `t${index} `),
      tokenDelayMs: 20,
      onPieceSent: (index) => (sentAt[index] = performance.now()),
    });
    let received = 0;
    const stop = chat.api.chat.onDelta((delta) => {
      const now = performance.now();
      const tokens = (delta.content ?? '').trim().split(/\s+/).filter(Boolean);
      for (const token of tokens) {
        const index = Number(token.slice(1));
        if (sentAt[index] !== undefined) latencies.push(now - sentAt[index]);
        received++;
      }
    });
    await chat.turn('stream please');
    stop();
    if (received < TOKENS) throw new Error(`only ${received} of ${TOKENS} tokens arrived`);

    return [
      {
        name: 'chat.loop_overhead_ms.p50',
        value: round(percentile(overheadMs, 50), 2),
        unit: 'ms',
      },
      {
        name: 'chat.loop_overhead_ms.long_conversation_p50',
        value: round(percentile(inLong.overheadMs, 50), 2),
        unit: `ms (a conversation of ${LONG_CONVERSATION} messages)`,
      },
      {
        name: 'chat.ollama_side_ms.p50',
        value: round(percentile(directMs, 50), 2),
        unit: 'ms a request (two subtracted a turn)',
      },
      {
        name: 'chat.token_to_client_ms.p50',
        value: round(percentile(latencies, 50), 2),
        unit: 'ms',
      },
      {
        name: 'chat.token_to_client_ms.p95',
        value: round(percentile(latencies, 95), 2),
        unit: 'ms',
      },
    ];
  } finally {
    await chat.close();
  }
}
