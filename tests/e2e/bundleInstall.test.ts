import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { openBrowserSession, type BrowserSession } from '../support/browserSession';
import { buildBundle, greeterManifest, tampered, type BuiltBundle } from '../support/bundleBuilder';
import { accessibilityProblems } from '../support/screenChecks';
import { tempDir } from '../support/testHost';

// From an empty Hearth in Chromium: a .mcpb made by the official tool is chosen with the file
// picker, its required setting filled in, its launch approved, and its tool called in the chat.
// Then the bundles Hearth refuses (a bad manifest, a bad signature), each with its reason.
let session: BrowserSession;
let page: Page;
let bundle: BuiltBundle;
const shot = (name: string) => session.shot(name);

function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer(`The greeter said: ${last.content}`);
  if ((last?.content ?? '').includes('greet')) return toolCall('Greeter_greet', { name: 'Ada' });
  return plainAnswer('Hello.');
}

beforeAll(async () => {
  bundle = await buildBundle({ sign: true });
  session = await openBrowserSession({
    name: 'bundles',
    script,
    viewport: { width: 1280, height: 860 },
    async prepare(api, ollama) {
      await api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } });
    },
  });
  page = session.page;
}, 120_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(`failed-bundles-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
});

afterAll(() => session?.close());

async function pickFile(path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Install bundle…' }).click();
  await (await chooser).setFiles(path);
}

describe('installing a .mcpb bundle', () => {
  it('installs from the file picker, asks for the required setting, approves the launch and calls its tool in the chat', async () => {
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page.getByRole('heading', { name: 'No servers of your own yet' }).waitFor();
    await pickFile(bundle.path);
    const dialog = page.getByRole('dialog', { name: 'Install “Greeter”' });
    await dialog.waitFor();
    await dialog.getByText('Self-signed', { exact: true }).waitFor();
    expect(await dialog.getByRole('list', { name: 'Tools' }).textContent()).toContain('greet');
    expect(await dialog.getByText('Hearth’s own Node.js (nothing to install)').count()).toBe(1);
    expect(
      await dialog.getByRole('link', { name: 'Website of Hearth tests' }).getAttribute('href'),
    ).toBe('https://example.com');
    // Words a person reads: no "Manifest 0.3" badge, no bare "Maker" link.
    expect(await dialog.getByText(/Manifest \d/).count()).toBe(0);
    expect(await dialog.getByText(/bundle format \d/).count()).toBe(1);
    await dialog.getByText('More about it').click();
    await dialog.getByText('The greeting is yours to choose.').waitFor();
    await shot('bundle-install-light');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Install without the required greeting: the field says so and nothing is installed.
    await dialog.getByRole('button', { name: 'Install' }).click();
    await dialog.getByText('Give “Greeting” a value.').waitFor();
    expect(
      await dialog
        .getByRole('textbox', { name: 'Greeting (required)' })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    const token = dialog.getByLabel('API token');
    expect(await token.getAttribute('type')).toBe('password');
    await dialog.getByRole('textbox', { name: 'Greeting (required)' }).fill('Ahoy');
    await token.fill('tok-from-the-page');
    await dialog.getByRole('button', { name: 'Install' }).click();

    const review = page.getByRole('dialog', { name: 'Review “Greeter”' });
    await review.waitFor();
    expect(await review.getByRole('table', { name: 'Environment' }).textContent()).toContain(
      '••••••••',
    );
    expect(await review.textContent()).not.toContain('tok-from-the-page');
    await shot('bundle-launch-review');
    await review.getByRole('button', { name: 'Approve and start' }).click();
    await page.getByRole('heading', { name: 'Greeter', level: 2, exact: true }).waitFor();
    // The badge in this server's own header (any "ready" in the page's text would do otherwise).
    await page
      .locator('.server-detail-header')
      .filter({ has: page.getByRole('heading', { name: 'Greeter', level: 2, exact: true }) })
      .getByText('Ready', { exact: true })
      .waitFor({ timeout: 20_000 });
    await shot('bundle-installed-server');

    await page.getByRole('button', { name: /New chat/i }).click();
    await page.getByRole('textbox', { name: 'Message' }).fill('please greet Ada');
    await page.keyboard.press('Enter');
    const approval = page.getByRole('dialog', { name: /greet/ });
    await approval.getByRole('button', { name: 'Allow once' }).click();
    await page
      .getByText(/The greeter said: Ahoy, Ada! token=set\(17\)/)
      .first()
      .waitFor({ timeout: 20_000 });
    await shot('bundle-tool-in-chat');
  }, 120_000);

  it('offers the same bundle again as a reinstall keeping the settings, in dark and in a small window', async () => {
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await pickFile(bundle.path);
    const dialog = page.getByRole('dialog', { name: 'Reinstall “Greeter”' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Greeting (required)' }).inputValue()).toBe(
      'Ahoy',
    );
    expect(await dialog.getByLabel('API token').getAttribute('placeholder')).toMatch(/stored/);
    await shot('bundle-update-dark');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 480, height: 720 });
    await shot('bundle-update-small-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await shot('bundle-update-small-light');
    await page.setViewportSize({ width: 1280, height: 860 });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  }, 60_000);

  it('asks whether an unsigned bundle by the installed one’s author is an update, showing what changes', async () => {
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    const first = await buildBundle({
      manifest: greeterManifest({ name: 'notes', display_name: 'Notes' }),
    });
    await pickFile(first.path);
    const install = page.getByRole('dialog', { name: 'Install “Notes”' });
    await install.getByRole('textbox', { name: 'Greeting (required)' }).fill('Hej');
    await install.getByLabel('API token').fill('notes-secret');
    await install.getByRole('button', { name: 'Install' }).click();
    const review = page.getByRole('dialog', { name: 'Review “Notes”' });
    await review.getByRole('button', { name: 'Cancel' }).click();
    const next = greeterManifest({ name: 'notes', display_name: 'Notes', version: '1.1.0' });
    (next.server as { mcp_config: { args: string[] } }).mcp_config.args.push('--verbose');
    await pickFile((await buildBundle({ manifest: next })).path);
    // Titled Install until the user says it is an update, then Update.
    const dialog = page.getByRole('dialog', { name: /^(Install|Update) “Notes”$/ });
    await dialog.getByRole('heading', { name: 'What changes' }).waitFor();
    expect(await dialog.locator('.bundle-changes').textContent()).toContain('--verbose');
    const question = dialog.getByRole('group', { name: 'Is this an update of “Notes”?' });
    await dialog.getByRole('button', { name: 'Install' }).click();
    await dialog
      .getByText('Say whether it updates “Notes” or installs as a separate server.')
      .waitFor();
    await shot('bundle-unsigned-update-question');
    expect(await accessibilityProblems(page)).toEqual([]);
    await question.getByRole('radio', { name: /^Yes, update “Notes”/ }).check();
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot('bundle-unsigned-update-dark');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await dialog.getByRole('button', { name: 'Update' }).click();
    const again = page.getByRole('dialog', { name: 'Review “Notes”' });
    await again.getByText('--verbose').first().waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  }, 90_000);

  it('opens the install dialog for a .mcpb dropped on the window, from any view', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const bytes = readFileSync(bundle.path).toString('base64');
    const transfer = await page.evaluateHandle((base64) => {
      const data = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
      const dropped = new DataTransfer();
      dropped.items.add(new File([data], 'greeter.mcpb'));
      return dropped;
    }, bytes);
    await page.dispatchEvent('main', 'dragenter', { dataTransfer: transfer });
    await page.getByText('Drop a .mcpb bundle to install it').waitFor();
    await shot('bundle-drop-target');
    await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
    const dialog = page.getByRole('dialog', { name: 'Reinstall “Greeter”' });
    await dialog.waitFor();
    expect(await page.getByText('Drop a .mcpb bundle to install it').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
  }, 60_000);

  it('refuses a bad signature and a bad manifest, each with its reason, installing nothing', async () => {
    const folder = tempDir('bad-bundles');
    const changed = join(folder, 'changed.mcpb');
    writeFileSync(changed, tampered(bundle.path));
    await pickFile(changed);
    const refused = page.getByRole('dialog', { name: 'This bundle cannot be installed' });
    await refused
      .getByText(/signature is not valid: its contents changed after it was signed/)
      .waitFor();
    await refused.getByText('Nothing was installed.').waitFor();
    await shot('bundle-bad-signature');
    expect(await accessibilityProblems(page)).toEqual([]);
    await refused.getByRole('button', { name: 'Close' }).click();

    const broken = join(folder, 'broken.mcpb');
    writeFileSync(
      broken,
      zipSync({
        'manifest.json': strToU8(JSON.stringify({ manifest_version: '0.3', name: 'broken' })),
      }),
    );
    await pickFile(broken);
    await refused
      .getByText(/manifest.json \(version 0.3\) is not valid: version is missing/)
      .waitFor();
    await shot('bundle-bad-manifest');
    await refused.getByRole('button', { name: 'Close' }).click();
    const names = await page.locator('.server-list').textContent();
    expect(names).not.toContain('broken');
  }, 60_000);
});
