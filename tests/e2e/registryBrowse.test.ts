import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { bundleEntry, MEMORY_VERSION } from '../fixtures/registry/documents';
import { startTestRegistry, type TestRegistry } from '../fixtures/registry/registryServer';
import { openBrowserSession, type BrowserSession } from '../support/browserSession';
import { buildBundle } from '../support/bundleBuilder';
import { accessibilityProblems, layoutProblems } from '../support/screenChecks';
import { tempDir } from '../support/testHost';

// The acceptance for the registry, in Chromium against the built browser host: from an
// empty Hearth, browse a loopback registry serving the API's real shapes, install the memory
// server from its entry without typing a command (its required variable in the form), approve
// its launch, and have the model call one of its tools in chat. Then the ways it goes wrong: a
// malformed entry, a registry that is down, an entry Hearth cannot install this way.
let registry: TestRegistry;
let session: BrowserSession;
let page: Page;
const memoryFile = join(tempDir('registry-e2e'), 'memory.jsonl');
const shot = (name: string) => session.shot(name);

/** The model creates an entity with the memory server's tool, then answers. */
function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool')
    return plainAnswer(`Noted. The server said: ${last.content.slice(0, 80)}`);
  const tool = request.tools?.find((candidate) =>
    candidate.function.name?.endsWith('create_entities'),
  );
  if (!tool?.function.name) return plainAnswer('I have no memory tool.');
  return toolCall(tool.function.name, {
    entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }],
  });
}

beforeAll(async () => {
  // A bundle made by the official packaging tool, published as an entry with its hash, and the
  // same file under an entry whose hash is wrong.
  const bundle = readFileSync((await buildBundle({ sign: true })).path);
  const sha256 = createHash('sha256').update(bundle).digest('hex');
  registry = await startTestRegistry({
    files: { 'greeter.mcpb': bundle },
    more: (url) => [
      bundleEntry({
        name: 'io.github.hearth-tests/greeter',
        title: 'Greeter',
        url: `${url}/files/greeter.mcpb`,
        fileSha256: sha256,
      }),
      bundleEntry({
        name: 'io.github.hearth-tests/greeter-rehashed',
        title: 'Greeter with a wrong hash',
        url: `${url}/files/greeter.mcpb`,
        fileSha256: 'f'.repeat(64),
      }),
    ],
  });
  session = await openBrowserSession({
    name: 'registry',
    script,
    viewport: { width: 1280, height: 820 },
    async prepare(api, ollama) {
      await api.settings.set({
        ollama: { host: ollama.url },
        chat: { model: 'llama3.2', toolBudgets: { 'llama3.2': 0 } },
        registry: { url: registry.url },
      });
    },
  });
  page = session.page;
}, 120_000);

