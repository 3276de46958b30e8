/**
 * Stop, measured the way the user feels it: from `chat.stop` to the tool call reported cancelled
 * and the turn reported stopped (for a running tool), and to the Ollama request aborted and the
 * turn stopped (for a reply still streaming). The slower of the two signals counts.
 */
import { plainAnswer, toolCall } from '../../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../../support/chatHarness';
import { addApprovedFixture } from '../../support/fixtureServerSetup';

export interface CancelFigures {
  toolMs: number[];
  streamMs: number[];
  dataDirs: string[];
}

export async function cancelTiming(iterations: number): Promise<CancelFigures> {
  const figures: CancelFigures = { toolMs: [], streamMs: [], dataDirs: [] };
  const chat = await startChatHarness({ script: [] });
  figures.dataDirs.push(chat.host.dataDir);
  try {
    await addApprovedFixture(chat.api, ['--tools=slow']);
    await chat.api.tools.configure('fixture', 'slow', { approval: 'allow' });
    for (let index = 0; index < iterations; index++) {
      chat.ollama.setScript([toolCall('fixture_slow', { ms: 60_000 }), plainAnswer('never')]);
      figures.toolMs.push(await stopTool(chat));
      chat.ollama.setScript([{ content: 'a b c d e f g h i j k l', tokenDelayMs: 500 }]);
      figures.streamMs.push(await stopStream(chat));
    }
  } finally {
    await chat.close();
  }
  return figures;
}

async function stopTool(chat: ChatHarness): Promise<number> {
  const { conversationId, turnId } = await chat.api.chat.send({ text: 'run it' });
  await chat.next('chat:toolCall', (p) => p.turnId === turnId && p.state === 'running');
  const stopped = performance.now();
  await chat.api.chat.stop(conversationId);
  await Promise.all([
    chat.next('chat:toolCall', (p) => p.turnId === turnId && p.state === 'cancelled'),
    chat.next('chat:status', (p) => p.turnId === turnId && p.state === 'stopped'),
  ]);
  return performance.now() - stopped;
}

async function stopStream(chat: ChatHarness): Promise<number> {
  const before = chat.ollama.requests.length;
  const { conversationId, turnId } = await chat.api.chat.send({ text: 'talk' });
  await chat.next('chat:delta', (p) => p.turnId === turnId);
  const stopped = performance.now();
  await chat.api.chat.stop(conversationId);
  await chat.next('chat:status', (p) => p.turnId === turnId && p.state === 'stopped');
  while (!chat.ollama.requests.slice(before).some((r) => r.path === '/api/chat' && r.aborted))
    await new Promise((resolve) => setTimeout(resolve, 2));
  return performance.now() - stopped;
}
