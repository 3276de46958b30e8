/**
 * The OS sandbox's screens in Chromium, at a full and a small window, light and dark (and the
 * popup for the approval): the policy editor in the server form, the blocked-access notice on the
 * server page, and the approval dialog's note on where a sandboxed server's call runs. Each is
 * checked with axe and the layout rules, and its screenshot saved to test-results/screens/ to be
 * looked at. The hostile fixture server runs in the real sandbox (bubblewrap and socat) and tries
 * a loopback port it was not given, which the sandbox blocks and the server page reports.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
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
import { nonTextContrastProblems, obscuredFocusProblems } from '../support/controlChecks';
import { accessibilityProblems, layoutProblems } from '../support/screenChecks';
import { tempDir } from '../support/testHost';

const hostilePath = join(import.meta.dirname, '..', 'fixtures', 'servers', 'hostileServer.mjs');
const sandboxWorks = process.platform === 'linux' && existsSync('/usr/bin/bwrap');

let session: BrowserSession;
let page: Page;
let loopback: Server;
let port = 0;

function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer(`The tool answered: ${last.content.slice(0, 60)}`);
  if (last?.content.includes('read the hostname'))
    return toolCall('hostile_read_file', { path: '/etc/hostname' });
  return plainAnswer('Sure.');
}

/** Screenshots of what is on screen now at every theme, and its problems, in words. */
async function shootThemes(target: Page, name: string, settle?: Locator): Promise<string[]> {
  const problems: string[] = [];
  for (const theme of THEMES) {
    await target.emulateMedia({ colorScheme: theme });
    if (settle) await settle.scrollIntoViewIfNeeded();
    await target.screenshot({ path: join(SCREENS, `sandbox-${name}-${theme}.png`) });
    for (const problem of [
      // First, while the part shown is in view: the layout check scrolls every pane.
      ...(await nonTextContrastProblems(target)),
      ...(await layoutProblems(target)),
      ...(await accessibilityProblems(target)),
    ])
      problems.push(`${name} ${theme}: ${problem}`);
    // The layout check scrolls panes back to the top: bring the part shown back into view.
    if (settle) await settle.scrollIntoViewIfNeeded();
  }
  return problems;
}

beforeAll(async () => {
  loopback = createServer((socket) => socket.end('hello'));
  await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.1', resolve));
  port = (loopback.address() as { port: number }).port;
  // A home of its own for the hostile server, so its attempts never touch the real one.
  const home = tempDir('sandbox-screens-home');
  mkdirSync(join(home, '.ssh'), { recursive: true });
  // Projects where users keep them, which the launch review names as guarded.
  for (const project of ['notes', join('src', 'github.com', 'someone', 'hearth-plugins')]) {
    mkdirSync(join(home, project, '.git', 'hooks'), { recursive: true });
    writeFileSync(join(home, project, '.git', 'config'), '[core]\n');
  }
  session = await openBrowserSession({
    name: 'sandbox-screens',
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
          env: [
            { name: 'HOSTILE_PORT', value: String(port) },
            { name: 'HOME', value: home },
          ],
          sandbox: {
            ...defaultSandboxPolicy(['api.example.com']),
            denyRead: [join(home, 'private')],
            allowWrite: [home],
          },
        },
      });
      await api.servers.approveLaunch(
        'hostile',
        (await api.servers.reviewLaunch('hostile')).fingerprint,
      );
      // The same, not approved yet: its page offers the review.
      await api.servers.save({
        name: 'unreviewed',
        enabled: false,
        transport: {
          type: 'stdio',
          command: process.execPath,
          args: [hostilePath],
          env: [{ name: 'HOME', value: home }],
          sandbox: { ...defaultSandboxPolicy(), allowWrite: [home] },
        },
      });
    },
  });
  page = session.page;
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
}, 120_000);

afterAll(async () => {
  await session?.close();
  loopback?.close();
});

async function openServer(current: Page): Promise<void> {
  await current.getByRole('button', { name: 'Servers', exact: true }).click();
  await current.getByText('hostile', { exact: true }).first().click();
  await current.getByRole('heading', { name: 'hostile' }).first().waitFor();
}

