/**
 * The built-in shell where the OS sandbox cannot run, in Chromium against the built browser host
 * started with a PATH that has every program of /usr/bin but bubblewrap (and no login shell to
 * read another PATH from). The approval says the command will not run and how to change that,
 * and offers no Allow, only Close; it is refused. With Settings › Chat's switch on, the approval
 * says it runs without the sandbox, with full rights, and the result says it ran unsandboxed.
 * Screenshots at both sizes and themes, with axe and the layout checks.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import {
  openBrowserSession,
  SCREENS,
  type BrowserSession,
  SIZES,
  THEMES,
} from '../support/browserSession';
import { pathWithoutBwrap } from '../support/pathWithoutBwrap';
import { accessibilityProblems, layoutProblems } from '../support/screenChecks';
import { tempDir } from '../support/testHost';

const linuxWithBwrap = process.platform === 'linux' && existsSync('/usr/bin/bwrap');

let session: BrowserSession;
let page: Page;
let work = '';

function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer(`Shell said: ${last.content.slice(-300)}`);
  if (last?.content.includes('make a note'))
    return toolCall('hearth_run_shell_command', { command: 'echo noted > note.txt', cwd: work });
  return plainAnswer('Sure.');
}

async function approvalShots(name: string): Promise<string[]> {
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({ path: join(SCREENS, `${name}-${size.name}-${theme}.png`) });
      for (const problem of [
        ...(await layoutProblems(page)),
        ...(await accessibilityProblems(page)),
      ])
        problems.push(`${name} ${size.name} ${theme}: ${problem}`);
    }
  }
  await page.setViewportSize(SIZES[0] as (typeof SIZES)[number]);
  return problems;
}

async function ask(text: string) {
  await page
    .getByRole('button', { name: /New chat/ })
    .first()
    .click();
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.keyboard.press('Enter');
  const approval = page.getByRole('dialog', { name: /run_shell_command/ });
  await approval.waitFor({ timeout: 20_000 });
  return approval;
}

/** Allows the command once and waits for the model's reply, which quotes the result's end. */
async function allowOnceAndRead(approval: Locator) {
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await page
    .getByText(/Shell said:/)
    .first()
    .waitFor({ timeout: 20_000 });
}

beforeAll(async () => {
  if (!linuxWithBwrap) return;
  work = tempDir('shell-without-sandbox-work');
  mkdirSync(work, { recursive: true });
  session = await openBrowserSession({
    name: 'shell-without-sandbox',
    script,
    viewport: { width: 1280, height: 800 },
    environment: { PATH: pathWithoutBwrap(), SHELL: '/nonexistent/shell' },
    prepare: (api, ollama) =>
      api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } }),
  });
  page = session.page;
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
}, 120_000);

afterAll(() => session?.close());

describe.skipIf(!linuxWithBwrap)('the shell where the sandbox cannot run', () => {
  it('says before the approval that the command will not run, and refuses it', async () => {
    const approval = await ask('Please make a note');
    await expect.poll(() => approval.textContent()).toContain('this command will not run');
    expect(await approval.textContent()).toContain('bubblewrap (bwrap) is missing');
    const problems = await approvalShots('shell-sandbox-missing');
    // No answer could make it run, so none offers to: Close, from the keyboard (it has focus).
    expect(await approval.getByRole('button', { name: /Allow|More answers/ }).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Close');
    await page.keyboard.press('Enter');
    await page
      .getByText(/Shell said:/)
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await page.getByText(/the command was not run/).count()).toBeGreaterThan(0);
    expect(existsSync(join(work, 'note.txt'))).toBe(false);
    expect(problems).toEqual([]);
  }, 90_000);

  it('with Settings’ leave, says it runs without the sandbox, runs it and says so', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const toggle = page.getByRole('switch', {
      name: 'Run shell commands where the sandbox cannot run',
    });
    // From the keyboard, as the switch's input is drawn by its track.
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.isChecked()).toBe(true);
    const approval = await ask('Please make a note again');
    await expect
      .poll(() => approval.textContent())
      .toContain('runs without it, with your full rights');
    const problems = await approvalShots('shell-sandbox-missing-run-anyway');
    await allowOnceAndRead(approval);
    await expect.poll(() => existsSync(join(work, 'note.txt'))).toBe(true);
    expect(await page.getByText(/Ran without Hearth's sandbox/).count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  }, 90_000);
});