afterEach(async (context) => {
  registry.setMode('ok');
  await registry.up();
  if (context.task.result?.state === 'fail')
    await shot(`failed-registry-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
});

afterAll(async () => {
  await session?.close();
  await registry?.close();
});

async function openBrowse() {
  await page.getByRole('button', { name: 'Servers', exact: true }).click();
  const back = page.getByRole('button', { name: 'Back to your servers' });
  if ((await back.count()) > 0) await back.click();
  await page.getByRole('button', { name: 'Browse registry' }).click();
  await page.getByRole('heading', { name: 'Browse servers' }).waitFor();
}

const results = () => page.getByRole('list', { name: 'Servers in the registry' });

describe('browsing and installing from a registry', () => {
  it('installs the memory server from its entry, approves it and calls its tool in chat', async () => {
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page.getByRole('heading', { name: 'No servers of your own yet' }).waitFor();
    await shot('registry-empty-servers');
    await page.getByRole('button', { name: 'Find one in a registry' }).click();
    await page.getByRole('heading', { name: 'Browse servers' }).waitFor();
    await expect.poll(() => results().getByRole('listitem').count()).toBe(19);
    await page.getByText('One entry was left out: it is malformed.').click();
    await page.getByText(/broken-entry/).waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => results().getByRole('listitem').count()).toBe(36);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await shot('registry-browse-list');

    await page.getByRole('searchbox', { name: 'Search the registry' }).fill('memory');
    await page.keyboard.press('Enter');
    await expect.poll(() => results().getByRole('listitem').count()).toBe(1);
    await results().getByRole('button', { name: 'Memory' }).click();
    const options = page.getByRole('list', { name: 'Ways to install it' });
    await options
      .getByText(`npx -y @modelcontextprotocol/server-memory@${MEMORY_VERSION}`)
      .waitFor();
    await page.getByRole('button', { name: 'Source repository' }).waitFor();
    // The runtime doctor's answer: npx is found here, as the e2e host's PATH has Node.
    await options.getByText(/Runs with Node\.js \(npx\)/).waitFor({ timeout: 20_000 });
    await shot('registry-detail');
    expect(await accessibilityProblems(page)).toEqual([]);

    await options.getByRole('button', { name: 'Install…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Install “Memory”' });
    await dialog.waitFor();
    const variable = dialog.getByRole('textbox', { name: /MEMORY_FILE_PATH/ });
    expect(await variable.getAttribute('aria-required')).toBe('true');
    await dialog.getByRole('button', { name: 'Install', exact: true }).click();
    await dialog.getByText('Required.').waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id,
        ),
      )
      .toBeTruthy();
    expect(await variable.evaluate((element) => element === document.activeElement)).toBe(true);
    await variable.fill(memoryFile);
    await shot('registry-install-form');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Install', exact: true }).click();

    const review = page.getByRole('dialog', { name: 'Review “Memory”' });
    await review.waitFor();
    await review.getByText('npx').first().waitFor();
    await review.getByText(memoryFile).waitFor();
    await shot('registry-launch-review');
    await review.getByRole('button', { name: 'Approve and start' }).click();

    const list = page.getByRole('list', { name: 'Servers' });
    await list.getByRole('button', { name: 'Memory' }).waitFor();
    await expect
      .poll(() => list.getByRole('listitem').filter({ hasText: 'Memory' }).textContent(), {
        timeout: 30_000,
      })
      .toMatch(/Ready/);
    await shot('registry-installed');

    await page
      .getByRole('button', { name: /New chat/ })
      .first()
      .click();
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Remember that Ada wrote the first program.');
    await page.keyboard.press('Enter');
    const approval = page.getByRole('dialog', { name: /create_entities/ });
    await approval.waitFor({ timeout: 15_000 });
    await approval.getByRole('button', { name: 'Allow once' }).click();
    await page.getByText(/Noted\. The server said/).waitFor({ timeout: 15_000 });
    await shot('registry-tool-in-chat');
    expect(readFileSync(memoryFile, 'utf8')).toContain('wrote the first program');
  });

  it('says when the registry is down, installs nothing, and reads it again when it is back', async () => {
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    const servers = page.getByRole('list', { name: 'Servers' }).getByRole('listitem');
    await expect.poll(() => servers.count()).toBe(2);
    await openBrowse();
    await registry.down();
    await page.getByRole('searchbox', { name: 'Search the registry' }).fill('weather');
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: /could not be reached/ })
      .waitFor();
    await shot('registry-down');
    await registry.up();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => results().getByRole('listitem').count()).toBe(3);
    await page.getByRole('button', { name: 'Back to your servers' }).click();
    await expect.poll(() => servers.count()).toBe(2);
  });

  it('says in words when the registry never finishes its answer, with Try again, at both sizes and themes', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openBrowse();
    registry.setMode('stall-body');
    await page.getByRole('searchbox', { name: 'Search the registry' }).fill('memory');
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: /did not answer within 15 s/ });
    await alert.waitFor({ timeout: 60_000 });
    expect(await alert.textContent()).not.toMatch(/registry:|aborted|E_[A-Z]/);
    const problems: string[] = [];
    for (const size of [
      { width: 1280, height: 800 },
      { width: 900, height: 600 },
    ]) {
      await page.setViewportSize(size);
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await shot(`registry-no-answer-${size.width}x${size.height}-${theme}`);
        problems.push(...(await layoutProblems(page)), ...(await accessibilityProblems(page)));
      }
    }
    expect(problems).toEqual([]);
    registry.setMode('ok');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => results().getByRole('listitem').count()).toBeGreaterThan(0);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 820 });
  });

  it('says why an entry cannot be installed a way, and a failed install leaves nothing', async () => {
    await openBrowse();
    await page.getByRole('searchbox', { name: 'Search the registry' }).fill('text-editor');
    await page.keyboard.press('Enter');
    await results().getByRole('button', { name: 'Text Editor' }).click();
    const options = page.getByRole('list', { name: 'Ways to install it' });
    await options.getByText(/Install bundle/).waitFor();
    expect(await options.getByRole('button', { name: 'Install…' }).count()).toBe(0);

    await page.getByRole('searchbox', { name: 'Search the registry' }).fill('brave');
    await page.keyboard.press('Enter');
    await results().getByRole('button', { name: 'Brave Search' }).click();
    await page
      .getByRole('list', { name: 'Ways to install it' })
      .getByRole('button', { name: 'Install…' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Install “Brave Search”' });
    const key = dialog.getByLabel(/BRAVE_API_KEY/);
    expect(await key.getAttribute('type')).toBe('password');
    await key.fill('BSA-secret');
    // The registry goes away between reading the entry and installing: nothing is installed.
    await registry.down();
    await dialog.getByRole('button', { name: 'Install', exact: true }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: /could not be reached/ })
      .waitFor();
    await shot('registry-install-failed');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Back to your servers' }).click();
    expect(
      await page
        .getByRole('list', { name: 'Servers' })
        .getByRole('button', { name: 'Brave Search' })
        .count(),
    ).toBe(0);
  });

  it('installs a bundle from its entry through the bundle dialog, and refuses one whose hash differs', async () => {
    await openBrowse();
    await page.getByRole('searchbox', { name: 'Search the registry' }).fill('greets');
    await page.keyboard.press('Enter');
    await expect.poll(() => results().getByRole('listitem').count()).toBe(2);
    await results().getByRole('button', { name: 'Greeter', exact: true }).click();
    await page
      .getByRole('list', { name: 'Ways to install it' })
      .getByRole('button', { name: 'Install bundle…' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Install “Greeter”' });
    await dialog.waitFor({ timeout: 20_000 });
    await dialog.getByText('Matches the registry’s hash').waitFor();
    await shot('registry-bundle-dialog');
    await dialog.getByRole('textbox', { name: 'Greeting (required)' }).fill('Ahoy');
    await dialog.getByRole('button', { name: 'Install' }).click();
    const review = page.getByRole('dialog', { name: 'Review “Greeter”' });
    await review.getByRole('button', { name: 'Approve and start' }).click();
    const list = page.getByRole('list', { name: 'Servers' });
    await expect
      .poll(() => list.getByRole('listitem').filter({ hasText: 'Greeter' }).textContent(), {
        timeout: 30_000,
      })
      .toMatch(/Ready/);

    await openBrowse();
    await page.getByRole('searchbox', { name: 'Search the registry' }).fill('greets');
    await page.keyboard.press('Enter');
    await results().getByRole('button', { name: 'Greeter with a wrong hash' }).click();
    await page
      .getByRole('list', { name: 'Ways to install it' })
      .getByRole('button', { name: 'Install bundle…' })
      .click();
    await page
      .getByText(/not the one the registry describes/)
      .first()
      .waitFor({ timeout: 20_000 });
    await shot('registry-bundle-wrong-hash');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Back to your servers' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
  });

  it('holds up in a small window, light and dark', async () => {
    await page.setViewportSize({ width: 900, height: 600 });
    await openBrowse();
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect.poll(() => results().getByRole('listitem').count()).toBeGreaterThan(0);
      await shot(`registry-browse-900x600-${theme}`);
      problems.push(...(await layoutProblems(page)), ...(await accessibilityProblems(page)));
      await results().getByRole('button', { name: 'Hybrid' }).click();
      await page.getByRole('list', { name: 'Ways to install it' }).waitFor();
      await shot(`registry-detail-900x600-${theme}`);
      problems.push(...(await layoutProblems(page)), ...(await accessibilityProblems(page)));
      await page.getByRole('button', { name: 'Back to the results' }).click();
    }
    expect(problems).toEqual([]);
    expect(existsSync(memoryFile)).toBe(true);
  });

  it('works from the keyboard alone: search, choose, install, fill the form and submit with Enter', async () => {
    await page.setViewportSize({ width: 1280, height: 820 });
    await page.emulateMedia({ colorScheme: 'light' });
    await openBrowse();
    const focused = () => page.evaluate(() => (document.activeElement?.textContent ?? '').trim());
    const tabTo = async (name: string) => {
      for (let press = 0; press < 40 && (await focused()) !== name; press++)
        await page.keyboard.press('Tab');
      expect(await focused()).toBe(name);
    };
    await page.getByRole('searchbox', { name: 'Search the registry' }).focus();
    await page.keyboard.type('python');
    await page.keyboard.press('Enter');
    await expect.poll(() => results().getByRole('listitem').count()).toBe(1);
    await tabTo('Weather');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Ways to install it' }).waitFor();
    await tabTo('Install…');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Install “Weather”' });
    await dialog.waitFor();
    await dialog.getByText('uvx weather-mcp-server@0.5.0').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type('key-typed-with-the-keyboard');
    expect(
      await dialog
        .getByLabel(/WEATHER_API_KEY/)
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Enter');
    const review = page.getByRole('dialog', { name: 'Review “Weather”' });
    await review.waitFor();
    expect(await review.textContent()).not.toContain('key-typed-with-the-keyboard');
    await page.keyboard.press('Escape');
    const list = page.getByRole('list', { name: 'Servers' });
    await expect
      .poll(() => list.getByRole('listitem').filter({ hasText: 'Weather' }).textContent())
      .toMatch(/Needs approval/);
  });
});
