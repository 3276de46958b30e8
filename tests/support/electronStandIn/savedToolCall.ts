/**
 * An MCP App is shown for one tool call saved in a conversation (apps:open refuses ids that name
 * none): a chat turn in which the fake Ollama calls `modelName` saves such a call. The call then
 * waits for the user's approval, which these tests never give.
 */
import { plainAnswer, startFakeOllama, toolCall } from '../../fixtures/fakeOllama';
import { waitUntil, type DesktopApp } from './desktopApp';

interface SavedMessage {
  toolCalls?: { id: string; modelName: string }[];
}

export async function saveToolCall(
  app: DesktopApp,
  modelName: string,
): Promise<{ conversationId: string; callId: string; close(): Promise<void> }> {
  const ollama = await startFakeOllama({
    script: (request) =>
      request.messages?.at(-1)?.role === 'tool' ? plainAnswer('Done.') : toolCall(modelName, {}),
  });
  try {
    await app.invoke('settings:set', [
      { ollama: { host: ollama.url }, chat: { model: 'llama3.2' } },
    ]);
    const sent = await app.invoke<{ conversationId: string }>('chat:send', [
      { text: 'Show it', model: 'llama3.2' },
    ]);
    if (!sent.ok) throw new Error(JSON.stringify(sent));
    const { conversationId } = sent.value;
    const saved = await waitUntil(
      () => app.invoke<{ messages: SavedMessage[] }>('conversations:get', [conversationId]),
      (answer) =>
        answer.ok &&
        answer.value.messages.some((message) =>
          message.toolCalls?.some((call) => call.modelName === modelName),
        ),
    );
    const call = saved.ok
      ? saved.value.messages
          .flatMap((message) => message.toolCalls ?? [])
          .find((candidate) => candidate.modelName === modelName)
      : undefined;
    if (!call) throw new Error(`No saved call of ${modelName}`);
    return { conversationId, callId: call.id, close: () => ollama.close() };
  } catch (error) {
    await ollama.close();
    throw error;
  }
}
