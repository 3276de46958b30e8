import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import { openBrowserSession, type BrowserSession } from '../support/browserSession';
import { fixtureServerPath } from '../support/mcpFixtures';

// Servers as a new user meets them in Chromium: a whole command line typed into Command, Test
// connection reviewed before it runs, an import preview that marks what will not start here, a
// switch that opens the review, and Approve and start that starts.
let session: BrowserSession;
let page: Page;
const shot = (name: string) => session.shot(name);

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'server-flows',
    script: () => plainAnswer('Sure.'),
    viewport: { width: 1280, height: 820 },
    async prepare(api, ollama) {
      await api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } });
    },
  });
  page = session.page;
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(`failed-servers-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
});

afterAll(() => session?.close());

describe('servers, as a new user meets them', () => {
  it('splits a typed command line, and shows what a test runs before running it', async () => {
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page.getByRole('button', { name: 'Add server' }).first().click();
    const form = page.getByRole('form', { name: 'Server settings' });
    await form.getByLabel('Name', { exact: true }).fill('typed');
    const command = form.getByLabel('Command', { exact: true });
    await command.fill(`${process.execPath} ${fixtureServerPath} --tools=echo`);
    await expect
      .poll(() => form.getByRole('status').first().textContent())
      .toMatch(/split when you leave this field/);
    await command.press('Tab');
    await expect.poll(() => command.inputValue()).toBe(process.execPath);
    await expect
      .poll(() => form.getByLabel('Argument 2', { exact: true }).inputValue())
      .toBe('--tools=echo');
    await shot('server-form-split');
    await form.getByRole('button', { name: 'Test connection' }).click();
    const review = page.getByRole('dialog', { name: 'Run this command to test it?' });
    await review.waitFor();
    await shot('test-connection-review');
    await review.getByRole('button', { name: 'Run test' }).click();
    await expect
      .poll(() => form.getByRole('status', { name: 'Test result' }).textContent(), {
        timeout: 20_000,
      })
      .toMatch(/Connected/);
    await form.getByRole('button', { name: /^Save/ }).click();
    const launch = page.getByLabel('How Hearth reaches it');
    await expect.poll(() => launch.textContent()).toContain('--tools=echo');
  });

  it('marks an imported server that will not start, imports the one picked, and starts it on approval', async () => {
    await page
      .getByRole('button', { name: /^Import/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Import servers' });
    await dialog
      .getByRole('textbox')
      .first()
      .fill(
        JSON.stringify({
          mcpServers: {
            fixture2: { command: process.execPath, args: [fixtureServerPath, '--tools=echo'] },
            missing: { command: 'no-such-program-4711', args: [] },
          },
        }),
      );
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const problems = dialog.getByRole('list', { name: 'Problems with missing' });
    await expect.poll(() => problems.textContent()).toMatch(/no-such-program-4711/);
    expect(await dialog.getByRole('checkbox', { name: 'missing' }).isChecked()).toBe(false);
    expect(await dialog.getByRole('checkbox', { name: 'fixture2' }).isChecked()).toBe(true);
    await shot('import-preview-problems');
    await dialog
      .getByRole('button', { name: /^Import/ })
      .last()
      .click();
    const done = page.getByRole('dialog', { name: 'Servers imported' });
    await expect.poll(() => done.getByRole('status').textContent()).toMatch(/Imported 1 server/);
    await done.getByRole('button', { name: 'Done' }).click();
    const list = page.getByRole('list', { name: 'Servers' });
    expect(await list.getByRole('button', { name: 'missing' }).count()).toBe(0);

    await list.getByRole('button', { name: 'fixture2' }).click();
    // The switch's checkbox is drawn over by its track; a click lands on it as a person's would.
    await page.getByRole('switch', { name: 'Enable fixture2' }).click({ force: true });
    const review = page.getByRole('dialog', { name: 'Review “fixture2”' });
    await review.getByRole('button', { name: 'Approve and start' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'fixture2' }).locator('..').textContent(), {
        timeout: 20_000,
      })
      .toMatch(/Ready/);
    expect(await page.getByRole('switch', { name: 'Enable fixture2' }).isChecked()).toBe(true);
  });

  it('shows the server chosen before leaving Servers when coming back', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page.getByRole('heading', { name: 'fixture2' }).waitFor();
  });

  it('never says Connected beside an address that is not one', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Address', { exact: true }).fill('http://[[bad');
    await page.getByText(/Not an address Hearth can use/).waitFor();
    expect(await page.getByText(/Connected/).count()).toBe(0);
    await shot('settings-invalid-address');
  });
});
