/**
 * Where the OS sandbox cannot run, in Chromium against the built browser host started with a
 * PATH without bubblewrap: a server meant for the sandbox says so on its page once, with what to
 * install (the whole command in view, no sideways scrolling) and the choices; and a shell
 * approval in the 380×560 popup keeps its answers on one row with nothing under them. Each at
 * both sizes (and the popup), light and dark, with axe, the layout checks and the controls'
 * contrast; screenshots go to test-results/screens/sandbox-missing-*.png.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
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
import { fixtureCommand } from '../support/mcpFixtures';
import { pathWithoutBwrap } from '../support/pathWithoutBwrap';
import { accessibilityProblems, layoutProblems } from '../support/screenChecks';

const linuxWithBwrap = process.platform === 'linux' && existsSync('/usr/bin/bwrap');

let session: BrowserSession;
let page: Page;

function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer(`Shell said: ${last.content.slice(-200)}`);
  if (last?.content.includes('list the files'))
    return toolCall('hearth_run_shell_command', { command: 'ls -la /tmp/some/folder' });
  return plainAnswer('Sure.');
}

async function checks(target: Page, where: string): Promise<string[]> {
  return [
    ...(await layoutProblems(target)),
    ...(await accessibilityProblems(target)),
    ...(await nonTextContrastProblems(target)),
  ].map((problem) => `${where}: ${problem}`);
}

beforeAll(async () => {
  if (!linuxWithBwrap) return;
  session = await openBrowserSession({
    name: 'sandbox-missing',
    script,
    viewport: { width: 1280, height: 800 },
    environment: { PATH: pathWithoutBwrap(), SHELL: '/nonexistent/shell' },
    prepare: async (api, ollama) => {
      // Shell commands then run without the sandbox, after an approval with every answer.
      await api.settings.set({
        ollama: { host: ollama.url },
        chat: { model: 'llama3.2', shellWithoutSandbox: true },
      });
      const { command, args } = fixtureCommand(['--tools=echo']);
      await api.servers.save({
        name: 'notes',
        transport: { type: 'stdio', command, args, env: [], sandbox: defaultSandboxPolicy() },
      });
      await api.servers.approveLaunch(
        'notes',
        (await api.servers.reviewLaunch('notes')).fingerprint,
      );
    },
  });
  page = session.page;
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
}, 120_000);

afterAll(() => session?.close());

describe.skipIf(!linuxWithBwrap)('where the sandbox cannot run', () => {
  it('the server page says so once, with the command to install whole and the choices', async () => {
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page.getByText('notes', { exact: true }).first().click();
    const notice = page.getByRole('region', { name: 'Sandbox cannot run' });
    await notice.waitFor({ timeout: 20_000 });
    // The runtimes panel has answered too: everything the page will say is on it.
    await page.getByRole('list', { name: 'Runtimes' }).waitFor();
    await page.getByRole('heading', { name: 'OS sandbox' }).waitFor();
    await expect.poll(() => page.getByText('Checking…').count()).toBe(0);
    const problems: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        await notice.scrollIntoViewIfNeeded();
        const where = `server page ${size.name} ${theme}`;
        // The install command: wrapped within its box, none of it scrolled out of sight.
        const advice = notice.locator('pre, code, .sandbox-advice').first();
        const overflow = await advice.evaluate(
          (element) => element.scrollWidth - element.clientWidth,
        );
        if (overflow > 1) problems.push(`${where}: the install command scrolls sideways`);
        await page.screenshot({
          path: join(SCREENS, `sandbox-missing-server-${size.name}-${theme}.png`),
        });
        problems.push(...(await checks(page, where)));
      }
    }
    // Said once: what is missing, the install command, the way out. The log is a record of what
    // happened, not the page speaking, and is left out.
    const text = await page.locator('.content').evaluate((content) => {
      const copy = content.cloneNode(true) as HTMLElement;
      copy.querySelector('.log-pane')?.remove();
      return copy.textContent ?? '';
    });
    const times = (pattern: RegExp) => text.match(pattern)?.length ?? 0;
    expect(times(/cannot run/gi), text).toBe(1);
    expect(times(/sudo apt install/g), text).toBe(1);
    expect(await notice.getByRole('button', { name: 'Copy the command' }).count()).toBe(1);
    expect(await notice.getByRole('button', { name: 'Run without the sandbox once' }).count()).toBe(
      1,
    );
    expect(problems).toEqual([]);
  }, 90_000);

  it('a shell approval in the popup keeps its answers on one row, with nothing under them', async () => {
    const popup = await session.browser.newPage({ viewport: { width: 380, height: 560 } });
    try {
      await popup.goto(`${session.host.url}&view=popup`);
      await popup.getByRole('textbox', { name: 'Message' }).fill('Please list the files');
      await popup.keyboard.press('Enter');
      const approval = popup.getByRole('dialog', { name: /run_shell_command/ });
      await approval.waitFor({ timeout: 20_000 });
      const problems: string[] = [];
      for (const theme of THEMES) {
        await popup.emulateMedia({ colorScheme: theme });
        const layout = await approval.evaluate((dialog) => {
          const found: string[] = [];
          const footer = dialog.querySelector('.dialog-actions') as HTMLElement;
          const body = dialog.querySelector('.dialog-body') as HTMLElement;
          const buttons = [...footer.querySelectorAll('button')]
            .map((button) => button.getBoundingClientRect())
            .filter((rect) => rect.width > 0);
          const tops = new Set(buttons.map((rect) => Math.round(rect.top)));
          if (tops.size > 1) found.push(`the answers take ${tops.size} rows`);
          const bar = footer.getBoundingClientRect();
          const view = body.getBoundingClientRect();
          if (view.bottom > bar.top + 1) found.push('the body runs under the answers');
          // Scrolled to its end, the body's last line is in view above the answers.
          body.scrollTop = body.scrollHeight;
          const last = body.lastElementChild?.getBoundingClientRect();
          if (last && last.bottom > bar.top + 1)
            found.push(
              `the body's end (${Math.round(last.bottom)}) is under the answers (${Math.round(bar.top)})`,
            );
          body.scrollTop = 0;
          return found;
        });
        problems.push(...layout.map((problem) => `popup ${theme}: ${problem}`));
        await popup.screenshot({
          path: join(SCREENS, `sandbox-missing-popup-approval-380x560-${theme}.png`),
        });
        problems.push(...(await checks(popup, `popup approval ${theme}`)));
      }
      // The rarer answers are a menu away, and the menu is on screen when opened.
      await approval.getByRole('button', { name: 'More answers' }).click();
      const menu = popup.getByRole('menu');
      await menu.getByRole('menuitem', { name: 'Always allow this command' }).waitFor();
      await popup.screenshot({
        path: join(SCREENS, 'sandbox-missing-popup-menu-380x560-dark.png'),
      });
      // Not the contrast check: it moves focus, which closes a menu.
      for (const problem of [
        ...(await layoutProblems(popup)),
        ...(await accessibilityProblems(popup)),
      ])
        problems.push(`popup menu dark: ${problem}`);
      // Escape closes the menu alone: the question stays, focus back on the menu's button.
      await menu.getByRole('menuitem').first().focus();
      await popup.keyboard.press('Escape');
      await expect.poll(() => menu.count()).toBe(0);
      expect(
        await approval
          .getByRole('button', { name: 'More answers' })
          .evaluate((button) => button === document.activeElement),
      ).toBe(true);
      await approval.getByRole('button', { name: 'Allow once' }).click();
      await popup
        .getByText(/Shell said:/)
        .first()
        .waitFor({ timeout: 20_000 });
      expect(problems).toEqual([]);
    } finally {
      await popup.close();
    }
  }, 90_000);
});
