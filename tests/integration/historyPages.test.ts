import { afterEach, describe, expect, it } from 'vitest';
import { openConversationStore } from '../../electron/core/history/conversationStore';
import type { NewMessage } from '../../electron/core/history/types';
import { TOOL_RESULT_PREVIEW_CHARS } from '../../electron/core/history/toolResultPreview';
import { connectRenderer } from '../support/rendererBridge';
import { startTestHost, tempDir, type TestHost } from '../support/testHost';

// Over the real bridge: a long conversation opens with its latest page, and earlier pages are
// read back to the first message, none lost, none twice, no page cut between a call and its result.
let host: TestHost | undefined;

afterEach(async () => {
  await host?.close();
  host = undefined;
});

/** A turn: a question, a tool call, its `results` results, and the answer. */
function turn(index: number, results: number): NewMessage[] {
  const calls = Array.from({ length: results }, (_, call) => ({
    id: `call-${index}-${call}`,
    server: 'files',
    tool: 'read_file',
    modelName: 'files_read_file',
    arguments: { path: `/notes/${index}-${call}.txt` },
  }));
  return [
    { role: 'user', content: `Question ${index}` },
    { role: 'assistant', content: '', toolCalls: calls },
    ...calls.map((call): NewMessage => ({
      role: 'tool',
      content: call.id === 'call-7-0' ? 'x'.repeat(50_000) : `contents of ${call.id}`,
      toolCallId: call.id,
      toolName: 'files_read_file',
    })),
    { role: 'assistant', content: `Answer ${index}` },
  ];
}

describe('a long conversation read in pages', () => {
  it('opens on its latest messages and reads the earlier ones page by page', async () => {
    const dataDir = tempDir('pages');
    const store = openConversationStore({ dataDir, onProblem: () => undefined });
    const { id } = store.create({ title: 'Months of notes', options: { model: 'llama3.2' } });
    // Turns of 4 to 9 messages, so page edges fall inside turns too.
    for (let index = 0; index < 300; index++) store.append(id, turn(index, index % 6));
    const all = store.get(id)?.messages ?? [];
    store.close();
    expect(all.length).toBeGreaterThan(1_500);

    host = await startTestHost({ dataDir });
    const { api, transport } = connectRenderer(host);
    try {
      const opened = await api.conversations.get(id, { lastMessages: 200 });
      expect(opened?.messageCount).toBe(all.length);
      const latest = opened?.messages ?? [];
      expect(latest[0]?.role).not.toBe('tool');
      expect(latest.length).toBeGreaterThanOrEqual(200);
      expect(latest.at(-1)?.id).toBe(all.at(-1)?.id);
      expect(opened?.earlierMessages).toBe(all.length - latest.length);

      const read = [...latest];
      let earlier = opened?.earlierMessages ?? 0;
      let pages = 0;
      while (earlier > 0) {
        const page = await api.conversations.earlierMessages(id, read[0]?.id ?? 0, 400);
        expect(page).not.toBeNull();
        if (!page) break;
        // A page never opens on results cut off from the call before them.
        expect(page.messages[0]?.role).not.toBe('tool');
        expect(page.earlierMessages).toBe(earlier - page.messages.length);
        read.unshift(...page.messages);
        earlier = page.earlierMessages;
        pages += 1;
      }
      expect(pages).toBeGreaterThan(2);
      expect(read.map((message) => message.id)).toEqual(all.map((message) => message.id));
      // Long results come shortened in pages too, with their whole length.
      const long = read.find((message) => message.toolCallId === 'call-7-0');
      expect(long?.content.length).toBeLessThanOrEqual(TOOL_RESULT_PREVIEW_CHARS);
      expect(long?.fullLength).toBe(50_000);

      // Without a page size, the whole conversation, as before.
      expect((await api.conversations.get(id))?.messages.length).toBe(all.length);
      expect(await api.conversations.earlierMessages('gone', 10, 10)).toBeNull();
      await expect(api.conversations.earlierMessages(id, 10, 100_000)).rejects.toThrow(/refused/);
    } finally {
      transport.close();
    }
  });
});
