import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import {
  MAX_FILE_BYTES,
  tooLargeSentence,
  visionRefusalSentence,
} from '../../preload/schemas/fileKinds';
import { openBrowserSession, SIZES, type BrowserSession } from '../support/browserSession';
import { everyLook, POPUP_SIZE } from '../support/everyLook';
import { clippedFocusRing } from '../support/focusRingChecks';
import { noiseImage } from '../support/imageFixtures';
import { pdfWithPages } from '../support/pdfFixture';
import { tempDir } from '../support/testHost';

// The user's own files in the chat as a person meets them, in Chromium against the built browser
// host and the real core: the paperclip (by keyboard), a paste and a drop; chips with progress,
// sizes and refusals; the refusal for a model that cannot see, with the models that can; the
// thumbnail and the file cards once sent; the same in the 380x560 popup. Every look at 1280x800
// and 900x600, light and dark, axe-checked.
/** Well over the per-file limit, so its size and the limit read differently. */
const HUGE_BYTES = MAX_FILE_BYTES + 8 * 1024 * 1024;

let session: BrowserSession;
let page: Page;
let files: {
  png: string;
  text: string;
  pdf: string;
  fakePng: string;
  huge: string;
  pngBytes: Buffer;
};

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'attachment-screens',
    script: () => plainAnswer('I read what you attached.'),
    viewport: SIZES[0],
    prepare: (api, ollama) =>
      api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } }),
  });
  page = session.page;
  interceptFileChooser(page);
  const folder = tempDir('attachment-files');
  const pngBytes = await noiseImage(96, 64, 'png');
  files = {
    png: join(folder, 'chart.png'),
    text: join(folder, 'notes.txt'),
    pdf: join(folder, 'report.pdf'),
    fakePng: join(folder, 'holiday.png'),
    huge: join(folder, 'film.mov'),
    pngBytes,
  };
  writeFileSync(files.png, pngBytes);
  writeFileSync(files.text, 'Buy capybara food on Tuesday.\n');
  writeFileSync(files.pdf, pdfWithPages(['Quarterly figures: up nine percent']));
  // Says PNG, holds text: main reads the bytes and refuses it.
  writeFileSync(files.fakePng, 'this is not an image at all\n');
  // Over the per-file limit without taking the disk: a sparse file.
  writeFileSync(files.huge, '');
  truncateSync(files.huge, HUGE_BYTES);
}, 120_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await session.shot(`attach-failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
});

afterAll(() => session?.close());

/**
 * Playwright intercepts a page's file chooser once something listens for it. With the listener
 * added just before the key press, the popup's chooser was missed now and then; one listener from
 * the page's start keeps the interception on throughout.
 */
function interceptFileChooser(on: Page): void {
  on.on('filechooser', () => undefined);
}

/** The paperclip reached and pressed by keyboard alone; the chooser answered with `paths`. */
async function attachByKeyboard(on: Page, paths: string[]): Promise<void> {
  await on.getByRole('textbox', { name: 'Message' }).focus();
  await on.keyboard.press('Shift+Tab');
  expect(await on.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toBe(
    'Attach files',
  );
  const chooser = on.waitForEvent('filechooser');
  await on.keyboard.press('Enter');
  await (await chooser).setFiles(paths);
}

/** A paste of an image into the message field, as the clipboard hands one over. */
async function pasteImage(on: Page, name: string, bytes: Buffer): Promise<void> {
  await on.getByRole('textbox', { name: 'Message' }).evaluate(
    (field, { name, base64 }) => {
      const data = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: 'image/png' }));
      field.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    },
    { name, base64: bytes.toString('base64') },
  );
}

/** A file dragged over the chat (the drop target shows) and dropped on it. */
async function dropFile(
  on: Page,
  name: string,
  text: string,
  whileOver?: () => Promise<void>,
): Promise<void> {
  const transfer = await on.evaluateHandle(
    ({ name, text }) => {
      const data = new DataTransfer();
      data.items.add(new File([text], name, { type: 'text/plain' }));
      return data;
    },
    { name, text },
  );
  const area = on.locator('.message-scroll, .chat-empty').first();
  await area.dispatchEvent('dragenter', { dataTransfer: transfer });
  await area.dispatchEvent('dragover', { dataTransfer: transfer });
  await on.getByText('Drop files to attach them').waitFor();
  await whileOver?.();
  await area.dispatchEvent('drop', { dataTransfer: transfer });
  await on.getByText('Drop files to attach them').waitFor({ state: 'hidden' });
}

/** The chat request whose last message ends with the user's `words`. */
function sentWith(words: string) {
  return session.ollama
    .chatRequests()
    .find((request) => request.messages?.at(-1)?.content?.endsWith(words));
}

function chip(on: Page, name: string): Locator {
  return on
    .getByRole('list', { name: 'Attached files' })
    .getByRole('listitem')
    .filter({
      has: on.getByText(name, { exact: true }),
    });
}

describe('attaching files in the chat', () => {
  it('attaches by keyboard, says each refusal on its chip, stops an image for a blind model, and sends to one that sees', async () => {
    await page.getByRole('button', { name: 'New chat' }).first().click();
    await attachByKeyboard(page, [files.png, files.text, files.pdf, files.fakePng, files.huge]);
    await chip(page, 'chart.png')
      .getByText(/· image$/)
      .waitFor();
    await chip(page, 'notes.txt')
      .getByText(/· text$/)
      .waitFor();
    await chip(page, 'report.pdf')
      .getByText(/· PDF$/)
      .waitFor();
    // One sentence each: the size before any byte went, main's reading of the bytes.
    await chip(page, 'film.mov').getByText(tooLargeSentence('film.mov', HUGE_BYTES)).waitFor();
    await chip(page, 'holiday.png').getByRole('alert').waitFor();
    expect(await chip(page, 'holiday.png').getByRole('alert').innerText()).toBe(
      '“holiday.png” is named as an image but is something else, so Hearth did not attach it.',
    );
    const removeNotes = chip(page, 'notes.txt').getByRole('button', { name: 'Remove notes.txt' });
    expect(
      await everyLook(page, 'attach-chips', {
        focus: () => clippedFocusRing(page, removeNotes),
      }),
    ).toEqual([]);

    // The refused chips removed by keyboard.
    for (const name of ['film.mov', 'holiday.png']) {
      await chip(page, name)
        .getByRole('button', { name: `Remove ${name}` })
        .focus();
      await page.keyboard.press('Enter');
      await chip(page, name).waitFor({ state: 'detached' });
    }

    const field = page.getByRole('textbox', { name: 'Message' });
    await field.fill('What do these say?');
    await page.keyboard.press('Enter');
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: visionRefusalSentence('llama3.2', 'chart.png', ['gemma3:4b']) });
    await refusal.waitFor();
    expect(await field.inputValue()).toBe('What do these say?');
    expect(await chip(page, 'chart.png').count()).toBe(1);
    expect(session.ollama.chatRequests()).toHaveLength(0);
    expect(await everyLook(page, 'attach-vision-refusal')).toEqual([]);

    await refusal.getByRole('button', { name: 'Use gemma3:4b' }).focus();
    await page.keyboard.press('Enter');
    await refusal.waitFor({ state: 'detached' });
    await field.focus();
    await page.keyboard.press('Enter');
    await page.getByText('I read what you attached.').waitFor();

    const request = sentWith('What do these say?');
    expect(request?.model).toBe('gemma3:4b');
    const sent = request?.messages?.at(-1);
    expect(sent?.content).toContain('Buy capybara food on Tuesday.');
    expect(sent?.content).toContain('Quarterly figures: up nine percent');
    expect(sent?.images).toHaveLength(1);

    const thumbnail = page.getByRole('img', { name: 'chart.png' });
    await thumbnail.waitFor();
    expect(await thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(96);
    const cards = page.locator('.message-file-card');
    expect(await cards.allInnerTexts()).toEqual([
      expect.stringMatching(/notes\.txt[\s\S]*text/),
      expect.stringMatching(/report\.pdf[\s\S]*PDF/),
    ]);
    const open = page.getByRole('button', { name: 'chart.png' });
    expect(
      await everyLook(page, 'attach-sent', { focus: () => clippedFocusRing(page, open) }),
    ).toEqual([]);

    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'chart.png' });
    await dialog.getByRole('img', { name: 'chart.png' }).waitFor();
    expect(await everyLook(page, 'attach-full-size')).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('takes an image pasted into the field and a file dropped on the chat', async () => {
    await pasteImage(page, 'pasted.png', files.pngBytes);
    await chip(page, 'pasted.png')
      .getByText(/· image$/)
      .waitFor();
    await dropFile(page, 'dropped.md', '# Dropped notes\n', async () => {
      expect(await everyLook(page, 'attach-drop-target')).toEqual([]);
    });
    await chip(page, 'dropped.md')
      .getByText(/· text$/)
      .waitFor();
    await page.getByRole('textbox', { name: 'Message' }).fill('And these?');
    await page.keyboard.press('Enter');
    await page.getByText('I read what you attached.').nth(1).waitFor();
    const last = sentWith('And these?')?.messages?.at(-1);
    expect(last?.content).toContain('# Dropped notes');
    expect(last?.images).toHaveLength(1);
  });
});

describe('attaching files in the popup', () => {
  it('has the same paperclip, paste and drop, and its chips fit 380x560 in both themes', async () => {
    const popup = await session.browser.newPage({ viewport: POPUP_SIZE });
    try {
      await popup.goto(`${session.host.url}&view=popup`);
      interceptFileChooser(popup);
      await popup.getByRole('button', { name: 'New chat' }).click();
      await popup.getByRole('heading', { name: 'New chat' }).waitFor();
      await attachByKeyboard(popup, [files.png, files.pdf, files.fakePng]);
      await pasteImage(popup, 'pasted-in-popup.png', files.pngBytes);
      await dropFile(popup, 'popup-notes.txt', 'Dropped into the popup.\n');
      await chip(popup, 'report.pdf')
        .getByText(/· PDF$/)
        .waitFor();
      await chip(popup, 'pasted-in-popup.png')
        .getByText(/· image$/)
        .waitFor();
      await chip(popup, 'popup-notes.txt')
        .getByText(/· text$/)
        .waitFor();
      await chip(popup, 'holiday.png').getByRole('alert').waitFor();
      const remove = chip(popup, 'report.pdf').getByRole('button', { name: 'Remove report.pdf' });
      expect(
        await everyLook(popup, 'attach-popup-chips', {
          sizes: [POPUP_SIZE],
          focus: () => clippedFocusRing(popup, remove),
        }),
      ).toEqual([]);
      await chip(popup, 'holiday.png').getByRole('button', { name: 'Remove holiday.png' }).click();
      await popup.getByRole('textbox', { name: 'Message' }).fill('From the popup');
      await popup.keyboard.press('Enter');
      await popup
        .getByRole('alert')
        .filter({ hasText: /cannot see images/ })
        .getByRole('button', { name: 'Use gemma3:4b' })
        .click();
      await popup.getByRole('button', { name: 'Send' }).click();
      await popup.getByText('I read what you attached.').waitFor();
      await popup.getByRole('img', { name: 'chart.png' }).waitFor();
      expect(await everyLook(popup, 'attach-popup-sent', { sizes: [POPUP_SIZE] })).toEqual([]);
    } finally {
      await popup.close();
    }
  });
});
