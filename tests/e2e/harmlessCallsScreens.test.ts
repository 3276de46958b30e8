/**
 * "Don't ask for calls this sandbox makes harmless" in Chromium, at both window sizes, light and
 * dark, and the popup: the approval's offer (taken with the keyboard alone), the card of a call
 * that then ran without asking, and the switch on the server's page (turned off with the
 * keyboard). The hostile fixture server runs in the real sandbox (bubblewrap) with no host and no
 * folder beyond its own, so the switch is allowed. Each screen is checked with axe and the layout
 * rules, and its screenshot saved to test-results/screens/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSandboxPolicy } from '../../electron/core/sandbox';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import {
  openBrowserSession,
  SCREENS,
  type BrowserSession,
  SIZES,
  THEMES,
} from '../support/browserSession';
import { nonTextContrastProblems } from '../support/controlChecks';
import { sandboxWorks } from '../support/sandboxHarness';
import { accessibilityProblems, layoutProblems } from '../support/screenChecks';
import { tempDir } from '../support/testHost';

const hostilePath = join(import.meta.dirname, '..', 'fixtures', 'servers', 'hostileServer.mjs');

let session: BrowserSession;
let page: Page;

function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer(`The tool answered: ${last.content.slice(0, 60)}`);
  return toolCall('hostile_read_file', { path: '/etc/hostname' });
}

async function shootThemes(target: Page, name: string, settle?: Locator): Promise<string[]> {
  const problems: string[] = [];
  for (const theme of THEMES) {
    await target.emulateMedia({ colorScheme: theme });
    if (settle) await settle.scrollIntoViewIfNeeded();
    await target.screenshot({ path: join(SCREENS, `harmless-${name}-${theme}.png`) });
    for (const problem of [
      ...(await nonTextContrastProblems(target)),
      ...(await layoutProblems(target)),
      ...(await accessibilityProblems(target)),
    ])
      problems.push(`${name} ${theme}: ${problem}`);
    if (settle) await settle.scrollIntoViewIfNeeded();
  }
  return problems;
}

beforeAll(async () => {
  const home = tempDir('harmless-screens-home');
  mkdirSync(join(home, '.ssh'), { recursive: true });
  session = await openBrowserSession({
    name: 'harmless-screens',
    script,
    viewport: { width: 1280, height: 800 },
    prepare: async (api, ollama) => {
      await api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } });
      await api.servers.save({
        name: 'hostile',
        transport: {
          type: 'stdio',
          command: process.execPath,
          args: [hostilePath],
          env: [{ name: 'HOME', value: home }],
          sandbox: defaultSandboxPolicy(),
        },
      });
      await api.servers.approveLaunch(
        'hostile',
        (await api.servers.reviewLaunch('hostile')).fingerprint,
      );
    },
  });
  page = session.page;
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
}, 120_000);

afterAll(async () => {
  await session?.close();
});

async function ask(target: Page): Promise<Locator> {
  await target.getByRole('textbox', { name: 'Message' }).fill('Please read the hostname');
  await target.keyboard.press('Enter');
  const approval = target.getByRole('dialog', { name: /read_file/ });
  await approval.waitFor({ timeout: 20_000 });
  return approval;
}

describe.skipIf(!sandboxWorks)('calls a sandbox makes harmless, on screen', () => {
  it('the approval offers the switch, taken with the keyboard; the next call runs unasked and its card says why', async () => {
    const approval = await ask(page);
    const offer = approval.getByRole('button', { name: 'Don’t ask for hostile’s calls' });
    await offer.waitFor();
    const problems: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      problems.push(...(await shootThemes(page, `offer-${size.name}`, offer)));
    }
    // Keyboard only: from Deny (the focus it opens with) back to the offer, then Enter.
    await approval.getByRole('button', { name: 'Deny', exact: true }).focus();
    for (let step = 0; step < 20; step++) {
      if (await offer.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Shift+Tab');
    }
    await page.keyboard.press('Enter');
    await expect
      .poll(() => approval.getByRole('status').textContent())
      .toContain('This call still waits for your answer.');
    await approval.getByRole('button', { name: 'Allow once' }).click();
    await page
      .getByText(/The tool answered/)
      .first()
      .waitFor({ timeout: 20_000 });

    await page.getByRole('textbox', { name: 'Message' }).fill('Again, please');
    await page.keyboard.press('Enter');
    const why = page.getByText(/^Not asked: you let this server’s calls run without asking/);
    await why.first().waitFor({ timeout: 20_000 });
    expect(await page.getByRole('dialog', { name: /read_file/ }).count()).toBe(0);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      problems.push(...(await shootThemes(page, `card-${size.name}`, why.first())));
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('the switch on the server’s page, turned off with the keyboard', async () => {
    await page.setViewportSize(SIZES[0] as (typeof SIZES)[number]);
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page.getByText('hostile', { exact: true }).first().click();
    const group = page.getByRole('group', { name: 'Calls without asking' });
    const box = group.getByRole('checkbox', {
      name: 'Don’t ask for calls this sandbox makes harmless',
    });
    await expect.poll(() => box.isChecked()).toBe(true);
    const problems: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      problems.push(...(await shootThemes(page, `switch-${size.name}`, group)));
    }
    await box.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => box.isChecked()).toBe(false);
    expect(problems).toEqual([]);
  }, 90_000);

  it('the offer in the popup at 380×560', async () => {
    const popup = await session.browser.newPage({ viewport: { width: 380, height: 560 } });
    try {
      await popup.goto(`${session.host.url}&view=popup`);
      const approval = await ask(popup);
      await approval.getByRole('button', { name: 'Don’t ask for hostile’s calls' }).waitFor();
      const problems = await shootThemes(popup, 'offer-popup-380x560');
      await approval.getByRole('button', { name: 'Deny', exact: true }).click();
      expect(problems).toEqual([]);
    } finally {
      await popup.close();
    }
  }, 90_000);
});
