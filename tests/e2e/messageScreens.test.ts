import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lengthLimited, plainAnswer } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import {
  openBrowserSession,
  SCREENS,
  SIZES,
  THEMES,
  type BrowserSession,
} from '../support/browserSession';
import { everyLook, POPUP_SIZE } from '../support/everyLook';
import { clippedFocusRing } from '../support/focusRingChecks';
import { accessibilityProblems } from '../support/screenChecks';

// The chat's messages as a person meets them, in Chromium against the built browser host, at
// 1280x800, 900x600 and the 380x560 popup, light and dark: highlighted code readable in both
// themes, a message's Edit button with its whole focus ring, a cut reply that still says so when
// the conversation is opened again, and a model download with Cancel in the chat and Settings.

const CODE_ANSWER = [
  'Here is the setting and the code that reads it:',
  '',
  '```json',
  '{ "name": "hearth", "port": 4587, "enabled": true }',
  '```',
  '',
  '```js',
  'function readPort(settings) {',
  '  // The port, or the default one.',
  "  return settings.port ?? Number('4587');",
  '}',
  '```',
].join('\n');

let session: BrowserSession;
let page: Page;
const shot = (name: string) => session.shot(name);

function script(request: ChatRequestBody): Turn {
  const text = request.messages?.at(-1)?.content ?? '';
  if (text.includes('long')) return lengthLimited('The first half of a long story, and then');
  return plainAnswer(CODE_ANSWER);
}

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'message-screens',
    script,
    viewport: SIZES[0],
    pulls: {
      pullable: {
        'tinyllama:latest': { size: 637_700_000 },
        'all-minilm:latest': { size: 45_960_996, capabilities: ['embedding'] },
      },
      // Each download stays at its first step until cancelled, for the screenshots.
      pullDelayMs: 600_000,
    },
    prepare: (api, ollama) =>
      api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } }),
  });
  page = session.page;
}, 120_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(`messages-failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
});

afterAll(() => session?.close());

async function send(on: Page, text: string): Promise<void> {
  await on.getByRole('textbox', { name: 'Message' }).fill(text);
  await on.keyboard.press('Enter');
  await on.getByRole('button', { name: 'Edit', exact: true }).last().waitFor();
}

describe('messages in the chat', () => {
  it('highlights code readably and shows the Edit button’s whole focus ring, both sizes and themes', async () => {
    await send(page, 'Show me the settings code');
    await page.locator('.hljs-string').first().waitFor();
    const edit = page.getByRole('button', { name: 'Edit', exact: true }).last();
    expect(
      await everyLook(page, 'messages-code', { focus: () => clippedFocusRing(page, edit) }),
    ).toEqual([]);
  });

  it('says again that a reply was cut off when the conversation is opened again', async () => {
    await page.getByRole('button', { name: 'New chat' }).first().click();
    await send(page, 'Tell me a long story');
    await page
      .getByRole('alert')
      .filter({ hasText: /cut off/ })
      .waitFor();
    await page.getByRole('button', { name: 'New chat' }).first().click();
    await page.reload();
    await page
      .getByRole('button', { name: /Tell me a long story/ })
      .first()
      .click();
    const alert = page.getByRole('alert').filter({ hasText: /The reply was cut off/ });
    await alert.waitFor();
    expect(await alert.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    expect(await everyLook(page, 'messages-reopened-cut')).toEqual([]);
  });

  it('shows a model download with Cancel in the chat as in Settings', async () => {
    await page.getByRole('button', { name: 'Pull a model' }).click();
    await page.getByRole('textbox', { name: 'Model name' }).fill('tinyllama');
    await page.getByRole('button', { name: 'Pull', exact: true }).click();
    const cancel = page.getByRole('button', { name: 'Cancel downloading tinyllama' });
    await cancel.waitFor();
    await page.getByRole('progressbar', { name: 'Downloading tinyllama' }).waitFor();
    expect(await everyLook(page, 'messages-download-chat')).toEqual([]);
    await cancel.click();
    await page.getByText(/Download of tinyllama cancelled/).waitFor();
    await shot('messages-download-chat-cancelled');

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Download all-minilm' }).click();
    const settingsCancel = page.getByRole('button', { name: 'Cancel downloading all-minilm' });
    await page.getByRole('progressbar', { name: 'Downloading all-minilm' }).waitFor();
    expect(
      await everyLook(page, 'messages-download-settings', {
        inView: () => settingsCancel.scrollIntoViewIfNeeded(),
      }),
    ).toEqual([]);
    await settingsCancel.click();
    await page.getByText(/Download of all-minilm cancelled/).waitFor();
    await page.getByRole('button', { name: 'New chat' }).first().click();
  });

  it('in the popup: readable code and the Edit button’s whole focus ring, light and dark', async () => {
    const popup = await session.browser.newPage({ viewport: POPUP_SIZE });
    try {
      await popup.goto(`${session.host.url}&view=popup`);
      await popup.getByRole('button', { name: 'New chat' }).click();
      await send(popup, 'Show me the settings code in the popup');
      await popup.locator('.hljs-string').first().waitFor();
      const edit = popup.getByRole('button', { name: 'Edit', exact: true }).last();
      const problems: string[] = [];
      for (const theme of THEMES) {
        await popup.emulateMedia({ colorScheme: theme });
        // The hard case every time: the list at its end, so Tab has to scroll Edit back in from above.
        await popup.locator('.message-scroll').evaluate((list) => {
          list.scrollTop = list.scrollHeight;
        });
        const ring = await clippedFocusRing(popup, edit);
        await popup.screenshot({ path: join(SCREENS, `messages-code-popup-${theme}.png`) });
        problems.push(
          ...(await accessibilityProblems(popup)),
          ...ring.map((problem) => `${theme}: ${problem}`),
        );
      }
      expect(problems).toEqual([]);
    } finally {
      await popup.close();
    }
  });
});
