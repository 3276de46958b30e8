/**
 * Ollama at its slowest, on the app's real time limits: a model that takes minutes to load must
 * be waited for (the turn ends done), and a stream that stalls with nobody pressing Stop must
 * still end (as stalled) once the idle limit passes. Runs beside the other soak parts.
 */
import { plainAnswer } from '../../fixtures/fakeOllama';
import { startChatHarness } from '../../support/chatHarness';

export interface SlowOllamaFigures {
  coldLoadDone: boolean;
  coldLoadS: number;
  stallEnded: boolean;
  stallS: number;
}

export async function slowOllama(coldLoadMs: number): Promise<SlowOllamaFigures> {
  const chat = await startChatHarness({
    script: [
      { content: 'finally loaded', firstTokenDelayMs: coldLoadMs },
      { content: 'one two three', stallAfterTokens: 1 },
      plainAnswer('unused'),
    ],
  });
  // chat.turn gives up after 20 s; these turns are meant to take minutes.
  const turn = async (text: string, conversationId?: string) => {
    const sent = await chat.api.chat.send({ text, ...(conversationId ? { conversationId } : {}) });
    const status = await chat.next(
      'chat:status',
      (p) => p.turnId === sent.turnId && ['done', 'stopped', 'failed'].includes(String(p.state)),
      coldLoadMs + 10 * 60_000,
    );
    return { conversationId: sent.conversationId, status };
  };
  try {
    const coldStarted = performance.now();
    const cold = await turn('wake up');
    const coldLoadS = (performance.now() - coldStarted) / 1000;
    const stallStarted = performance.now();
    const stalled = await turn('and now stall', cold.conversationId);
    return {
      coldLoadDone: cold.status.state === 'done',
      coldLoadS,
      stallEnded: stalled.status.state === 'failed' && stalled.status.problem === 'stalled',
      stallS: (performance.now() - stallStarted) / 1000,
    };
  } finally {
    await chat.close();
  }
}
