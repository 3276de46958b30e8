/**
 * A server's first start, in Chromium. The launch review of a sandboxed server offers the folder
 * its arguments name as a write folder, ticked. A first npx start that is still downloading: approved from the review dialog
 * (which closes once the server starts, not once the download ends), then the server page's
 * "Downloading" badge and notice with the bytes so far, at a full and a small window, light and
 * dark, checked with axe and the layout rules; then ready once the download ends. A real npx
 * fetches from a loopback registry that lets the tarball through only when the test says.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { defaultSandboxPolicy } from '../../electron/core/sandbox';
import { plainAnswer } from '../fixtures/fakeOllama';
import {
  startSlowNpmRegistry,
  npxFromRegistry,
  TINY_MCP_SERVER,
  type SlowNpmRegistry,
} from '../fixtures/npmRegistry/slowNpmRegistry';
import {
  openBrowserSession,
  SCREENS,
  type BrowserSession,
  SIZES,
  THEMES,
} from '../support/browserSession';
import { obscuredFocusProblems } from '../support/controlChecks';
import { filesystemServer } from '../support/mcpFixtures';
import { accessibilityProblems, layoutProblems } from '../support/screenChecks';
import { tempDir } from '../support/testHost';

const SPEC = 'hearth-slow-mcp@1.0.0';

let session: BrowserSession;
let page: Page;
let registry: SlowNpmRegistry;
let project = '';

/** Screenshots at both sizes and themes, with the problems axe and the layout rules find. */
async function shootAll(name: string, shown: () => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await shown();
      await page.screenshot({ path: join(SCREENS, `${name}-${size.name}-${theme}.png`) });
      for (const problem of [
        ...(await layoutProblems(page)),
        ...(await accessibilityProblems(page)),
      ])
        problems.push(`${size.name} ${theme}: ${problem}`);
    }
  }
  return problems;
}

beforeAll(async () => {
  registry = await startSlowNpmRegistry({
    folder: tempDir('npm-package'),
    name: 'hearth-slow-mcp',
    version: '1.0.0',
    bin: TINY_MCP_SERVER,
    filler: 512 * 1024,
  });
  const cache = tempDir('npm-cache');
  project = join(tempDir('first-start-home'), 'project');
  mkdirSync(project, { recursive: true });
  const files = filesystemServer(project);
  session = await openBrowserSession({
    name: 'first-start-screens',
    script: () => plainAnswer('Sure.'),
    viewport: { width: 1280, height: 800 },
    prepare: async (api, ollama) => {
      await api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } });
      await api.servers.save({
        name: 'first-start',
        transport: npxFromRegistry(registry, SPEC, cache),
      });
      await api.servers.save({
        name: 'files',
        transport: {
          type: 'stdio',
          command: files.command,
          args: files.args,
          env: [],
          sandbox: defaultSandboxPolicy(),
        },
      });
    },
  });
  page = session.page;
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
}, 120_000);

afterAll(async () => {
  registry?.release();
  await session?.close();
  await registry?.close();
});

describe('the launch review of a sandboxed server', () => {
  it('offers the folder its arguments name as a write folder, ticked', async () => {
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page.getByText('files', { exact: true }).first().click();
    await page.getByRole('button', { name: 'Review and approve' }).click();
    const review = page.getByRole('dialog', { name: 'Review “files”' });
    const folders = review.getByRole('group', { name: 'Folders its arguments and variables name' });
    const box = folders.getByRole('checkbox', { name: `Let it write in ${project}` });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    const problems = await shootAll('review-folders', () => folders.scrollIntoViewIfNeeded());
    // From the keyboard: every control reachable, none under the dialog's action bar.
    problems.push(...(await obscuredFocusProblems(review)));
    expect(problems).toEqual([]);
    await page.setViewportSize(SIZES[0] as (typeof SIZES)[number]);
    await review.getByRole('button', { name: 'Approve and start' }).click();
    await review.waitFor({ state: 'hidden' });
    await page
      .locator('.server-detail-header')
      .getByText('Ready', { exact: true })
      .waitFor({ timeout: 60_000 });
  }, 120_000);
});

describe('a first npx start that is still downloading', () => {
  it('the review closes once it starts; its page says what downloads, then it is ready', async () => {
    await page.setViewportSize(SIZES[0] as (typeof SIZES)[number]);
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page.getByText('first-start', { exact: true }).first().click();
    await page.getByRole('button', { name: 'Review and approve' }).click();
    const review = page.getByRole('dialog', { name: 'Review “first-start”' });
    await review.getByRole('button', { name: 'Approve and start' }).click();
    // Closed while the download has not even begun: the tarball is held back.
    await review.waitFor({ state: 'hidden' });
    await registry.tarballAsked;
    registry.release(64 * 1024);
    const notice = page.getByRole('region', { name: 'Download' });
    await expect.poll(() => notice.textContent(), { timeout: 60_000 }).toMatch(/KB so far/);
    expect(await notice.textContent()).toContain(`Downloading ${SPEC} with npx`);
    const badge = page.locator('.server-detail-header').getByText('Downloading');
    expect(await badge.isVisible()).toBe(true);

    const problems = await shootAll('download', () => notice.scrollIntoViewIfNeeded());
    expect(problems).toEqual([]);

    registry.release();
    await page
      .locator('.server-detail-header')
      .getByText('Ready', { exact: true })
      .waitFor({ timeout: 60_000 });
    expect(await notice.count()).toBe(0);
  }, 180_000);
});
