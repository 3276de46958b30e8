import type { Page } from 'playwright-core';
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
import { addApprovedServer } from '../support/fixtureServerSetup';
import { fixtureCommand } from '../support/mcpFixtures';
import { actionColumnProblems, nonTextContrastProblems } from '../support/controlChecks';
import { accessibilityProblems, contrastOf, layoutProblems } from '../support/screenChecks';
import { join } from 'node:path';

// Every screen as a person meets it, in Chromium at a full and a small window, light and dark:
// no serious accessibility finding (colour contrast included), a window that never scrolls as
// a document, nothing interactive past its edges, no heading cut short. Screenshots of each go
// to test-results/screens/ to be looked at.

let session: BrowserSession;
let page: Page;

function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer(`The tool answered: ${last.content.slice(0, 60)}`);
  if (last?.content.includes('echo'))
    return toolCall('fixture_echo', { text: 'hello from the fixture' });
  return plainAnswer('Here is an answer with `code` and a list:\n\n- one\n- two\n\n> A quotation.');
}

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'screens',
    script,
    viewport: { width: 1280, height: 800 },
    prepare: async (api, ollama) => {
      await api.settings.set({
        ollama: {
          host: ollama.url,
          // Names of different lengths: their Forget buttons still stand in one column.
          cloudModelsAllowed: ['gpt-oss:120b-cloud', 'qwen3-coder:480b-cloud', 'kimi-k2:1t-cloud'],
        },
        chat: { model: 'llama3.2' },
      });
      await addApprovedServer(api, 'fixture', fixtureCommand(['--tools=echo,add']));
      // Enough conversations for the list to scroll at the small size.
      for (let index = 0; index < 24; index++)
        await api.chat.send({
          text: `Question number ${index} about the weather`,
          model: 'llama3.2',
        });
    },
  });
  page = session.page;
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
});

afterAll(() => session?.close());

