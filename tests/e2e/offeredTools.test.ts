import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import { openBrowserSession, SCREENS, type BrowserSession } from '../support/browserSession';
import { addApprovedFixture } from '../support/fixtureServerSetup';

// The tool budget as a person sees it in Chromium: 35 tools enabled, a budget of 5, the reply
// says which tools were offered (those the message points to, and the search tool), and a tool
// pinned there goes with the next message.
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'offered',
    script: () => plainAnswer('Sure.'),
    viewport: { width: 1280, height: 900 },
    async prepare(api, ollama) {
      await api.settings.set({
        ollama: { host: ollama.url },
        chat: { model: 'llama3.2', toolBudgets: { 'llama3.2': 5 } },
      });
      await addApprovedFixture(api, ['--tools=echo', '--many-tools=30']);
    },
  });
});

afterAll(() => session?.close());

describe('the tools offered with a reply', () => {
  it('lists them under the reply, and a tool pinned there is sent with the next message', async () => {
    const { page, ollama } = session;
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('please echo this back');
    await page.keyboard.press('Enter');
    // At most the budget; only tools the message points to, and the search tool in one slot.
    const summary = page.getByText(/^[1-5] of 35 tools offered/);
    await summary.waitFor({ timeout: 20_000 });
    await summary.click();
    const list = page.getByRole('list', { name: 'Tools offered with this message' });
    await expect.poll(() => list.getByText('fixture_echo').count()).toBe(1);
    expect(await list.getByText('search_tools').count()).toBe(1);

    await page.getByRole('combobox', { name: /Pin another tool/ }).selectOption({
      label: 'fixture_tool_20',
    });
    await page.locator('.offered-tools-pin').getByRole('button', { name: 'Pin' }).click();
    await page.getByRole('list', { name: 'Also pinned' }).getByText('fixture_tool_20').waitFor();
    await page.screenshot({ path: join(SCREENS, 'offered-tools.png') });
    writeFileSync(join(SCREENS, 'offered-tools.aria.txt'), await list.ariaSnapshot());

    await message.fill('and once more');
    await page.keyboard.press('Enter');
    await expect.poll(() => ollama.chatRequests().length, { timeout: 20_000 }).toBe(2);
    const names = (ollama.chatRequests()[1]?.tools ?? []).map((tool) => tool.function.name);
    expect(names).toContain('fixture_tool_20');
    expect(names.length).toBeLessThanOrEqual(5);
  });
});
