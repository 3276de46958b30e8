import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
import { accessibilityProblems, layoutProblems } from '../support/screenChecks';

// The context bar beside the composer and the summary of older turns, as a person meets them in
// Chromium against the built browser host, at 1280x800, 900x600 and the 380x560 popup, light
// and dark, from the keyboard: the bar's words, the offer when the conversation no longer fits,
// the summary card read, edited and undone. Screenshots go to test-results/screens/context-*.png.
const SUMMARY = 'Earlier, the user planned a garden: tomatoes by the south wall, beans on poles.';

const asksForSummary = (request: ChatRequestBody) =>
  request.messages?.[0]?.content.startsWith('You write a summary') === true;

function script(request: ChatRequestBody): Turn {
  if (asksForSummary(request)) return { content: SUMMARY };
  // Named by the question it answers (older ones may not be sent once the window is full).
  const asked = /^Question (\d+):/.exec(request.messages?.at(-1)?.content ?? '')?.[1] ?? '0';
  return {
    content: `${'Here is a long and careful answer about the garden. '.repeat(20)}Answer ${asked} done.`,
  };
}

let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'context-screens',
    script,
    viewport: SIZES[0],
    prepare: (api, ollama) =>
      api.settings.set({
        ollama: { host: ollama.url },
        // A window small enough that a few turns outgrow it.
        chat: { model: 'llama3.2', contextCapTokens: 4_096 },
      }),
  });
  page = session.page;
}, 180_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await session.shot(`context-failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
});

afterAll(() => session?.close());

const question = (turn: number) =>
  `Question ${turn}: ${'what should I plant next to the tomatoes, and why? '.repeat(15)}`;

/** Sends from the keyboard until the bar says the conversation no longer fits. */
async function fillUp(on: Page): Promise<void> {
  const full = on.getByText(/The conversation no longer fits/);
  for (let turn = 1; turn <= 12; turn++) {
    await on.getByRole('textbox', { name: 'Message' }).fill(question(turn));
    await on.keyboard.press('Enter');
    await on.getByText(`Answer ${turn} done.`).waitFor();
    await on.getByRole('button', { name: 'Send' }).waitFor();
    // The bar is sized again a moment after the reply is saved: wait for its new answer.
    await on.getByRole('meter', { name: 'Context the next message takes' }).waitFor();
    if (await full.isVisible()) return;
    try {
      await full.waitFor({ timeout: 2_000 });
      return;
    } catch {
      // Not yet: another turn.
    }
  }
  throw new Error('The conversation never outgrew the window');
}

describe('the context beside the composer', () => {
  it('says what the next message takes, offers a summary when it no longer fits, and the summary is read, edited and undone from the keyboard', async () => {
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await fillUp(page);
    const offer = page.getByRole('button', { name: 'Summarise older turns' });
    expect(
      await everyLook(page, 'context-full', { focus: () => clippedFocusRing(page, offer) }),
    ).toEqual([]);

    await clippedFocusRing(page, offer);
    await page.keyboard.press('Enter');
    const card = page.getByRole('article', { name: /^Summary of \d+ earlier messages$/ });
    await card.waitFor();
    const read = card.getByRole('button', { name: 'Read summary' });
    await clippedFocusRing(page, read);
    await page.keyboard.press('Enter');
    await card.getByText(SUMMARY).waitFor();
    expect(
      await everyLook(page, 'context-summary', {
        focus: async () => {
          await card.scrollIntoViewIfNeeded();
          return clippedFocusRing(page, card.getByRole('button', { name: 'Hide summary' }));
        },
      }),
    ).toEqual([]);
    // The next request sends it in place of the turns it stands for.
    await page.getByText(/The conversation no longer fits/).waitFor({ state: 'hidden' });

    await clippedFocusRing(page, card.getByRole('button', { name: 'Edit' }));
    await page.keyboard.press('Enter');
    const field = card.getByRole('textbox', { name: 'Summary' });
    await field.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('The user grows tomatoes and basil.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await card.getByText(/edited by you/).waitFor();
    expect(await everyLook(page, 'context-summary-edited')).toEqual([]);

    await clippedFocusRing(page, card.getByRole('button', { name: 'Undo summary' }));
    await page.keyboard.press('Enter');
    await card.waitFor({ state: 'detached' });
    await page.getByText(/The conversation no longer fits/).waitFor();
  });

  it('in the popup: the bar, the offer and the summary card, light and dark', async () => {
    const popup = await session.browser.newPage({ viewport: POPUP_SIZE });
    try {
      await popup.goto(`${session.host.url}&view=popup`);
      await popup.getByRole('button', { name: 'New chat' }).click();
      await fillUp(popup);
      const offer = popup.getByRole('button', { name: 'Summarise older turns' });
      const problems: string[] = [];
      const look = async (name: string, focus: () => Promise<string[]>) => {
        for (const theme of THEMES) {
          await popup.emulateMedia({ colorScheme: theme });
          const ring = await focus();
          await popup.screenshot({ path: join(SCREENS, `${name}-popup-${theme}.png`) });
          problems.push(
            ...[
              ...ring,
              ...(await layoutProblems(popup)),
              ...(await accessibilityProblems(popup)),
            ].map((problem) => `${name} ${theme}: ${problem}`),
          );
        }
      };
      await look('context-full', () => clippedFocusRing(popup, offer));
      await clippedFocusRing(popup, offer);
      await popup.keyboard.press('Enter');
      const card = popup.getByRole('article', { name: /^Summary of \d+ earlier messages$/ });
      await card.waitFor();
      await look('context-summary', async () => {
        await card.scrollIntoViewIfNeeded();
        return clippedFocusRing(popup, card.getByRole('button', { name: 'Undo summary' }));
      });
      expect(problems).toEqual([]);
    } finally {
      await popup.close();
    }
  });
});
