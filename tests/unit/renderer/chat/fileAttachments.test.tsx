import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Handlers } from '../../../../electron/core/bridge/router';
import { UserFacingError } from '../../../../electron/core/bridge/errors';
import {
  FILE_LIMITS_IN_WORDS,
  MAX_FILE_BYTES,
  MAX_FILES_PER_MESSAGE,
  tooLargeSentence,
  visionRefusalSentence,
} from '../../../../preload/schemas/fileKinds';
import type { FileFacts } from '../../../../preload/schemas/files';
import { formatSize } from '../../../../preload/schemas/resourceFacts';
import { message, openConversation, withLayout } from './chatFixtures';

withLayout();

const SHA = (digit: string) => digit.repeat(64);

/** Main's side of an upload: each file kept under its own id, with the facts `factsOf` gives. */
function uploads(factsOf: (name: string, index: number) => FileFacts | Error) {
  const names = new Map<string, string>();
  let count = 0;
  const handlers: Partial<Handlers> = {
    'files:begin': ({ name }) => {
      const uploadId = crypto.randomUUID();
      names.set(uploadId, name);
      return { uploadId };
    },
    'files:chunk': ({ offset, data }) => ({ receivedBytes: offset + atob(data).length }),
    'files:finish': (uploadId) => {
      const facts = factsOf(names.get(uploadId) ?? '', count++);
      if (facts instanceof Error) throw facts;
      return facts;
    },
    'files:cancel': () => true,
  };
  return handlers;
}

function facts(kind: FileFacts['kind'], sha256: string, bytes: number): FileFacts {
  return {
    sha256,
    kind,
    mimeType: kind === 'image' ? 'image/png' : kind === 'pdf' ? 'application/pdf' : 'text/plain',
    bytes,
    originalBytes: bytes,
    ...(kind === 'image' ? { width: 4, height: 4 } : { chars: bytes }),
  };
}

const input = () => screen.getByTestId<HTMLInputElement>('attach-files-input');
const chips = () => screen.queryByRole('list', { name: 'Attached files' });

