import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { openBrowserSession, type BrowserSession } from '../support/browserSession';

// The tray's quick-chat popup, in Chromium at the popup's size against the built browser host
// (`?view=popup`): it renders, streams an answer, asks for a tool approval and a sudo password
// in its own dialogs, and reopens the same conversation. Screenshots go to test-results/screens/.
const PASSWORD = 'popup-canary-Pw-7731';
const ANSWER = 'A quick answer from the popup, streamed word by word.';

let session: BrowserSession;
let page: Page;
const shot = (name: string) => session.shot(name);

/** Answers by what the user wrote last; after a tool result, says what it learned. */
function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer(`The tool answered: ${last.content.slice(0, 80)}`);
  const text = last?.content ?? '';
  if (text.includes('root'))
    return toolCall('hearth_run_shell_command', { command: 'sudo echo popup-as-root' });
  if (text.includes('command'))
    return toolCall('hearth_run_shell_command', { command: 'echo popup-ran' });
  return { content: ANSWER, tokenDelayMs: 80 };
}

/** The model's closing paragraph after a command ran, once it shows that command's output. */
function toolAnswer(stdout: string) {
  return page
    .getByRole('paragraph')
    .filter({ hasText: new RegExp(`^The tool answered: Exit code: 0\\s+stdout:\\s+${stdout}`) });
}

async function send(text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.keyboard.press('Enter');
}

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'popup',
    script,
    viewport: { width: 380, height: 560 },
    sudoPassword: PASSWORD,
    // Ollama's address and the model through the contract, as another window would set them.
    prepare: (api, ollama) =>
      api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } }),
    query: '&view=popup',
  });
  page = session.page;
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(`popup-failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
});

afterAll(() => session?.close());

describe('the quick-chat popup in the browser host', () => {
  it('renders the compact layout with the chat and a way to the main app', async () => {
    await page.getByRole('banner', { name: 'Hearth quick chat' }).waitFor();
    await page.getByRole('heading', { name: 'New chat' }).waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: /^Model: llama3\.2/ }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Open Hearth' }).count()).toBe(1);
    // Nothing spills sideways at the popup's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      380,
    );
    await shot('popup-empty');
  });

  it('streams an answer into the popup', async () => {
    await send('hello there');
    await expect
      .poll(() => page.getByRole('button', { name: 'Stop' }).count(), { timeout: 10_000 })
      .toBe(1);
    await shot('popup-streaming');
    await expect.poll(() => page.getByText(ANSWER).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await shot('popup-answer');
  });

  it('asks for a tool approval in the popup and shows the result', async () => {
    await send('run a command please');
    const approval = page.getByRole('dialog', { name: /run_shell_command/ });
    await approval.waitFor();
    await shot('popup-approval');
    await approval.getByRole('button', { name: 'Allow once' }).click();
    await expect
      .poll(() => toolAnswer('popup-ran').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
  });

  it('asks for the sudo password in the popup', async () => {
    await send('run it as root');
    const approval = page.getByRole('dialog', { name: /run_shell_command/ });
    await approval.waitFor();
    await approval.getByRole('button', { name: 'Allow once' }).click();
    const sudo = page.getByRole('dialog', { name: /as administrator/ });
    await sudo.waitFor();
    await shot('popup-sudo');
    await sudo.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await sudo.getByRole('button', { name: 'Run with sudo' }).click();
    await expect
      .poll(() => toolAnswer('popup-as-root').count(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    expect(await page.content()).not.toContain(PASSWORD);
    await shot('popup-chat');
  });

  it('reopens the same conversation when the popup opens again', async () => {
    await page.reload();
    await expect
      .poll(() => toolAnswer('popup-as-root').count(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    expect(await page.getByRole('heading', { name: 'New chat' }).count()).toBe(0);
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByRole('heading', { name: 'New chat' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'New chat' }).waitFor();
  });

  it('opens the main app on Servers in the same tab from Open Servers', async () => {
    const other = await session.browser.newPage({ viewport: { width: 380, height: 560 } });
    try {
      await other.goto(`${session.host.url}&view=popup`);
      const pages = other.context().pages().length;
      await other
        .getByRole('button', { name: /New chat/ })
        .first()
        .click();
      await other.getByRole('button', { name: 'Open Servers' }).click();
      await other.getByRole('heading', { name: 'Servers' }).first().waitFor();
      expect(other.context().pages()).toHaveLength(pages);
      expect(new URL(other.url()).searchParams.has('view')).toBe(false);
      expect(new URL(other.url()).searchParams.has('open')).toBe(false);
      expect(await other.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    } finally {
      await other.close();
    }
  });
});
