import { readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import {
  openConversationStore,
  type ConversationStore,
} from '../../electron/core/history/conversationStore';
import { DATABASE_FILE_NAME } from '../../electron/core/history/openDatabase';
import {
  createConversationTransfer,
  summarySentence,
} from '../../electron/core/history/transfer/conversationTransfer';
import {
  MAX_IMPORT_CONVERSATIONS,
  MAX_IMPORTED_MESSAGE_CHARS,
  NOT_AN_EXPORT,
} from '../../electron/core/history/transfer/readImportFile';
import { EXPORT_PAGE, EXPORT_PAGE_CHARS } from '../../electron/core/history/transfer/exportReader';
import type { NewMessage } from '../../electron/core/history/types';
import { editedConversation, emptyConversation } from '../fixtures/chatgptExport';
import { tempDir } from '../support/testHost';
import sharp from 'sharp';
import { createFileStore } from '../../electron/core/files';

// Export and import on real files and a real database: what goes out comes back whole, an
// import is all or nothing, and bad files get one sentence with nothing written.
const opened: ConversationStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

function open(dataDir = tempDir('transfer')) {
  const store = openConversationStore({ dataDir, onProblem: () => undefined });
  opened.push(store);
  return { store, transfer: createConversationTransfer(store), dataDir };
}

const call: NewMessage = {
  role: 'assistant',
  content: '',
  model: 'qwen3:8b',
  thinking: 'I should read it.',
  toolCalls: [
    {
      id: 'call-1',
      server: 'files',
      tool: 'read_file',
      modelName: 'files_read_file',
      arguments: { path: '~/notes/plan.md' },
      outcome: 'done',
    },
  ],
};
const attachment = {
  server: 'files',
  uri: 'file:///notes/plan.md',
  name: 'plan.md',
  contents: [{ uri: 'file:///notes/plan.md', mimeType: 'text/markdown', text: '# Plan', size: 6 }],
};

/** A conversation with a tool call, an attachment and a regenerated reply (two versions). */
function conversationWithVersions(store: ConversationStore) {
  const { id } = store.create({
    options: { model: 'qwen3:8b', instructions: 'Be brief.', temperature: 0.3 },
  });
  store.append(id, [
    { role: 'user', content: 'Summarise my ```plan```', attachments: [attachment] },
    call,
    {
      role: 'tool',
      content: 'step one, step two',
      toolCallId: 'call-1',
      toolName: 'files_read_file',
    },
    { role: 'assistant', content: 'Two steps.', model: 'qwen3:8b' },
  ]);
  const first = store.get(id)?.messages[1]?.id ?? -1;
  store.rewind(id, first);
  store.append(id, [{ role: 'assistant', content: 'Your plan has two steps.', model: 'llama3.2' }]);
  return id;
}

/** A conversation's whole tree, as content by parent order, for comparing two histories. */
function shape(store: ConversationStore, id: string) {
  const shown = store.get(id);
  return {
    title: shown?.title,
    options: shown?.options,
    // Ids are each history's own.
    messages: shown?.messages.map((message) => ({
      ...message,
      id: undefined,
      versions: message.versions?.length,
    })),
  };
}

describe('export and import', () => {
  it('brings a conversation back whole from its JSON: every version, calls, attachments', async () => {
    const from = open();
    const id = conversationWithVersions(from.store);
    const file = join(tempDir('export'), 'out.json');
    expect(await from.transfer.exportTo(file, { format: 'json' })).toBe(1);
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(written).toMatchObject({ format: 'hearth.conversations', version: 1 });
    expect(written.conversations[0].messages).toHaveLength(5);

    const into = open();
    const summary = await into.transfer.importFrom(file);
    expect(summary).toEqual({ imported: 1, alreadyThere: 0, skipped: [] });
    const [imported] = into.store.list();
    expect(shape(into.store, imported?.id ?? '')).toEqual(shape(from.store, id));
    // The other version came too, one switch away.
    const reply = into.store.get(imported?.id ?? '')?.messages[1];
    into.store.showVersion(imported?.id ?? '', reply?.versions?.[0] ?? -1);
    expect(into.store.get(imported?.id ?? '')?.messages.map((message) => message.content)).toEqual([
      'Summarise my ```plan```',
      '',
      'step one, step two',
      'Two steps.',
    ]);

    // Again into the same history, and back into the one it came from: recognised, not added.
    expect(await into.transfer.importFrom(file)).toEqual({
      imported: 0,
      alreadyThere: 1,
      skipped: [],
    });
    expect(await from.transfer.importFrom(file)).toEqual({
      imported: 0,
      alreadyThere: 1,
      skipped: [],
    });
    expect(into.store.list()).toHaveLength(1);
    expect(from.store.list()).toHaveLength(1);
  });

  it('reads long results a few at a time and writes every one, in order', async () => {
    const from = open();
    const { id } = from.store.create({ options: { model: 'qwen3:8b' } });
    // Seven results of 900,000 characters: pages end once they pass EXPORT_PAGE_CHARS.
    const results = Array.from({ length: 7 }, (_, index): NewMessage => ({
      role: 'tool',
      toolCallId: `call-${index}`,
      toolName: 'files_read_file',
      content: `${index}`.repeat(900_000),
    }));
    from.store.append(id, [{ role: 'user', content: 'Read them all' }, ...results]);
    const reader = from.store.exportReader();
    const first = reader.messagesAfter(id, 0, EXPORT_PAGE);
    expect(first.length).toBeLessThan(8);
    expect(first.reduce((chars, { message }) => chars + message.content.length, 0)).toBeLessThan(
      EXPORT_PAGE_CHARS + 900_000,
    );
    const file = join(tempDir('export-long'), 'out.json');
    await from.transfer.exportTo(file, { format: 'json' });
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(
      written.conversations[0].messages.map((message: { content: string }) => message.content),
    ).toEqual(['Read them all', ...results.map((result) => result.content)]);
  });

  it('carries the user’s attached image in a JSON export and keeps it again on import', async () => {
    const fromDir = tempDir('transfer-files-from');
    const fromStore = openConversationStore({ dataDir: fromDir, onProblem: () => undefined });
    opened.push(fromStore);
    const fromFiles = createFileStore(fromDir);
    const from = createConversationTransfer(fromStore, fromFiles);
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 80, b: 20 } },
    })
      .png()
      .toBuffer();
    const { uploadId } = await fromFiles.begin('sketch.png', png.length);
    await fromFiles.chunk(uploadId, 0, png.toString('base64'));
    const facts = await fromFiles.finish(uploadId);
    const { id } = fromStore.create({ options: { model: 'llava' } });
    const image = {
      server: '',
      file: facts,
      uri: `file:${facts.sha256}`,
      name: 'sketch.png',
      contents: [],
    };
    fromStore.append(id, [
      { role: 'user', content: 'What is this?', attachments: [image] },
      { role: 'assistant', content: 'An orange square.', model: 'llava' },
    ]);
    const file = join(tempDir('export-files'), 'out.json');
    await from.exportTo(file, { format: 'json' });
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(written.files).toEqual([
      { sha256: facts.sha256, name: 'sketch.png', data: png.toString('base64') },
    ]);

    const intoDir = tempDir('transfer-files-into');
    const intoStore = openConversationStore({ dataDir: intoDir, onProblem: () => undefined });
    opened.push(intoStore);
    const intoFiles = createFileStore(intoDir);
    const into = createConversationTransfer(intoStore, intoFiles);
    expect(await into.importFrom(file)).toEqual({ imported: 1, alreadyThere: 0, skipped: [] });
    // Kept again, byte for byte, under the name its message gives it, with its facts.
    expect(readFileSync(intoFiles.pathOf(facts.sha256) ?? '')).toEqual(png);
    expect(await intoFiles.facts(facts.sha256, 'sketch.png')).toMatchObject({
      kind: 'image',
      width: 40,
      height: 30,
    });
    const [conversation] = intoStore.list();
    expect(intoStore.filesOf(conversation?.id ?? '')).toEqual([facts.sha256]);

    // Bytes that are not the file the messages name: left out and said, the conversation kept.
    written.files[0].data = Buffer.from('not the picture').toString('base64');
    const tampered = join(tempDir('export-files-tampered'), 'out.json');
    writeFileSync(tampered, JSON.stringify(written));
    const thirdDir = tempDir('transfer-files-third');
    const thirdStore = openConversationStore({ dataDir: thirdDir, onProblem: () => undefined });
    opened.push(thirdStore);
    const third = createConversationTransfer(thirdStore, createFileStore(thirdDir));
    expect(await third.importFrom(tampered)).toEqual({
      imported: 1,
      alreadyThere: 0,
      skipped: [
        {
          count: 1,
          reason: 'attached files that were damaged or of a kind Hearth does not take',
        },
      ],
    });
  });

  it('writes Markdown of the branch on screen with calls and results folded', async () => {
    const { store, transfer } = open();
    const id = conversationWithVersions(store);
    store.rename(id, 'My plan');
    const file = join(tempDir('export'), 'out.md');
    await transfer.exportTo(file, { format: 'markdown', ids: [id] });
    const markdown = readFileSync(file, 'utf8');
    expect(markdown).toMatch(/^# My plan\n/);
    expect(markdown).toContain('## You\n\nSummarise my ```plan```');
    expect(markdown).toContain('_Attached: plan.md_');
    expect(markdown).toContain('Your plan has two steps.');
    // The version off screen is in the JSON export, not here.
    expect(markdown).not.toContain('Two steps.');
    expect(markdown).not.toContain('<summary>Tool call');
  });

  it('folds tool calls and their results in <details>', async () => {
    const { store, transfer } = open();
    const id = conversationWithVersions(store);
    store.showVersion(id, store.get(id)?.messages[1]?.versions?.[0] ?? -1);
    const file = join(tempDir('export'), 'calls.md');
    await transfer.exportTo(file, { format: 'markdown' });
    const markdown = readFileSync(file, 'utf8');
    expect(markdown).toContain(
      '<details>\n<summary>Tool call: files › read_file (done)</summary>\n\n```json\n{\n  "path": "~/notes/plan.md"\n}\n```\n\n</details>',
    );
    expect(markdown).toContain(
      '<details>\n<summary>Result of files_read_file</summary>\n\n```\nstep one, step two\n```\n\n</details>',
    );
    expect(markdown).toContain('<summary>Thinking</summary>');
  });

  it('imports a ChatGPT export as its tree, with the branch ChatGPT showed, and says what it left out', async () => {
    const { store, transfer } = open();
    const file = join(tempDir('chatgpt'), 'conversations.json');
    writeFileSync(file, JSON.stringify([editedConversation()]));
    const summary = await transfer.importFrom(file);
    expect(summary.imported).toBe(1);
    expect(summary.skipped).toEqual([
      { count: 1, reason: 'pictures and files, which conversations.json does not hold' },
      { count: 1, reason: 'output of ChatGPT’s own tools (browsing, code, pictures)' },
    ]);
    const [listed] = store.list();
    expect(listed?.title).toBe('Mountain heights');
    const shown = store.get(listed?.id ?? '');
    expect(
      shown?.messages.map((message) => [message.role, message.content, message.model]),
    ).toEqual([
      ['user', 'How tall is the Matterhorn?', undefined],
      ['assistant', '4,478 metres.', 'gpt-4o'],
    ]);
    expect(shown?.messages[0]?.versions).toHaveLength(2);
    expect(shown?.messages[0]?.createdAt).toBe(new Date(1_700_000_003_000).toISOString());
    // The edited-away question is a version, and searchable.
    const [hit] = store.search('Mont Blanc');
    expect(hit?.conversationId).toBe(listed?.id);
    // The same export again: recognised by ChatGPT's id.
    expect(await transfer.importFrom(file)).toMatchObject({ imported: 0, alreadyThere: 1 });
  });

  it('writes nothing when any part of the import fails to save', async () => {
    const { store, transfer, dataDir } = open();
    // The file refuses one message, as a full disk or a damaged page would midway.
    const database = new DatabaseSync(join(dataDir, DATABASE_FILE_NAME));
    database.exec(`CREATE TRIGGER refuse AFTER INSERT ON messages WHEN new.content = 'poison'
      BEGIN SELECT RAISE(ABORT, 'refused'); END;`);
    database.close();
    const poisoned = editedConversation('a1b2c3d4-0000-4000-8000-000000000002');
    (poisoned.mapping.a1b?.message as { content: { parts: string[] } }).content.parts = ['poison'];
    const file = join(tempDir('chatgpt'), 'conversations.json');
    writeFileSync(file, JSON.stringify([editedConversation(), poisoned]));
    await expect(transfer.importFrom(file)).rejects.toThrow();
    expect(store.list()).toEqual([]);
    expect(store.search('Matterhorn')).toEqual([]);
  });
});

