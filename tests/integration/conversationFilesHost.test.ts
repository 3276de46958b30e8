import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConversationFiles } from '../../electron/core/history/transfer/conversationFiles';
import { createConversationTransfer } from '../../electron/core/history/transfer/conversationTransfer';
import { openConversationStore } from '../../electron/core/history/conversationStore';
import { editedConversation } from '../fixtures/chatgptExport';
import { connectRenderer } from '../support/rendererBridge';
import { startTestHost, tempDir, type TestHost } from '../support/testHost';

// Where exports go and imports come from: the browser host's download and upload through the
// real contract and HTTP server (behind the launch token), and the desktop's dialogs.
let host: TestHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

describe('the browser host', () => {
  it('hands the page an address to download the export from, which needs the token', async () => {
    host = await startTestHost();
    const { api } = connectRenderer(host);
    const conversation = host.core.chat.history.create({ options: { model: 'qwen3:8b' } });
    host.core.chat.history.append(conversation.id, [{ role: 'user', content: 'Keep this' }]);
    const answer = await api.conversations.export({ format: 'json' });
    expect(answer).toEqual({ outcome: 'download', url: '/conversations/export?format=json' });
    if (answer.outcome !== 'download') return;

    const refused = await fetch(`${host.origin}${answer.url}`);
    expect(refused.status).toBe(401);
    const response = await fetch(`${host.origin}${answer.url}&token=${host.token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="hearth-conversations-\d{4}-\d\d-\d\d\.json"$/,
    );
    const body = (await response.json()) as {
      conversations: { messages: { content: string }[] }[];
    };
    expect(body.conversations[0]?.messages[0]?.content).toBe('Keep this');
  });

  it('takes an upload from its own page only, with the token, and says what it imported', async () => {
    host = await startTestHost();
    const { api } = connectRenderer(host);
    const answer = await api.conversations.import();
    expect(answer).toEqual({ outcome: 'upload', url: '/conversations/import' });
    const file = JSON.stringify([editedConversation()]);
    const post = (headers: Record<string, string>, token = host?.token) =>
      fetch(`${host?.origin}/conversations/import${token ? `?token=${token}` : ''}`, {
        method: 'POST',
        headers,
        body: file,
      });

    expect((await post({ Origin: host.origin }, '')).status).toBe(401);
    const stranger = await post({ Origin: 'http://evil.example' });
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toEqual({
      error: 'Imports are taken only from Hearth’s own page.',
    });
    expect(await api.conversations.list()).toEqual([]);

    const imported = await post({ Origin: host.origin });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({
      outcome: 'imported',
      summary: { imported: 1, alreadyThere: 0 },
      sentence: expect.stringMatching(/^Imported 1 conversation; left out 1 pictures and files/),
    });
    expect((await api.conversations.list()).map((entry) => entry.title)).toEqual([
      'Mountain heights',
    ]);

    const notAnExport = await fetch(`${host.origin}/conversations/import?token=${host.token}`, {
      method: 'POST',
      headers: { Origin: host.origin },
      body: '{"name": "package"}',
    });
    expect(notAnExport.status).toBe(422);
    expect(await notAnExport.json()).toEqual({
      error:
        'This file is not a conversations export: Hearth imports its own JSON export or the conversations.json of a ChatGPT data export.',
    });
  });
});

describe('the desktop', () => {
  function files(choice: { save?: string; open?: string }) {
    const store = openConversationStore({
      dataDir: tempDir('desktop'),
      onProblem: () => undefined,
    });
    const transfer = createConversationTransfer(store);
    const offered: string[] = [];
    return {
      store,
      files: createConversationFiles(
        transfer,
        {
          chooseExportFile: async (name) => {
            offered.push(name);
            return choice.save;
          },
          chooseImportFile: async () => choice.open,
        },
        () => new Date('2026-11-29T08:00:00Z'),
      ),
      offered,
    };
  }

  it('saves where the save dialog says, offering a dated name, and nothing when cancelled', async () => {
    const path = join(tempDir('saved'), 'mine.md');
    const chosen = files({ save: path });
    chosen.store.create({ title: 'Plans' });
    expect(await chosen.files.export({ format: 'markdown' })).toEqual({
      outcome: 'saved',
      conversations: 1,
    });
    expect(chosen.offered).toEqual(['hearth-conversations-2026-11-29.md']);
    expect(readFileSync(path, 'utf8')).toMatch(/^# Plans\n/);
    expect(existsSync(`${path}.part`)).toBe(false);
    chosen.store.close();

    const cancelled = files({});
    expect(await cancelled.files.export({ format: 'json' })).toEqual({ outcome: 'cancelled' });
    expect(await cancelled.files.import()).toEqual({ outcome: 'cancelled' });
    cancelled.store.close();
  });
});
