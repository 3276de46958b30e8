import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { openBrowserSession, type BrowserSession } from '../support/browserSession';
import { fixtureServerPath } from '../support/mcpFixtures';

// A person's first session, in Chromium against the built browser host: point Hearth at Ollama,
// add a server by form, import a Claude Desktop config, chat with a tool call approved in the
// dialog, deny one, run a sudo command through the password dialog, switch the theme, and find
// the conversation again. Screenshots of each screen go to test-results/screens/.
const PASSWORD = 'ui-canary-Pw-4412';

let session: BrowserSession;
let page: Page;
const shot = (name: string) => session.shot(name);

/** Answers by what the user wrote last; after a tool result, says what it learned. */
function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer(`The tool answered: ${last.content.slice(0, 80)}`);
  const text = last?.content ?? '';
  if (text.includes('echo')) return toolCall('fixture_echo', { text: 'hello from the fixture' });
  if (text.includes('add')) return toolCall('fixture_add', { a: 2, b: 3 });
  if (text.includes('root'))
    return toolCall('hearth_run_shell_command', { command: 'sudo echo as-root' });
  return {
    content: 'Here is some code:\n\n```ts\nconst answer: number = 42;\n```\n\nAnything else?',
  };
}

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'ui',
    script,
    viewport: { width: 1280, height: 820 },
    sudoPassword: PASSWORD,
  });
  page = session.page;
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(`failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
});

afterAll(() => session?.close());

describe('a first session in the browser host', () => {
  it('connects to Ollama from Settings and picks a model', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const address = page.getByLabel('Address', { exact: true });
    await address.fill(session.ollama.url);
    await expect
      .poll(() => page.getByText(/Connected/).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const model = page.getByLabel('Default model');
    const option = model.locator('option', { hasText: 'llama3.2' }).first();
    await expect.poll(() => option.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await model.selectOption({ label: (await option.textContent()) ?? '' });
    await shot('settings');
  });

  it('adds a server by form, approves its command, and lists its tools', async () => {
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page.getByRole('button', { name: 'Add server' }).first().click();
    const form = page.getByRole('form', { name: 'Server settings' });
    await form.getByLabel('Name', { exact: true }).fill('fixture');
    await form.getByLabel('Command', { exact: true }).fill(process.execPath);
    await form.getByRole('button', { name: 'Add argument' }).click();
    await form.getByLabel('Argument 1', { exact: true }).fill(fixtureServerPath);
    await form.getByRole('button', { name: 'Add argument' }).click();
    await form.getByLabel('Argument 2', { exact: true }).fill('--tools=echo,add');
    await shot('server-form');
    await form.getByRole('button', { name: /^Save/ }).click();
    await page.getByRole('button', { name: 'Review and approve' }).click();
    const review = page.getByRole('dialog');
    await expect.poll(() => review.getByText(fixtureServerPath).count()).toBeGreaterThan(0);
    await shot('launch-review');
    await review.getByRole('button', { name: 'Approve and start' }).click();
    // The new server's own row, not any "Ready" on the page (the built-in tools' row is ready
    // from the start); then its tools, in the row's count and in the detail's table.
    const row = page
      .getByRole('list', { name: 'Servers' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'fixture', exact: true }) });
    await row.getByText('Ready', { exact: true }).waitFor();
    await row.getByText('2 tools', { exact: true }).waitFor();
    await page.getByRole('switch', { name: 'Enable echo' }).waitFor();
    await page.getByRole('switch', { name: 'Enable add' }).waitFor();
    await shot('servers');
  });

  it('imports a Claude Desktop config with a preview', async () => {
    await page
      .getByRole('button', { name: /^Import/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('textbox')
      .first()
      .fill(
        JSON.stringify({
          mcpServers: {
            memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
          },
        }),
      );
    await dialog.getByRole('button', { name: 'Preview' }).click();
    // The preview's own list, not the pasted text, names the server.
    await dialog
      .getByRole('region', { name: 'Preview' })
      .getByText('memory', { exact: true })
      .waitFor();
    await shot('import-preview');
    await dialog
      .getByRole('button', { name: /^Import/ })
      .last()
      .click();
    const done = page.getByRole('dialog', { name: 'Servers imported' });
    await expect.poll(() => done.getByRole('status').textContent()).toMatch(/Imported 1 server/);
    await done.getByRole('button', { name: 'Done' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /memory/ }).count())
      .toBeGreaterThan(0);
  });

  it('chats, with a tool call approved in the dialog, and shows the card and the answer', async () => {
    await page.getByRole('button', { name: /New chat/i }).click();
    await page.getByRole('textbox', { name: 'Message' }).fill('please echo something');
    await page.keyboard.press('Enter');
    const approval = page.getByRole('dialog', { name: /echo/ });
    await approval.waitFor();
    await shot('approval');
    await approval.getByRole('button', { name: 'Allow once' }).click();
    await expect
      .poll(() => page.getByText(/The tool answered: hello from the fixture/).count(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await shot('chat');
  });

  it('denies a call and the model is told', async () => {
    await page.getByRole('textbox', { name: 'Message' }).fill('now add two numbers');
    await page.keyboard.press('Enter');
    const approval = page.getByRole('dialog', { name: /add/ });
    await approval.waitFor();
    await approval.getByRole('button', { name: 'Deny' }).click();
    await approval.getByRole('textbox').fill('not today');
    await approval.getByRole('button', { name: 'Deny' }).click();
    await expect
      .poll(
        () => page.getByText(/The tool answered: The user denied this call: not today/).count(),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
  });

  it('runs a sudo command through the password dialog', async () => {
    await page.getByRole('textbox', { name: 'Message' }).fill('run it as root');
    await page.keyboard.press('Enter');
    const approval = page.getByRole('dialog', { name: /run_shell_command/ });
    await approval.waitFor();
    // Before anything runs, the approval says the whole line runs as root.
    await approval.getByText(/the whole line runs as administrator \(root\)/).waitFor();
    await shot('sudo-approval');
    await approval.getByRole('button', { name: 'Allow once' }).click();
    const sudo = page.getByRole('dialog', { name: /as administrator/ });
    await sudo.waitFor();
    await shot('sudo');
    const field = sudo.getByRole('textbox', { name: 'Password' });
    expect(await field.inputValue()).toBe('');
    await field.fill(PASSWORD);
    await sudo.getByRole('button', { name: 'Run with sudo' }).click();
    // One reply of the model's says both: the page as a whole already holds an earlier answer
    // and, in the call's card, the command's words.
    await page
      .getByRole('article', { name: 'Assistant', exact: true })
      .filter({ hasText: /The tool answered: .*as-root/s })
      .waitFor({ timeout: 15_000 });
    expect(await page.content()).not.toContain(PASSWORD);
  });

  it('finds the conversation again by search', async () => {
    const search = page.getByRole('searchbox', { name: 'Search conversations' });
    await search.fill('echo');
    const results = page.getByRole('list', { name: 'Search results' });
    // Polls a description of the sidebar so a failure says what it showed instead of hits.
    const state = async () =>
      (await results.count())
        ? `hits: ${await results.getByRole('listitem').count()}`
        : `query “${await search.inputValue()}”: ${await page.locator('.conversation-list').innerText()}`;
    await expect.poll(state, { timeout: 20_000 }).toMatch(/^hits: [1-9]/);
    await shot('search');
  });

  it('switches to the dark theme', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('radio', { name: 'Dark' }).check();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.getByRole('button', { name: /New chat/i }).click();
    await shot('chat-dark');
  });
});
