import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { openBrowserSession, type BrowserSession } from '../support/browserSession';

// The flows a new user tripped on, in Chromium against the built browser host: a shell command
// approved by a rule that fits it (and that rule in Settings), the conversation's own model, and
// a message queued while a reply streams.
let session: BrowserSession;
let page: Page;
const shot = (name: string) => session.shot(name);

/** A shell command for "status", a slow reply for "slow", else a plain answer naming the model. */
function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer(`Ran it: ${last.content.slice(0, 60)}`);
  const text = last?.content ?? '';
  if (text.includes('status'))
    return toolCall('hearth_run_shell_command', { command: 'git --version' });
  if (text.includes('slow')) return { content: 'A slow reply. '.repeat(40), tokenDelayMs: 40 };
  return plainAnswer(`Answered by ${request.model}.`);
}

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'flows',
    script,
    viewport: { width: 1280, height: 820 },
    async prepare(api, ollama) {
      await api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } });
    },
  });
  page = session.page;
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(`failed-flows-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
});

afterAll(() => session?.close());

async function send(text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.keyboard.press('Enter');
}

describe('a shell command and its approval', () => {
  it('heads the dialog with the command, focuses Deny, and a prefix rule then runs it without asking', async () => {
    await send('what is the git status?');
    const approval = page.getByRole('dialog', { name: /run_shell_command/ });
    await approval.waitFor();
    await expect
      .poll(() => approval.getByRole('region', { name: 'Command' }).textContent())
      .toBe('git --version');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Deny');
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toMatch(/Waiting for your approval/);
    expect(await approval.getByRole('button', { name: 'Always allow', exact: true }).count()).toBe(
      0,
    );
    await shot('approval-shell');
    await approval.getByRole('button', { name: 'Always allow “git …”' }).click();
    await expect
      .poll(() => page.getByText(/Ran it:/).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);

    await send('and the status again?');
    await expect
      .poll(() => page.getByText(/Ran it:/).count(), { timeout: 15_000 })
      .toBeGreaterThan(1);
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const rules = page.getByRole('list', { name: 'Allowed shell commands' });
    await expect.poll(() => rules.textContent()).toMatch(/Starts with\s*git/);
    await rules.scrollIntoViewIfNeeded();
    await shot('settings-command-rules');
    await rules.getByRole('button', { name: 'Remove git' }).click();
    await expect.poll(() => page.getByText('No commands are allowed yet.').count()).toBe(1);
  });
});

describe('models and the composer', () => {
  it('keeps a model chosen in one chat to that chat, and a retry uses it', async () => {
    await page.getByRole('button', { name: /New chat/i }).click();
    await send('hello');
    await page.getByText('Answered by llama3.2.').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: /^Model: llama3\.2/ }).click();
    await page.getByRole('option', { name: /qwen3/ }).click();
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(/Answered by qwen3/).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: /New chat/i }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /^Model: / }).getAttribute('aria-label'))
      .toBe('Model: llama3.2');
  });

  it('queues a message written while a reply streams and sends it when the reply ends', async () => {
    await send('a slow one please');
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    await send('then this');
    await page.getByText('Queued — sends when this reply ends:').waitFor();
    await shot('composer-queued');
    await page.getByText('Answered by llama3.2.').last().waitFor({ timeout: 20_000 });
    expect(await page.getByText('Queued — sends when this reply ends:').count()).toBe(0);
  });
});