/** Each screen and how to reach it from anywhere in the app. */
const SCREENS_TO_CHECK: { name: string; open(page: Page): Promise<void> }[] = [
  {
    name: 'chat-new',
    open: async (current) => {
      await current
        .getByRole('button', { name: /New chat/ })
        .first()
        .click();
      await current.getByRole('heading', { name: 'New chat' }).waitFor();
    },
  },
  {
    name: 'chat-conversation',
    open: async (current) => {
      await current
        .getByRole('button', { name: /Tool conversation/ })
        .first()
        .click();
      await current
        .getByText(/The tool answered/)
        .first()
        .waitFor();
    },
  },
  {
    name: 'servers',
    open: async (current) => {
      await current.getByRole('button', { name: 'Servers', exact: true }).click();
      await current.getByText('fixture', { exact: true }).first().click();
      await current.getByRole('heading', { name: 'fixture' }).first().waitFor();
      // The runtimes panel checked too, once its answer is in.
      await current.getByRole('list', { name: 'Runtimes' }).waitFor();
    },
  },
  {
    name: 'settings',
    open: async (current) => {
      await current.getByRole('button', { name: 'Settings', exact: true }).click();
      await current.getByRole('heading', { name: 'Settings' }).first().waitFor();
    },
  },
  {
    // Switches (on and off) and the cloud models' Forget buttons in view.
    name: 'settings-cloud-models',
    open: async (current) => {
      await current.getByRole('button', { name: 'Settings', exact: true }).click();
      const list = current.getByRole('group', { name: 'Cloud models you agreed to' });
      await list.waitFor();
      await list.scrollIntoViewIfNeeded();
      await current.getByRole('switch', { name: 'Hide cloud models' }).scrollIntoViewIfNeeded();
    },
  },
  {
    // Where shell commands run and what they get: the two fields beside the sandbox switch.
    name: 'settings-shell',
    open: async (current) => {
      await current.getByRole('button', { name: 'Settings', exact: true }).click();
      const folder = current.getByRole('textbox', { name: 'Folder for shell commands' });
      await folder.waitFor();
      await current
        .getByRole('textbox', { name: 'Variables shell commands get' })
        .scrollIntoViewIfNeeded();
      await folder.scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'settings-tool-selection',
    open: async (current) => {
      await current.getByRole('button', { name: 'Settings', exact: true }).click();
      const section = current.getByRole('heading', { name: 'Tool selection' });
      await section.waitFor();
      await section.scrollIntoViewIfNeeded();
      await current
        .getByText(/Ranking tools by meaning|No embedding model|Connect to Ollama/)
        .first()
        .waitFor();
    },
  },
  {
    name: 'about',
    open: async (current) => {
      await current.getByRole('button', { name: 'About', exact: true }).click();
      await current.getByRole('heading').first().waitFor();
    },
  },
];

describe('every screen holds up', () => {
  it('a conversation with a tool call approved in the dialog (checked while the dialog is open)', async () => {
    await page
      .getByRole('button', { name: /New chat/ })
      .first()
      .click();
    await page.getByRole('textbox', { name: 'Message' }).fill('Tool conversation: please echo');
    await page.keyboard.press('Enter');
    const approval = page.getByRole('dialog', { name: /echo/ });
    await approval.waitFor();
    const problems = [...(await accessibilityProblems(page)), ...(await layoutProblems(page))];
    await page.screenshot({ path: join(SCREENS, 'screen-approval-1280x800-light.png') });
    await approval.getByRole('button', { name: 'Allow once' }).click();
    await page
      .getByText(/The tool answered/)
      .first()
      .waitFor({ timeout: 15_000 });
    expect(problems).toEqual([]);
  });

  it.each(SIZES)(
    'at $name, light and dark: accessible, never scrolling as a document, nothing past the edges',
    async (size) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const problems: string[] = [];
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        for (const screen of SCREENS_TO_CHECK) {
          await screen.open(page);
          await page.screenshot({
            path: join(SCREENS, `screen-${screen.name}-${size.name}-${theme}.png`),
          });
          for (const problem of [
            // First, while the screen is as shot: the layout check scrolls every pane.
            ...(await nonTextContrastProblems(page)),
            ...(await actionColumnProblems(page)),
            ...(await layoutProblems(page)),
            ...(await accessibilityProblems(page)),
          ])
            problems.push(`${screen.name} ${size.name} ${theme}: ${problem}`);
        }
      }
      expect(problems).toEqual([]);
    },
    // Seven screens in two themes, each measured four ways.
    180_000,
  );

  it('the popup at 380×560, light and dark', async () => {
    const popup = await session.browser.newPage({ viewport: { width: 380, height: 560 } });
    try {
      await popup.goto(`${session.host.url}&view=popup`);
      await popup.getByRole('textbox', { name: 'Message' }).waitFor();
      const problems: string[] = [];
      for (const theme of THEMES) {
        await popup.emulateMedia({ colorScheme: theme });
        await popup.screenshot({ path: join(SCREENS, `screen-popup-380x560-${theme}.png`) });
        for (const problem of [
          ...(await layoutProblems(popup)),
          ...(await accessibilityProblems(popup)),
          ...(await nonTextContrastProblems(popup)),
        ])
          problems.push(`popup ${theme}: ${problem}`);
      }
      expect(problems).toEqual([]);
    } finally {
      await popup.close();
    }
  });

  it('sets a quotation in a reply apart from the text around it', async () => {
    await page
      .getByRole('button', { name: /Question number 5 about/ })
      .first()
      .click();
    const quote = page.locator('.markdown blockquote').first();
    await quote.waitFor();
    const style = await quote.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { border: computed.borderLeftWidth, padding: computed.paddingLeft };
    });
    expect(parseFloat(style.border)).toBeGreaterThan(0);
    expect(parseFloat(style.padding)).toBeGreaterThan(0);
  });

  it('keeps primary and danger buttons readable under the pointer and with focus', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const ratios: string[] = [];
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      const newChat = page.getByRole('button', { name: /New chat/ }).first();
      await newChat.hover();
      ratios.push(`primary hover ${theme} ${(await contrastOf(newChat)).toFixed(2)}`);
      await newChat.focus();
      ratios.push(`primary focus ${theme} ${(await contrastOf(newChat)).toFixed(2)}`);

      const item = page.getByRole('listitem').filter({ hasText: 'Question number 3' }).first();
      await item.hover();
      await item.getByRole('button', { name: 'Delete conversation' }).click();
      const confirm = page.getByRole('dialog', { name: /Delete this conversation/ });
      const danger = confirm.getByRole('button', { name: 'Delete', exact: true });
      await danger.hover();
      ratios.push(`danger hover ${theme} ${(await contrastOf(danger)).toFixed(2)}`);
      await danger.focus();
      ratios.push(`danger focus ${theme} ${(await contrastOf(danger)).toFixed(2)}`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
    }
    const low = ratios.filter((entry) => Number(entry.split(' ').at(-1)) < 4.5);
    expect(low, ratios.join(', ')).toEqual([]);
  });
});
