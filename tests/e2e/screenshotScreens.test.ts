import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import { createScreenService, type TakenScreenshot } from '../../electron/core/screen';
import { UserFacingError } from '../../electron/core/bridge/errors';
import { screenCaptureBackend } from '../../electron/shell/screenCapture';
import { uploadFile } from '../../preload/fileUpload';
import { openAsDesktop } from '../support/desktopPage';
import { connectToServe } from '../support/rendererBridge';
import { desktopCapturer, systemPreferences } from '../support/electronStandIn/screenCapture';
import { openBrowserSession, SIZES, SCREENS, type BrowserSession } from '../support/browserSession';
import { everyLook, POPUP_SIZE } from '../support/everyLook';
import { clippedFocusRing } from '../support/focusRingChecks';

// "Attach a screenshot" in the browser host, in Chromium against the built host: the browser's
// own screen-capture prompt (answered by Chromium's fake UI, which shares its fake 1280x720
// screen), one frame as a PNG uploaded as any attached file, its chip at 1280x800, 900x600 and
// the 380x560 popup in both themes, by keyboard alone in the popup, and the image reaching the
// model with the message.
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

const chip = (on: Page) =>
  on
    .getByRole('form', { name: 'Write a message' })
    .getByRole('list', { name: 'Attached files' })
    .getByRole('listitem');

describe('a screenshot into the chat, in the browser host', () => {
  it('takes one frame of the screen the browser shares, and sends it to the model as an image', async () => {
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByRole('button', { name: 'Attach a screenshot' }).click();
    await chip(page).first().waitFor();
    // Uploaded as any attached file: its chip says it is an image once main has kept it.
    await chip(page).getByText('· image').waitFor();
    expect(await chip(page).first().textContent()).toMatch(
      /^Screenshot \d{4}-\d\d-\d\d at \d\d\.\d\d\.\d\d\.png/,
    );
    expect(await everyLook(page, 'screenshot-chip')).toEqual([]);
    await page.setViewportSize(SIZES[0]);

    await page.getByRole('textbox', { name: 'Message' }).fill('What is on my screen?');
    await page.keyboard.press('Enter');
    await page.getByText('A test pattern fills the screen.').waitFor();
    await chip(page).first().waitFor({ state: 'detached' });
    // The sent message shows the screenshot it carried.
    await page
      .getByRole('img', { name: /Screenshot/ })
      .first()
      .waitFor();
    await page.screenshot({ path: join(SCREENS, 'screenshot-sent-1280x800-light.png') });
    const received = session.ollama.receivedImages();
    expect(received.map(({ role, images }) => [role, images.length])).toEqual([['user', 1]]);
    const picture = await sharp(Buffer.from(received[0]?.images[0] ?? '', 'base64')).metadata();
    expect({ width: picture.width, height: picture.height }).toEqual(FAKE_SCREEN);
  });

  it('in the popup, by keyboard alone: Tab to the button, Enter, and the chip is there', async () => {
    const popup = await session.browser.newPage({ viewport: POPUP_SIZE });
    try {
      await popup.goto(`${session.host.url}&view=popup`);
      await popup.getByRole('button', { name: 'New chat' }).click();
      await popup.getByRole('textbox', { name: 'Message' }).focus();
      const button = popup.getByRole('button', { name: 'Attach a screenshot' });
      // The message field, then Send (disabled while empty, so not a stop), then the button.
      await popup.keyboard.press('Tab');
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
      const ring = () => clippedFocusRing(popup, button);
      expect(
        await everyLook(popup, 'screenshot-popup-button', { sizes: [POPUP_SIZE], focus: ring }),
      ).toEqual([]);
      await popup.keyboard.press('Enter');
      await chip(popup).first().waitFor();
      expect(await chip(popup).count()).toBe(1);
      expect(await everyLook(popup, 'screenshot-popup-chip', { sizes: [POPUP_SIZE] })).toEqual([]);
      // Its remove button is the next stop after the field's chips, and takes it away.
      await popup.getByRole('button', { name: /^Remove Screenshot/ }).focus();
      await popup.keyboard.press('Enter');
      await chip(popup).first().waitFor({ state: 'detached' });
    } finally {
      await popup.close();
    }
  });
});

/**
 * The desktop's screen service beside the built host: the shell's capture over the Electron
 * stand-in's desktopCapturer, each screenshot kept in the host's file store by the upload's steps.
 */
function desktopScreen(env: NodeJS.ProcessEnv = {}) {
  const { api, transport } = connectToServe(session.host);
  const service = createScreenService({
    backend: screenCaptureBackend({
      desktopCapturer,
      screen: {
        getAllDisplays: () => [{ size: { width: 1920, height: 1080 }, scaleFactor: 1 }],
      } as never,
      systemPreferences,
      platform: 'linux',
      env,
    }),
    keepScreenshot: async (shot: TakenScreenshot) => {
      const uploaded = await uploadFile(api, new File([new Uint8Array(shot.png)], shot.name));
      if (!uploaded.ok) throw new UserFacingError(uploaded.sentence);
      return { name: shot.name, file: uploaded.facts };
    },
  });
  return {
    handlers: {
      'screen:sources': () => service.sources(),
      'screen:capture': (sourceId: string) => service.capture(sourceId),
      'screen:keep': (
        captureId: string,
        region?: { x: number; y: number; width: number; height: number },
      ) => service.keep(captureId, region),
      'screen:discard': (captureId: string) => service.discard(captureId),
    },
    close: () => transport.close(),
  };
}

