import { afterEach, describe, expect, it } from 'vitest';
import { UNANSWERED_RESULT } from '../../electron/core/chat/toolCall/unansweredCalls';
import { plainAnswer, startFakeOllama, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, FakeOllama, Turn } from '../fixtures/fakeOllama/types';
import { connectToServe } from '../support/rendererBridge';
import { startBuiltHost, type ServeProcess } from '../support/serveProcess';
import { tempDir } from '../support/testHost';

// Hearth killed (SIGKILL) while a tool call waits for the user's approval: after a restart the
// call has a result saying it never ran, in the history and in what the model is sent next.
let host: ServeProcess | undefined;
let ollama: FakeOllama | undefined;

afterEach(async () => {
  await host?.stop();
  await ollama?.close();
  host = undefined;
  ollama = undefined;
});

function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'user' && last.content.includes('list'))
    return toolCall('hearth_run_shell_command', { command: 'ls /' });
  return plainAnswer('Understood.');
}

/** Starts the host and waits for its built-in tools (the shell command among them). */
async function open(dataDir: string) {
  host = await startBuiltHost(dataDir);
  const connection = connectToServe(host);
  for (let tries = 0; tries < 200; tries++) {
    const servers = await connection.api.servers.list();
    if (servers.some((entry) => entry.status.state === 'ready')) return connection;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The built-in tools did not start.');
}

describe('a crash while an approval is open', () => {
  it('leaves no call without a result, in the history or for the model', async () => {
    ollama = await startFakeOllama({ script });
    const dataDir = tempDir('crash-approval');
    const first = await open(dataDir);
    await first.api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } });
    const asked = new Promise<void>((resolve) => first.api.approval.onRequest(() => resolve()));
    const { conversationId } = await first.api.chat.send({ text: 'Please list the files' });
    await asked;
    first.transport.close();
    // Killed, not quit: nothing of Hearth's runs after this.
    const pid = host?.child.pid ?? 0;
    await new Promise<void>((resolve) => {
      host?.child.once('exit', () => resolve());
      process.kill(-pid, 'SIGKILL');
    });

    const second = await open(dataDir);
    try {
      const conversation = await second.api.conversations.get(conversationId);
      const messages = conversation?.messages ?? [];
      const call = messages.find((message) => message.toolCalls?.length)?.toolCalls?.[0];
      expect(call?.outcome).toBe('not-run');
      const result = messages.find((message) => message.toolCallId === call?.id);
      expect(result?.content).toBe(UNANSWERED_RESULT);
      // Opened again, the call is not answered twice.
      const again = await second.api.conversations.get(conversationId);
      expect(again?.messages.filter((message) => message.toolCallId === call?.id)).toHaveLength(1);

      const done = new Promise<void>((resolve) =>
        second.api.chat.onStatus((event) => event.state === 'done' && resolve()),
      );
      await second.api.chat.send({ conversationId, text: 'Never mind, go on' });
      await done;
      const sent = ollama.chatRequests().at(-1)?.messages ?? [];
      const asking = sent.findIndex((message) => message.tool_calls?.length);
      expect(asking).toBeGreaterThanOrEqual(0);
      expect(sent[asking + 1]).toMatchObject({ role: 'tool', content: UNANSWERED_RESULT });
    } finally {
      second.transport.close();
    }
  });
});
