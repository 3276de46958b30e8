import { describe, expect, it } from 'vitest';
import {
  attachmentContext,
  userMessageForModel,
} from '../../../../electron/core/chat/context/attachments';
import { mergeByRole } from '../../../../electron/core/chat/service/openingMessages';
import { formatSize, type Attachment } from '../../../../preload/schemas/content';

const notes: Attachment = {
  server: 'files',
  uri: 'file:///users/someone/notes.md',
  name: 'notes.md',
  contents: [
    {
      uri: 'file:///users/someone/notes.md',
      mimeType: 'text/markdown',
      text: '# Notes',
      size: 7,
    },
  ],
};
const picture: Attachment = {
  server: 'camera',
  uri: 'camera://last',
  name: 'last.png',
  contents: [{ uri: 'camera://last', mimeType: 'image/png', blob: 'iVBORw0KGgo=', size: 8 }],
};
const archive: Attachment = {
  server: 'files',
  uri: 'file:///users/someone/a.zip',
  name: 'a.zip',
  contents: [{ uri: 'file:///users/someone/a.zip', mimeType: 'application/zip', size: 4_096 }],
};

describe('attachments as the model gets them', () => {
  it('puts text inline under a header naming the server and the URI', () => {
    const { text, images } = attachmentContext([notes], { vision: false });
    expect(text).toBe(
      '[Attached resource “notes.md” from the server “files” (file:///users/someone/notes.md, text/markdown)]\n# Notes\n[End of notes.md]',
    );
    expect(images).toEqual([]);
  });

  it('cuts long text at the limit and says so', () => {
    const long: Attachment = {
      ...notes,
      contents: [{ uri: notes.uri, text: 'x'.repeat(50), size: 50 }],
    };
    const { text } = attachmentContext([long], { vision: false, maxChars: 20 });
    expect(text).toContain(`\n${'x'.repeat(20)}\n[Cut here: the resource has 50 characters`);
    expect(text).toContain('only the first 20 are included');
    expect(text).not.toContain('x'.repeat(21));
  });

  it('shares the limit evenly among the text resources of one message', () => {
    const two = ['a', 'b'].map((letter): Attachment => ({
      ...notes,
      name: letter,
      contents: [{ uri: notes.uri, text: letter.repeat(30), size: 30 }],
    }));
    const { text } = attachmentContext([...two, archive], { vision: false, maxChars: 20 });
    expect(text).toContain(`\n${'a'.repeat(10)}\n[Cut here`);
    expect(text).toContain(`\n${'b'.repeat(10)}\n[Cut here`);
    expect(text).not.toContain('a'.repeat(11));
  });

  it('sends an image as an image to a model that sees, and describes it to one that does not', () => {
    const seeing = attachmentContext([picture], { vision: true });
    expect(seeing.images).toEqual(['iVBORw0KGgo=']);
    expect(seeing.text).toMatch(/sent with this message as an image/);
    const blind = attachmentContext([picture], { vision: false });
    expect(blind.images).toEqual([]);
    expect(blind.text).toMatch(/“last.png” .*not included, because this model cannot see images/);
  });

  it('describes other binaries by type and size', () => {
    expect(attachmentContext([archive], { vision: true }).text).toBe(
      '[Attached binary resource “a.zip” from the server “files” (file:///users/someone/a.zip, application/zip), 4 KB: its bytes are not included.]',
    );
  });

  it('puts the attachments before the user’s own words', () => {
    const message = userMessageForModel(
      {
        id: 1,
        role: 'user',
        content: 'Summarise these.',
        attachments: [notes, picture],
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      true,
    );
    expect(message.content).toMatch(/^\[Attached resource “notes.md”[\s\S]*\n\nSummarise these\.$/);
    expect(message.images).toEqual(['iVBORw0KGgo=']);
  });

  it('formats sizes in words a person reads', () => {
    expect([formatSize(512), formatSize(12_800), formatSize(3_565_158)]).toEqual([
      '512 bytes',
      '13 KB',
      '3.4 MB',
    ]);
  });
});

describe('a prompt’s messages', () => {
  it('joins consecutive messages of one role, keeping the order of texts and attachments', () => {
    expect(
      mergeByRole([
        { role: 'user', text: 'Look at this:', attachments: [] },
        { role: 'user', text: '', attachments: [notes] },
        { role: 'assistant', text: 'Seen.', attachments: [] },
        { role: 'user', text: 'Now this.', attachments: [archive] },
      ]),
    ).toEqual([
      { role: 'user', text: 'Look at this:', attachments: [notes] },
      { role: 'assistant', text: 'Seen.', attachments: [] },
      { role: 'user', text: 'Now this.', attachments: [archive] },
    ]);
  });
});