describe('attaching files in the composer', () => {
  it('shows each file as a chip with its name, size and kind, says the limits, and sends them', async () => {
    const user = userEvent.setup();
    const { harness } = await openConversation([message('user', 'Hi')], {
      ...uploads(() => facts('text', SHA('a'), 11)),
    });
    await user.upload(input(), new File(['hello notes'], 'notes.txt', { type: 'text/plain' }));
    const list = await screen.findByRole('list', { name: 'Attached files' });
    await within(list).findByText(`${formatSize(11)} · text`);
    expect(within(list).getByText('notes.txt')).toBeTruthy();
    expect(screen.getByText(FILE_LIMITS_IN_WORDS, { selector: 'p' })).toBeTruthy();
    // The paperclip says the limits too, to a screen reader, before anything is attached.
    const limits = screen
      .getByRole('button', { name: 'Attach files' })
      .getAttribute('aria-describedby');
    expect(document.getElementById(limits ?? '')?.textContent).toBe(FILE_LIMITS_IN_WORDS);

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Read this{Enter}');
    await vi.waitFor(() =>
      expect(harness.calls.find((call) => call.channel === 'chat:send')?.args[0]).toMatchObject({
        text: 'Read this',
        files: [{ sha256: SHA('a'), name: 'notes.txt' }],
      }),
    );
    await vi.waitFor(() => expect(chips()).toBeNull());
  });

  it('refuses a file over the limit on its chip before any byte is sent, and main’s refusal on its own', async () => {
    const user = userEvent.setup();
    const refusal = '“photo.png” is not a PNG image: its bytes are those of a text file.';
    const { harness } = await openConversation(
      [],
      uploads(() => new UserFacingError(refusal)),
    );
    const big = new File(['x'], 'huge.mov');
    Object.defineProperty(big, 'size', { value: MAX_FILE_BYTES + 1 });
    await user.upload(input(), [big, new File(['not a png'], 'photo.png')]);

    const list = await screen.findByRole('list', { name: 'Attached files' });
    expect(
      await within(list).findByText(tooLargeSentence('huge.mov', MAX_FILE_BYTES + 1)),
    ).toBeTruthy();
    expect(await within(list).findByText(refusal)).toBeTruthy();
    const begun = harness.calls.filter((call) => call.channel === 'files:begin');
    expect(begun.map((call) => (call.args[0] as { name: string }).name)).toEqual(['photo.png']);
    // Refused files are never sent: with only them, there is nothing to send.
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);

    // Removed by keyboard alone.
    screen.getByRole('button', { name: 'Remove huge.mov' }).focus();
    await user.keyboard('{Enter}');
    expect(within(list).queryByText('huge.mov')).toBeNull();
    expect(within(list).getByText('photo.png')).toBeTruthy();

    // A message sent without it takes the refused chip with it: its sentence spoke of that one.
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Never mind{Enter}');
    await vi.waitFor(() =>
      expect(harness.calls.find((call) => call.channel === 'chat:send')?.args[0]).toMatchObject({
        text: 'Never mind',
      }),
    );
    expect(
      (harness.calls.find((call) => call.channel === 'chat:send')?.args[0] as { files?: unknown })
        .files,
    ).toBeUndefined();
    await vi.waitFor(() => expect(chips()).toBeNull());
  });

  it('takes up to the per-message count and says in one sentence what it left out', async () => {
    const user = userEvent.setup();
    await openConversation(
      [],
      uploads((name, index) => facts('text', index.toString(16).padStart(64, '0'), 1)),
    );
    const many = Array.from(
      { length: MAX_FILES_PER_MESSAGE + 3 },
      (_, i) => new File(['x'], `f${i}.txt`),
    );
    await user.upload(input(), many);
    const list = await screen.findByRole('list', { name: 'Attached files' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(MAX_FILES_PER_MESSAGE);
    expect(
      screen.getByText(
        `One message takes up to ${MAX_FILES_PER_MESSAGE} files, so 3 of these were not attached; send them in another message.`,
      ),
    ).toBeTruthy();
  });

  it('cancels an upload when its chip is removed while it is on its way', async () => {
    const user = userEvent.setup();
    let finish: (facts: FileFacts) => void = () => undefined;
    const { harness } = await openConversation([], {
      ...uploads(() => facts('text', SHA('b'), 1)),
      'files:finish': () => new Promise<FileFacts>((resolve) => (finish = resolve)),
    });
    await user.upload(input(), new File(['slow'], 'slow.txt'));
    await vi.waitFor(() =>
      expect(harness.calls.some((call) => call.channel === 'files:finish')).toBe(true),
    );
    expect(screen.getByText(new RegExp(`${formatSize(4)} · (\\d+%|waiting)`))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove slow.txt' }));
    finish(facts('text', SHA('b'), 4));
    expect(chips()).toBeNull();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('an image for a model that cannot see', () => {
  it('is stopped before sending, naming the models that can, and switching keeps the draft', async () => {
    const user = userEvent.setup();
    const { harness } = await openConversation([message('user', 'Hi')], {
      ...uploads(() => facts('image', SHA('c'), 120)),
      'conversations:setOptions': (_id, patch) => ({ model: patch.model ?? undefined }),
    });
    await user.upload(input(), new File([new Uint8Array(120)], 'cat.png', { type: 'image/png' }));
    const list = await screen.findByRole('list', { name: 'Attached files' });
    await within(list).findByText(`${formatSize(120)} · image`);
    const field = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    await user.type(field, 'What is this?{Enter}');

    const alert = await screen.findByText(visionRefusalSentence('llama3.2', 'cat.png', ['qwen3']));
    expect(alert).toBeTruthy();
    expect(harness.calls.some((call) => call.channel === 'chat:send')).toBe(false);
    await vi.waitFor(() => expect(field.value).toBe('What is this?'));
    expect(within(list).getByText('cat.png')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Use qwen3' }));
    expect(screen.queryByText(/cannot see images/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() =>
      expect(harness.calls.find((call) => call.channel === 'chat:send')?.args[0]).toMatchObject({
        text: 'What is this?',
        model: 'qwen3',
        files: [{ sha256: SHA('c'), name: 'cat.png' }],
      }),
    );
  });
});

describe('files on a sent message', () => {
  it('shows an image as a thumbnail that opens full size, and another file as a card', async () => {
    const user = userEvent.setup();
    const image = facts('image', SHA('d'), 300);
    const pdf = { ...facts('pdf', SHA('e'), 2_048), originalBytes: 2_048 };
    await openConversation([
      message('user', 'Look', {
        attachments: [
          { server: '', uri: '', name: 'cat.png', file: image, contents: [] },
          {
            server: '',
            uri: '',
            name: 'report.pdf',
            file: pdf,
            contents: [{ uri: '', mimeType: 'text/plain', text: 'Quarterly', size: 9 }],
          },
        ],
      }),
    ]);
    const files = await screen.findByRole('list', { name: 'Attached files' });
    const thumbnail = within(files).getByRole('img', { name: 'cat.png' });
    expect(thumbnail.getAttribute('src')).toBe(`/files/${SHA('d')}`);
    expect(within(files).getByText(`PDF · ${formatSize(2_048)}`)).toBeTruthy();
    expect(within(files).getByText('report.pdf')).toBeTruthy();

    within(files).getByRole('button', { name: 'cat.png' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'cat.png' });
    expect(within(dialog).getByRole('img', { name: 'cat.png' }).getAttribute('src')).toBe(
      `/files/${SHA('d')}`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