describe('a file that cannot be imported', () => {
  async function refusal(content: string | Buffer) {
    const { store, transfer } = open();
    const file = join(tempDir('bad'), 'conversations.json');
    writeFileSync(file, content);
    const error = await transfer.importFrom(file).then(
      () => undefined,
      (caught: Error) => caught.message,
    );
    expect(store.list()).toEqual([]);
    return error;
  }

  it('is not JSON, or JSON that is not an export: one sentence each, nothing written', async () => {
    expect(await refusal('%PDF-1.7 not json')).toBe(NOT_AN_EXPORT);
    expect(await refusal('{"name": "package", "version": "1.0.0"}')).toBe(NOT_AN_EXPORT);
    expect(await refusal('[1, 2, 3]')).toBe(NOT_AN_EXPORT);
    expect(
      await refusal('{"format": "hearth.conversations", "version": 99, "conversations": [{}]}'),
    ).toBe('This export was written by a newer version of Hearth; update Hearth to import it.');
    expect(await refusal('[{"mapping": {}} oops')).toMatch(/^This file is not valid JSON/);
  });

  it('is cut off: one sentence, nothing written', async () => {
    const file = join(tempDir('cut'), 'whole.json');
    writeFileSync(file, JSON.stringify([editedConversation(), editedConversation('other-id')]));
    truncateSync(file, Math.floor(statSync(file).size * 0.7));
    expect(await refusal(readFileSync(file))).toBe(
      'This file ends before its conversations do: it was probably cut off while it was saved or copied. Nothing was imported.',
    );
  });

  it('holds a million conversations: refused in one sentence, nothing written', async () => {
    const million = `[${Array.from({ length: 1_000_000 }, () => '{"mapping":{}}').join(',')}]`;
    expect(await refusal(million)).toBe(
      `This file holds more than ${MAX_IMPORT_CONVERSATIONS.toLocaleString('en')} conversations, more than Hearth imports at once; nothing was imported.`,
    );
  });

  it('holds a message longer than Hearth keeps: that conversation is left out and said so', async () => {
    const { store, transfer } = open();
    const huge = editedConversation('a1b2c3d4-0000-4000-8000-000000000003');
    (huge.mapping.a1b?.message as { content: { parts: string[] } }).content.parts = [
      'x'.repeat(MAX_IMPORTED_MESSAGE_CHARS + 1),
    ];
    const file = join(tempDir('huge'), 'conversations.json');
    writeFileSync(file, JSON.stringify([huge, editedConversation()]));
    const summary = await transfer.importFrom(file);
    expect(summary.imported).toBe(1);
    expect(summary.skipped).toContainEqual({
      count: 1,
      reason: 'conversations with a message longer than 10 million characters',
      titles: ['Mountain heights'],
    });
    expect(store.list()).toHaveLength(1);
  });

  it('names the conversations it left out, the first five of each reason', async () => {
    const { transfer } = open();
    const empties = Array.from({ length: 7 }, (_, index) =>
      emptyConversation(`Draft ${index + 1}`, `a1b2c3d4-0000-4000-8000-00000000010${index}`),
    );
    const file = join(tempDir('empties'), 'conversations.json');
    writeFileSync(file, JSON.stringify([...empties, editedConversation()]));
    const summary = await transfer.importFrom(file);
    expect(summary.imported).toBe(1);
    expect(summary.skipped).toContainEqual({
      count: 7,
      reason: 'conversations with no messages to keep',
      titles: ['Draft 1', 'Draft 2', 'Draft 3', 'Draft 4', 'Draft 5'],
    });
    expect(summarySentence(summary)).toContain(
      'left out 7 conversations with no messages to keep (“Draft 1”, “Draft 2”, “Draft 3”, “Draft 4”, “Draft 5”, …)',
    );
  });

  it('arrives while another import runs: one sentence, and the first finishes alone', async () => {
    const { store, transfer } = open();
    const file = join(tempDir('twice'), 'conversations.json');
    writeFileSync(file, JSON.stringify([editedConversation()]));
    const first = transfer.importFrom(file);
    await expect(transfer.importFrom(file)).rejects.toThrow(
      'Another import is still running; wait for it to finish, then import this file.',
    );
    expect(await first).toMatchObject({ imported: 1 });
    expect(store.list()).toHaveLength(1);
  });
});
