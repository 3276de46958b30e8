import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { uploadBytes, uploaded } from '../support/fileUploads';
import { noiseImage, pngBomb } from '../support/imageFixtures';
import { pdfWithPages } from '../support/pdfFixture';
import {
  FILE_KINDS_IN_WORDS,
  MAX_FILE_BYTES,
  MODEL_IMAGE_SIDE,
} from '../../preload/schemas/fileKinds';
import { MAX_OPEN_UPLOADS } from '../../electron/core/files';

// The user's files through the real contract (the browser host and the page's own bridge): the
// upload in chunks, what the fake Ollama is sent, what history keeps, and the files on disk.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

async function endOf(harness: ChatHarness, turnId: string) {
  return harness.next(
    'chat:status',
    (payload) => payload.turnId === turnId && ['done', 'failed'].includes(String(payload.state)),
  );
}

const keptFiles = (harness: ChatHarness) =>
  readdirSync(join(harness.host.dataDir, 'attachments')).filter((name) =>
    /^[0-9a-f]{64}$/.test(name),
  );

describe('attaching files', () => {
  it('sends a large image to a model that sees, scaled down, as Ollama images on the user message', async () => {
    chat = await startChatHarness({ script: [plainAnswer('A grey blur.')], model: 'gemma3:4b' });
    const photo = await noiseImage(2400, 1600);
    const facts = await uploaded(chat.api, 'holiday.jpg', photo);
    expect(facts).toMatchObject({
      kind: 'image',
      mimeType: 'image/jpeg',
      width: MODEL_IMAGE_SIDE,
      height: Math.round((1600 * MODEL_IMAGE_SIDE) / 2400),
      scaledFrom: { width: 2400, height: 1600 },
      originalBytes: photo.length,
    });

    const sent = await chat.api.chat.send({
      text: 'What is this?',
      files: [{ sha256: facts.sha256, name: 'holiday.jpg' }],
    });
    expect(await endOf(chat, sent.turnId)).toMatchObject({ state: 'done' });
    const [received] = chat.ollama.receivedImages();
    expect(received).toMatchObject({ request: 0, role: 'user' });
    const image = Buffer.from(received?.images[0] ?? '', 'base64');
    expect(await sharp(image).metadata()).toMatchObject({ width: 2048, format: 'jpeg' });
    const user = chat.ollama.chatRequests()[0]?.messages?.at(-1);
    expect(user?.content).toContain(
      '[Attached image “holiday.jpg” (image/jpeg, 2048 × 1365 pixels, scaled down from 2400 × 1600): sent with this message as an image.]',
    );
    expect(user?.content).toMatch(/What is this\?$/);

    // Kept once, by content; the saved message names it, and the host serves it for a thumbnail.
    expect(keptFiles(chat)).toEqual([facts.sha256]);
    const saved = (await chat.api.conversations.get(sent.conversationId))?.messages[0];
    expect(saved?.attachments?.[0]).toMatchObject({
      name: 'holiday.jpg',
      file: { sha256: facts.sha256 },
    });
    const thumbnail = await fetch(
      `${chat.host.origin}/files/${facts.sha256}?token=${chat.host.token}`,
    );
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await thumbnail.arrayBuffer()).equals(image)).toBe(true);
    expect((await fetch(`${chat.host.origin}/files/${facts.sha256}`)).status).toBe(401);
  });

  it('gives a text file and a PDF to the model as text, within the attachment budget', async () => {
    chat = await startChatHarness({ script: [plainAnswer('Two files.')] });
    const code = 'export const answer = 42;\n'.repeat(2_000);
    const script = await uploaded(chat.api, 'answer.ts', Buffer.from(code));
    const pdf = await uploaded(
      chat.api,
      'report.pdf',
      pdfWithPages(['Quarterly figures rose', 'Page two']),
    );
    expect(script).toMatchObject({ kind: 'text', chars: code.length });
    expect(pdf).toMatchObject({ kind: 'pdf', chars: 'Quarterly figures rose\nPage two'.length });

    const sent = await chat.api.chat.send({
      text: 'Summarise',
      files: [
        { sha256: script.sha256, name: 'answer.ts' },
        { sha256: pdf.sha256, name: 'report.pdf' },
      ],
    });
    expect(await endOf(chat, sent.turnId)).toMatchObject({ state: 'done' });
    const user = chat.ollama.chatRequests()[0]?.messages?.at(-1)?.content ?? '';
    expect(user).toContain(
      '[Attached file “answer.ts” (text/plain, 51 KB)]\nexport const answer = 42;',
    );
    // 24,000 characters shared by the two texts: 12,000 each.
    expect(user).toContain(
      `[Cut here: the file has ${code.length.toLocaleString('en-US')} characters and only the first 12,000 are included.]`,
    );
    expect(user).toContain('[Attached file “report.pdf” (the text of a PDF, ');
    expect(user).toContain('Quarterly figures rose\nPage two\n[End of report.pdf]');
    expect(chat.ollama.receivedImages()).toEqual([]);
  });

  it('finds a message by the name of a file it carries', async () => {
    chat = await startChatHarness({ script: [plainAnswer('Noted.')] });
    const notes = await uploaded(chat.api, 'zanzibar-itinerary.md', Buffer.from('# Day one\n'));
    const sent = await chat.api.chat.send({
      files: [{ sha256: notes.sha256, name: 'zanzibar-itinerary.md' }],
    });
    expect(await endOf(chat, sent.turnId)).toMatchObject({ state: 'done' });
    const hits = await chat.api.conversations.search('zanzibar');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ conversationId: sent.conversationId });
    expect(hits[0]?.snippet).toMatch(/zanzibar/i);
  });

  it('deletes a file with the last conversation that uses it', async () => {
    chat = await startChatHarness({ script: [plainAnswer('One.'), plainAnswer('Two.')] });
    const notes = await uploaded(chat.api, 'notes.txt', Buffer.from('shared notes'));
    const ref = [{ sha256: notes.sha256, name: 'notes.txt' }];
    const first = await chat.api.chat.send({ text: 'one', files: ref });
    expect(await endOf(chat, first.turnId)).toMatchObject({ state: 'done' });
    // The same bytes again: the same file, kept once.
    expect((await uploaded(chat.api, 'copy.txt', Buffer.from('shared notes'))).sha256).toBe(
      notes.sha256,
    );
    const second = await chat.api.chat.send({ text: 'two', files: ref });
    expect(await endOf(chat, second.turnId)).toMatchObject({ state: 'done' });

    expect(await chat.api.conversations.delete(first.conversationId)).toBe(true);
    expect(keptFiles(chat)).toEqual([notes.sha256]);
    expect(await chat.api.conversations.delete(second.conversationId)).toBe(true);
    expect(keptFiles(chat)).toEqual([]);
    expect(existsSync(join(chat.host.dataDir, 'attachments', `${notes.sha256}.json`))).toBe(false);
  });

  it('before sending an image to a model that cannot see, says so and names the models that can', async () => {
    chat = await startChatHarness({ script: [], model: 'llama3.2' });
    const facts = await uploaded(chat.api, 'chart.png', await noiseImage(64, 64, 'png'));
    await expect(
      chat.api.chat.send({
        text: 'Read the chart',
        files: [{ sha256: facts.sha256, name: 'chart.png' }],
      }),
    ).rejects.toThrow(
      '“llama3.2” cannot see images, so “chart.png” was not sent. Models here that can: gemma3:4b.',
    );
    expect(await chat.api.conversations.list()).toEqual([]);
    expect(chat.ollama.chatRequests()).toHaveLength(0);
  });
});

