import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { openBrowserSession, type BrowserSession } from '../support/browserSession';
import { addApprovedServer } from '../support/fixtureServerSetup';
import { fixtureCommand } from '../support/mcpFixtures';

// A person who uses only the keyboard, in Chromium: a new chat, a message, a tool approval
// answered (Tab never leaving the dialog), Settings and back.
let session: BrowserSession;
let page: Page;

function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer(`The tool answered: ${last.content.slice(0, 60)}`);
  return toolCall('fixture_echo', { text: 'typed with the keyboard' });
}

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'keyboard',
    script,
    viewport: { width: 1280, height: 800 },
    prepare: async (api, ollama) => {
      await api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } });
      await addApprovedServer(api, 'fixture', fixtureCommand(['--tools=echo']));
    },
  });
  page = session.page;
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
});

afterAll(() => session?.close());

const focusedName = () =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim();
  });
const focusInDialog = () =>
  page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null);

describe('the keyboard alone', () => {
  it('starts a chat, answers an approval without leaving its dialog, visits Settings and comes back', async () => {
    await page.keyboard.press('Control+Shift+O');
    await page.getByRole('heading', { name: 'New chat' }).waitFor();
    await page.keyboard.press('Shift+Escape');
    expect(await focusedName()).toBe('Message');
    await page.keyboard.type('Please echo something for me');
    await page.keyboard.press('Enter');

    const approval = page.getByRole('dialog', { name: /echo/ });
    await approval.waitFor();
    expect(await focusInDialog()).toBe(true);
    // Round and round: Tab stays within the dialog.
    const seen = new Set<string>();
    for (let press = 0; press < 25; press++) {
      await page.keyboard.press(press % 5 === 4 ? 'Shift+Tab' : 'Tab');
      expect(await focusInDialog(), `after ${press + 1} presses`).toBe(true);
      seen.add(await focusedName());
    }
    expect(seen.has('Allow once')).toBe(true);
    for (let press = 0; press < 30 && (await focusedName()) !== 'Allow once'; press++)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page
      .getByText(/The tool answered: typed with the keyboard/)
      .first()
      .waitFor({ timeout: 15_000 });

    await page.keyboard.press('Control+,');
    await page.getByRole('heading', { name: 'Settings' }).first().waitFor();
    await page.keyboard.press('Shift+Escape');
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await focusedName()).toBe('Message');
    // The conversation is read again when the chat comes back: wait for it, do not race it.
    await page
      .getByText(/The tool answered: typed with the keyboard/)
      .first()
      .waitFor({ timeout: 15_000 });
  });
});