describe.skipIf(!sandboxWorks)('the sandbox’s screens hold up', () => {
  it('the blocked-access notice on the server page', async () => {
    await openServer(page);
    const notice = page.getByRole('region', { name: 'Blocked by the sandbox' });
    await notice.waitFor({ timeout: 20_000 });
    await expect.poll(() => notice.textContent()).toContain(`connection to 127.0.0.1:${port}`);
    const problems: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      problems.push(...(await shootThemes(page, `blocked-${size.name}`, notice)));
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('the policy editor in the server form', async () => {
    await page.setViewportSize(SIZES[0] as (typeof SIZES)[number]);
    await openServer(page);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Server settings' });
    const editor = form.getByRole('group', { name: 'Sandbox' });
    await editor.waitFor();
    await editor.getByText('Hosts it may reach').waitFor();
    const problems: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      problems.push(...(await shootThemes(page, `policy-${size.name}`, editor)));
      // Tab round the whole form: no control may take focus under its sticky Save bar.
      await form.getByRole('textbox', { name: 'Name', exact: true }).focus();
      for (const problem of await obscuredFocusProblems(
        page.getByRole('dialog', { name: 'Edit “hostile”' }),
      ))
        problems.push(`policy ${size.name}: ${problem}`);
    }
    await form.getByRole('button', { name: 'Cancel' }).click();
    expect(problems).toEqual([]);
  }, 60_000);

  it('the export dialog’s VS Code format carries the sandbox', async () => {
    await page.setViewportSize(SIZES[0] as (typeof SIZES)[number]);
    await openServer(page);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export servers' });
    await dialog.getByRole('radio', { name: /VS Code \(mcp\.json\)/ }).check();
    const text = dialog.getByRole('textbox', { name: 'Exported JSON' });
    await expect.poll(() => text.inputValue()).toContain('"sandboxEnabled": true');
    expect(await text.inputValue()).toContain('api.example.com');
    const problems: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      problems.push(...(await shootThemes(page, `export-vscode-${size.name}`)));
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(problems).toEqual([]);
  }, 60_000);

  it('the import preview of a VS Code file: focus on its heading, what is left out in view', async () => {
    const file = JSON.stringify({
      servers: {
        files: { command: 'node', args: ['files.js'], sandboxEnabled: true },
        notes: { command: 'node', args: ['notes.js'], sandboxEnabled: true },
      },
      sandbox: {
        network: { allowedDomains: ['api.example.com'], deniedDomains: ['evil.example'] },
        filesystem: { allowWrite: ['~/notes'], denyWrite: ['~/notes/locked'] },
      },
    });
    const problems: string[] = [];
    await openServer(page);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.getByRole('button', { name: 'Import…', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Import servers' });
      await dialog.getByRole('textbox', { name: 'Configuration JSON' }).fill(file);
      await dialog.getByRole('button', { name: 'Preview' }).click();
      const heading = dialog.getByRole('heading', { name: 'Preview' });
      await expect
        .poll(() => heading.evaluate((element) => element === document.activeElement))
        .toBe(true);
      // The heading at the top of the body's view, and what was left out below it, in view.
      const seen = await dialog.evaluate((element) => {
        const body = element.querySelector('.dialog-body')?.getBoundingClientRect();
        const inView = (selector: string) => {
          const rect = element.querySelector(selector)?.getBoundingClientRect();
          return !!rect && !!body && rect.top >= body.top - 1 && rect.bottom <= body.bottom + 1;
        };
        return {
          heading: inView('.import-preview-title'),
          leftOut: inView('.import-shared-notes'),
        };
      });
      if (!seen.heading) problems.push(`import ${size.name}: the preview's heading is out of view`);
      if (!seen.leftOut) problems.push(`import ${size.name}: what is left out is out of view`);
      expect(await dialog.locator('.import-shared-notes').textContent()).toMatch(
        /denyWrite.*deniedDomains/,
      );
      problems.push(...(await shootThemes(page, `import-preview-${size.name}`, heading)));
      // Every control, reached with Tab or Shift+Tab, in view with its ring whole.
      for (const problem of await obscuredFocusProblems(dialog))
        problems.push(`import ${size.name}: ${problem}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('the launch review names the repositories whose hooks and config stay read-only', async () => {
    await page.setViewportSize(SIZES[0] as (typeof SIZES)[number]);
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page.getByText('unreviewed', { exact: true }).first().click();
    await page.getByRole('heading', { name: 'unreviewed' }).first().waitFor();
    await page.getByRole('button', { name: 'Review and approve' }).click();
    const review = page.getByRole('dialog', { name: 'Review “unreviewed”' });
    const guarded = review.getByText(/Their hooks and config stay read-only/);
    await guarded.waitFor();
    expect(await guarded.textContent()).toMatch(/notes.*hearth-plugins|hearth-plugins.*notes/);
    const problems: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      problems.push(...(await shootThemes(page, `review-repositories-${size.name}`, guarded)));
    }
    await review.getByRole('button', { name: 'Cancel' }).click();
    expect(problems).toEqual([]);
  }, 60_000);

  it('the approval dialog says the server runs sandboxed, and what it may reach', async () => {
    await page.setViewportSize(SIZES[0] as (typeof SIZES)[number]);
    await page
      .getByRole('button', { name: /New chat/ })
      .first()
      .click();
    await page.getByRole('textbox', { name: 'Message' }).fill('Please read the hostname');
    await page.keyboard.press('Enter');
    const approval = page.getByRole('dialog', { name: /read_file/ });
    await approval.waitFor({ timeout: 20_000 });
    await expect.poll(() => approval.textContent()).toMatch(/sandbox/i);
    expect(await approval.textContent()).toContain('api.example.com');
    const problems: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      problems.push(...(await shootThemes(page, `approval-${size.name}`)));
    }
    await approval.getByRole('button', { name: 'Allow once' }).click();
    await page
      .getByText(/The tool answered/)
      .first()
      .waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
  }, 90_000);

  it('the approval dialog in the popup at 380×560', async () => {
    const popup = await session.browser.newPage({ viewport: { width: 380, height: 560 } });
    try {
      await popup.goto(`${session.host.url}&view=popup`);
      await popup.getByRole('textbox', { name: 'Message' }).fill('Please read the hostname');
      await popup.keyboard.press('Enter');
      const approval = popup.getByRole('dialog', { name: /read_file/ });
      await approval.waitFor({ timeout: 20_000 });
      const problems = await shootThemes(popup, 'approval-popup-380x560');
      await approval.getByRole('button', { name: 'Allow once' }).click();
      await popup
        .getByText(/The tool answered/)
        .first()
        .waitFor({ timeout: 20_000 });
      expect(problems).toEqual([]);
    } finally {
      await popup.close();
    }
  }, 90_000);
});