describe('the screenshot picker, as the desktop app shows it', () => {
  it('whole screen, a window or a region, at every size and theme, and a region by keyboard', async () => {
    const desktop = desktopScreen();
    const window = await session.browser.newPage({ viewport: SIZES[0] });
    const bridge = await openAsDesktop(window, session.host, desktop.handlers);
    try {
      await window.goto(session.host.url);
      await window.getByRole('button', { name: 'New chat' }).click();
      await window.getByRole('button', { name: 'Attach a screenshot' }).click();
      const dialog = window.getByRole('dialog', { name: 'Attach a screenshot' });
      await dialog.getByRole('button', { name: 'Entire Screen' }).waitFor();
      expect(await everyLook(window, 'screenshot-picker')).toEqual([]);
      await dialog.getByRole('radio', { name: 'A window' }).check();
      await dialog.getByRole('button', { name: 'Notes' }).waitFor();
      expect(await everyLook(window, 'screenshot-picker-windows')).toEqual([]);
      // A region, by keyboard alone from here: back to the modes, over to "A region", the screen.
      await dialog.getByRole('radio', { name: 'A window' }).focus();
      await window.keyboard.press('ArrowRight');
      await window.keyboard.press('Tab');
      await window.keyboard.press('Enter');
      const region = dialog.getByRole('application', { name: /^Region of the screenshot/ });
      // The capture takes its time (a full-size picture, then its preview); then focus is there.
      await region.waitFor();
      await expect
        .poll(() => region.evaluate((element) => element === document.activeElement))
        .toBe(true);
      expect(
        await everyLook(window, 'screenshot-picker-region', {
          focus: () => clippedFocusRing(window, region),
        }),
      ).toEqual([]);
      await window.keyboard.press('Shift+ArrowLeft');
      await window.keyboard.press('Enter');
      await chip(window).first().waitFor();
      await chip(window).getByText('· image').waitFor();
      expect(await dialog.count()).toBe(0);
    } finally {
      bridge.close();
      desktop.close();
      await window.close();
    }
  });

  it('in the popup: the refusal of a Wayland session without the portal, in words, Cancel in view', async () => {
    const saved = process.env.DBUS_SESSION_BUS_ADDRESS;
    delete process.env.DBUS_SESSION_BUS_ADDRESS;
    process.env.WAYLAND_DISPLAY = 'wayland-0';
    const desktop = desktopScreen({ WAYLAND_DISPLAY: 'wayland-0' });
    const popup = await session.browser.newPage({ viewport: POPUP_SIZE });
    const bridge = await openAsDesktop(popup, session.host, desktop.handlers);
    try {
      await popup.goto(`${session.host.url}&view=popup`);
      await popup.getByRole('button', { name: 'Attach a screenshot' }).click();
      const alert = popup.getByRole('dialog').getByRole('alert');
      expect(await alert.textContent()).toContain('desktop portal');
      expect(await everyLook(popup, 'screenshot-picker-refused', { sizes: [POPUP_SIZE] })).toEqual(
        [],
      );
      await popup.getByRole('button', { name: 'Cancel' }).click();
      expect(await popup.getByRole('dialog').count()).toBe(0);
    } finally {
      delete process.env.WAYLAND_DISPLAY;
      if (saved !== undefined) process.env.DBUS_SESSION_BUS_ADDRESS = saved;
      bridge.close();
      desktop.close();
      await popup.close();
    }
  });

  it('in the popup: a region, its actions in view, light and dark', async () => {
    const desktop = desktopScreen();
    const popup = await session.browser.newPage({ viewport: POPUP_SIZE });
    const bridge = await openAsDesktop(popup, session.host, desktop.handlers);
    try {
      await popup.goto(`${session.host.url}&view=popup`);
      await popup.getByRole('button', { name: 'New chat' }).click();
      await popup.getByRole('button', { name: 'Attach a screenshot' }).click();
      const dialog = popup.getByRole('dialog', { name: 'Attach a screenshot' });
      await dialog.getByRole('button', { name: 'Entire Screen' }).waitFor();
      expect(await everyLook(popup, 'screenshot-picker-popup', { sizes: [POPUP_SIZE] })).toEqual(
        [],
      );
      await dialog.getByRole('radio', { name: 'A region' }).check();
      await dialog.getByRole('button', { name: 'Entire Screen' }).click();
      const region = dialog.getByRole('application', { name: /^Region of the screenshot/ });
      await region.waitFor();
      expect(
        await everyLook(popup, 'screenshot-picker-popup-region', {
          sizes: [POPUP_SIZE],
          focus: () => clippedFocusRing(popup, region),
        }),
      ).toEqual([]);
      await dialog.getByRole('button', { name: 'Attach the region' }).click();
      await chip(popup).first().waitFor();
      await chip(popup).getByText('· image').waitFor();
    } finally {
      bridge.close();
      desktop.close();
      await popup.close();
    }
  });
});
