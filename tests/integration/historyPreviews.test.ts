import { afterEach, describe, expect, it } from 'vitest';
import { openConversationStore } from '../../electron/core/history/conversationStore';
import { TOOL_RESULT_PREVIEW_CHARS } from '../../electron/core/history/toolResultPreview';
import { connectRenderer } from '../support/rendererBridge';
import { startTestHost, tempDir, type TestHost } from '../support/testHost';

// Over the real bridge: a conversation comes with long tool results as their beginning and
// their whole length, and the whole is read back page by page.
let host: TestHost | undefined;

afterEach(async () => {
  await host?.close();
  host = undefined;
});

describe('long tool results in a conversation read from history', () => {
  it('arrive as their beginning, and the rest is read in pages', async () => {
    const dataDir = tempDir('previews');
    const store = openConversationStore({ dataDir, onProblem: () => undefined });
    const { id } = store.create({ title: 'Reading a big file', options: { model: 'llama3.2' } });
    const whole = Array.from({ length: 30_000 }, (_, index) => `line ${index} of the file`).join(
      '\n',
    );
    const [, , saved] = store.append(id, [
      { role: 'user', content: 'Read the log' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          {
            id: 'call-1',
            server: 'files',
            tool: 'read_file',
            modelName: 'files_read_file',
            arguments: {},
          },
        ],
      },
      { role: 'tool', content: whole, toolCallId: 'call-1', toolName: 'files_read_file' },
    ]);
    store.close();

    host = await startTestHost({ dataDir });
    const { api, transport } = connectRenderer(host);
    try {
      const conversation = await api.conversations.get(id);
      const result = conversation?.messages.find((message) => message.role === 'tool');
      expect(result?.fullLength).toBe(whole.length);
      expect(result?.content.length).toBeLessThanOrEqual(TOOL_RESULT_PREVIEW_CHARS);
      expect(whole.startsWith(result?.content ?? '-')).toBe(true);

      const pages: string[] = [];
      for (let offset = 0; offset < whole.length;) {
        const page = await api.conversations.messageContent(id, saved?.id ?? 0, offset, 200_000);
        expect(page?.total).toBe(whole.length);
        pages.push(page?.text ?? '');
        offset += page?.text.length ?? whole.length;
      }
      expect(pages.join('')).toBe(whole);
      expect(pages.length).toBeGreaterThan(1);

      // A message of another conversation, or none, is not read.
      expect(
        await api.conversations.messageContent('no-such-conversation', saved?.id ?? 0, 0, 10),
      ).toBeNull();
      await expect(
        api.conversations.messageContent(id, saved?.id ?? 0, 0, 2_000_000),
      ).rejects.toThrow(/refused/);
    } finally {
      transport.close();
    }
  });
});
