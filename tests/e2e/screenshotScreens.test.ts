import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import { openBrowserSession, SCREENS, type BrowserSession } from '../support/browserSession';
import { clippedFocusRing } from '../support/focusRingChecks';
import { accessibilityProblems, layoutProblems } from '../support/screenChecks';

// "Attach a screenshot" in the browser host, in Chromium against the built host: the browser's
// own screen-capture prompt (answered by Chromium's fake UI, which shares its fake 1280x720
// screen), one frame as a PNG uploaded as any attached file, its chip at 1280x800, 900x600 and
// the 380x560 popup in both themes, by keyboard alone in the popup, and the image reaching the
// model with the message.
const SIZES = [
  { width: 1280, height: 800 },
  { width: 900, height: 600 },
] as const;
const POPUP = { width: 380, height: 560 } as const;
const THEMES = ['light', 'dark'] as const;
const FAKE_SCREEN = { width: 1280, height: 720 };

let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'screenshot-screens',
    script: () => plainAnswer('A test pattern fills the screen.'),
    viewport: SIZES[0],
    // Chromium's stand-in for its picker: getDisplayMedia is granted at once, with a fake screen.
    chromiumArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    prepare: (api, ollama) =>
      api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'gemma3:4b' } }),
  });
  page = session.page;
}, 120_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await session.shot(`screenshot-failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
});

afterAll(() => session?.close());

/** Each size and theme: a screenshot, and what the checks find. */
async function everyLook(
  on: Page,
  name: string,
  sizes: readonly { width: number; height: number }[],
  focus?: () => Promise<string[]>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const size of sizes) {
    await on.setViewportSize(size);
    for (const theme of THEMES) {
      await on.emulateMedia({ colorScheme: theme });
      const ring = (await focus?.()) ?? [];
      await on.screenshot({
        path: join(SCREENS, `${name}-${size.width}x${size.height}-${theme}.png`),
      });
      const found = [...ring, ...(await layoutProblems(on)), ...(await accessibilityProblems(on))];
      problems.push(...found.map((problem) => `${size.width}x${size.height} ${theme}: ${problem}`));
    }
  }
  await on.emulateMedia({ colorScheme: 'light' });
  return problems;
}

const chip = (on: Page) =>
  on.getByRole('list', { name: 'Attached screenshots' }).getByRole('listitem');

describe('a screenshot into the chat, in the browser host', () => {
  it('takes one frame of the screen the browser shares, and sends it to the model as an image', async () => {
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByRole('button', { name: 'Attach a screenshot' }).click();
    await expect
      .poll(() => chip(page).textContent())
      .toMatch(/^Screenshot \d{4}-\d\d-\d\d at \d\d\.\d\d\.\d\d\.png· 1280 × 720/);
    expect(await everyLook(page, 'screenshot-chip', SIZES)).toEqual([]);
    await page.setViewportSize(SIZES[0]);

    await page.getByRole('textbox', { name: 'Message' }).fill('What is on my screen?');
    await page.keyboard.press('Enter');
    await page.getByText('A test pattern fills the screen.').waitFor();
    await expect.poll(() => chip(page).count()).toBe(0);
    const received = session.ollama.receivedImages();
    expect(received.map(({ role, images }) => [role, images.length])).toEqual([['user', 1]]);
    const picture = await sharp(Buffer.from(received[0]?.images[0] ?? '', 'base64')).metadata();
    expect({ width: picture.width, height: picture.height }).toEqual(FAKE_SCREEN);
  });

  it('in the popup, by keyboard alone: Tab to the button, Enter, and the chip is there', async () => {
    const popup = await session.browser.newPage({ viewport: POPUP });
    try {
      await popup.goto(`${session.host.url}&view=popup`);
      await popup.getByRole('button', { name: 'New chat' }).click();
      await popup.getByRole('textbox', { name: 'Message' }).focus();
      const button = popup.getByRole('button', { name: 'Attach a screenshot' });
      // The message field, then Send (disabled while empty, so not a stop), then the button.
      await popup.keyboard.press('Tab');
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
      const ring = () => clippedFocusRing(popup, button);
      expect(await everyLook(popup, 'screenshot-popup-button', [POPUP], ring)).toEqual([]);
      await popup.keyboard.press('Enter');
      await expect.poll(() => chip(popup).count()).toBe(1);
      expect(await everyLook(popup, 'screenshot-popup-chip', [POPUP])).toEqual([]);
      // Its remove button is the next stop after the field's chips, and takes it away.
      await popup.getByRole('button', { name: /^Remove Screenshot/ }).focus();
      await popup.keyboard.press('Enter');
      await expect.poll(() => chip(popup).count()).toBe(0);
    } finally {
      await popup.close();
    }
  });
});