describe('files Hearth refuses, each in one sentence, leaving nothing behind', () => {
  it('refuses a 2 GB file by its size before any byte is sent', async () => {
    chat = await startChatHarness({ script: [] });
    const huge = { name: 'disk.img', size: 2 * 1024 ** 3 };
    await expect(chat.api.files.begin({ name: huge.name, bytes: huge.size })).rejects.toThrow(
      `“disk.img” is 2048.0 MB; Hearth takes files up to ${MAX_FILE_BYTES / 1024 / 1024}.0 MB.`,
    );
    expect(readdirSync(join(chat.host.dataDir, 'attachments', 'incoming'))).toEqual([]);
  });

  it('refuses more bytes than the upload announced, and drops what came', async () => {
    chat = await startChatHarness({ script: [] });
    const { uploadId } = await chat.api.files.begin({ name: 'short.txt', bytes: 4 });
    await expect(
      chat.api.files.chunk({
        uploadId,
        offset: 0,
        data: Buffer.from('longer than four').toString('base64'),
      }),
    ).rejects.toThrow('“short.txt” is longer than it said it was, so it was not kept.');
    expect(readdirSync(join(chat.host.dataDir, 'attachments', 'incoming'))).toEqual([]);
  });

  it.each([
    [
      'a ZIP named as a PDF',
      'report.pdf',
      Buffer.from('PK\u0003\u0004rest of an archive'),
      '“report.pdf” is named as a PDF but is a ZIP archive, so Hearth did not attach it.',
    ],
    [
      'a PNG named as text',
      'notes.txt',
      Buffer.from('89504e470d0a1a0a0000', 'hex'),
      '“notes.txt” is named as a text file but is an image, so Hearth did not attach it.',
    ],
    [
      'a program',
      'tool',
      Buffer.concat([Buffer.from('\u007fELF'), Buffer.alloc(64)]),
      `“tool” is a program; Hearth takes ${FILE_KINDS_IN_WORDS}.`,
    ],
  ])('refuses %s', async (_case, name, bytes, sentence) => {
    chat = await startChatHarness({ script: [] });
    expect(await uploadBytes(chat.api, name, bytes)).toEqual({ ok: false, sentence });
    expect(keptFiles(chat)).toEqual([]);
    expect(readdirSync(join(chat.host.dataDir, 'attachments', 'incoming'))).toEqual([]);
  });

  it('refuses a truncated PDF', async () => {
    chat = await startChatHarness({ script: [] });
    const pdf = pdfWithPages(['Some text']);
    expect(await uploadBytes(chat.api, 'cut.pdf', pdf.subarray(0, pdf.length / 2))).toEqual({
      ok: false,
      sentence: '“cut.pdf” could not be read as a PDF: it may be damaged or cut short.',
    });
    expect(keptFiles(chat)).toEqual([]);
  });

  it('refuses a PNG bomb from its header, without decoding it', async () => {
    chat = await startChatHarness({ script: [] });
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(10_000);
    const before = process.memoryUsage().rss;
    expect(await uploadBytes(chat.api, 'bomb.png', bomb)).toEqual({
      ok: false,
      sentence: '“bomb.png” is 100,000 × 100,000 pixels; Hearth takes images up to 100 megapixels.',
    });
    // Decoding it would need 10 GB; reading its header needs next to nothing.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect(keptFiles(chat)).toEqual([]);
  });

  it('takes a hundred files at once a few at a time: each is kept or refused in a sentence', async () => {
    chat = await startChatHarness({ script: [] });
    const api = chat.api;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        uploadBytes(api, `note-${index}.txt`, Buffer.from(`note ${index}`)),
      ),
    );
    const refused = results.filter((result) => !result.ok);
    const kept = results.filter((result) => result.ok);
    expect(kept.length).toBeGreaterThanOrEqual(MAX_OPEN_UPLOADS);
    expect(kept.length + refused.length).toBe(100);
    for (const result of refused)
      expect(result).toMatchObject({
        sentence: expect.stringMatching(
          new RegExp(
            `^Hearth is already receiving ${MAX_OPEN_UPLOADS} files; “note-\\d+\\.txt” can follow when they are in\\.$`,
          ),
        ),
      });
    expect(keptFiles(chat)).toHaveLength(kept.length);
    expect(readdirSync(join(chat.host.dataDir, 'attachments', 'incoming'))).toEqual([]);
    // Still answering.
    expect(await api.conversations.list()).toEqual([]);
  });

  it('says a file is no longer kept when a message names one that is not there', async () => {
    chat = await startChatHarness({ script: [] });
    await expect(
      chat.api.chat.send({ text: 'x', files: [{ sha256: 'a'.repeat(64), name: 'gone.txt' }] }),
    ).rejects.toThrow('“gone.txt” is no longer kept by Hearth. Attach it again.');
  });
});
