import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { startTestRegistry, type TestRegistry } from '../fixtures/registry/registryServer';
import {
  openBrowserSession,
  SCREENS,
  type BrowserSession,
  SIZES,
  THEMES,
} from '../support/browserSession';
import { buildBundle, type BuiltBundle } from '../support/bundleBuilder';
import { addApprovedServer } from '../support/fixtureServerSetup';
import { everythingStdio } from '../support/mcpFixtures';
import { nonTextContrastProblems, obscuredFocusProblems } from '../support/controlChecks';
import { accessibilityProblems, layoutProblems } from '../support/screenChecks';

// What a new user trips on, in Chromium at 1280×800, 900×600 and the 380×560 popup, light and
// dark: dialogs whose buttons stay in view, Browse using its width, a chat title that keeps its
// words, focus rings nobody clips, and a running task whose bar never reads as finished and
// which can be cancelled alone. Screenshots go to test-results/screens/newuser-*.png.
const LONG_TITLE = 'Planning the garden beds for next spring';

let session: BrowserSession;
let page: Page;
let registry: TestRegistry;
let bundle: BuiltBundle;

function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer(`Understood: ${last.content.slice(0, 60)}`);
  if ((last?.content ?? '').includes('research'))
    return toolCall('everything_simulate-research-query', { topic: 'tidal energy' });
  return plainAnswer('Here is an answer.');
}

beforeAll(async () => {
  bundle = await buildBundle({ sign: true });
  registry = await startTestRegistry();
  session = await openBrowserSession({
    name: 'newuser',
    script,
    viewport: { width: 1280, height: 800 },
    async prepare(api, ollama) {
      await api.settings.set({
        ollama: { host: ollama.url },
        chat: { model: 'llama3.2' },
        registry: { url: registry.url },
      });
      await addApprovedServer(api, 'everything', everythingStdio());
      // Installed from the registry earlier: Browse marks its entry.
      await api.servers.save({
        name: 'weather',
        enabled: false,
        transport: { type: 'stdio', command: 'node', args: ['weather.js'], env: [] },
        registryEntry: { name: 'io.github.example/weather-mcp', version: '1.0.0' },
      });
      for (const text of [LONG_TITLE, 'A second question', 'A third question'])
        await api.chat.send({ text, model: 'llama3.2' });
    },
  });
  page = session.page;
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
}, 180_000);

afterEach(async (context) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  if (context.task.result?.state === 'fail')
    await session.shot(`newuser-failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
});

afterAll(async () => {
  await session?.close();
  await registry?.close();
});

const shot = (target: Page, name: string) =>
  target.screenshot({ path: join(SCREENS, `newuser-${name}.png`) });

/** What of a dialog lies outside the window or its own box, and whether the dialog scrolls whole. */
async function dialogProblems(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((element) => {
    const problems: string[] = [];
    const box = element.getBoundingClientRect();
    if (element.scrollHeight > element.clientHeight + 1) problems.push('the dialog scrolls whole');
    // A form's own buttons count too: the server form keeps them at its scrolling body's edge.
    for (const button of element.querySelectorAll('.dialog-actions button, .form-actions button')) {
      const rect = button.getBoundingClientRect();
      if (rect.bottom > Math.min(box.bottom, innerHeight) + 1 || rect.top < box.top - 1)
        problems.push(
          `“${button.textContent}” is out of view (${Math.round(rect.bottom)} > ${Math.round(Math.min(box.bottom, innerHeight))})`,
        );
    }
    return problems;
  });
}

/** Where a control's focus ring is cut by a scrolling or clipping box around it. */
async function clippedRing(control: Locator): Promise<string | undefined> {
  // A key press makes the focus keyboard focus, which is what draws the ring (:focus-visible).
  await control.focus();
  await control.page().keyboard.press('Shift');
  return control.evaluate((element: HTMLElement) => {
    element.focus({ focusVisible: true } as FocusOptions);
    const style = getComputedStyle(element);
    if (style.outlineStyle === 'none') return 'no focus ring';
    const grow = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
    const rect = element.getBoundingClientRect();
    const ring = {
      left: rect.left - grow,
      top: rect.top - grow,
      right: rect.right + grow,
      bottom: rect.bottom + grow,
    };
    for (let box = element.parentElement; box; box = box.parentElement) {
      const boxStyle = getComputedStyle(box);
      if (boxStyle.overflowX === 'visible' && boxStyle.overflowY === 'visible') continue;
      const outer = box.getBoundingClientRect();
      const left = outer.left + box.clientLeft;
      const top = outer.top + box.clientTop;
      const inside =
        ring.left >= left - 0.5 &&
        ring.top >= top - 0.5 &&
        ring.right <= left + box.clientWidth + 0.5 &&
        ring.bottom <= top + box.clientHeight + 0.5;
      if (!inside) return `clipped by ${box.tagName.toLowerCase()}.${box.className}`;
    }
    return undefined;
  });
}

async function checks(target: Page, where: string): Promise<string[]> {
  return [...(await layoutProblems(target)), ...(await accessibilityProblems(target))].map(
    (problem) => `${where}: ${problem}`,
  );
}

describe('a new user’s walk', () => {
  it('dialogs keep their title and buttons in view: the bundle and registry install dialogs', async () => {
    const problems: string[] = [];
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        const chooser = page.waitForEvent('filechooser');
        await page.getByRole('button', { name: 'Install bundle…' }).click();
        await (await chooser).setFiles(bundle.path);
        const dialog = page.getByRole('dialog', { name: 'Install “Greeter”' });
        await dialog.getByText('Self-signed', { exact: true }).waitFor();
        await dialog.getByText('More about it').click();
        for (const problem of await dialogProblems(dialog))
          problems.push(`bundle ${size.name} ${theme}: ${problem}`);
        problems.push(...(await checks(page, `bundle ${size.name} ${theme}`)));
        await shot(page, `bundle-dialog-${size.name}-${theme}`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();

        // The server form is longer than any window (its sandbox policy included).
        await page.getByRole('button', { name: 'Add server' }).first().click();
        const form = page.getByRole('dialog', { name: 'Add server' });
        await form.getByRole('button', { name: 'Save' }).waitFor();
        for (const problem of [
          ...(await dialogProblems(form)),
          // Tab round the whole form: no control may take focus under its sticky Save bar.
          ...(await obscuredFocusProblems(form)),
          // Its fields, left empty and so marked invalid, still stand out from the dialog.
          ...(await nonTextContrastProblems(page)),
        ])
          problems.push(`server form ${size.name} ${theme}: ${problem}`);
        await shot(page, `server-form-${size.name}-${theme}`);
        await form.getByRole('button', { name: 'Cancel' }).click();
      }
    }

    await page.setViewportSize({ width: 900, height: 600 });
    await page.getByRole('button', { name: 'Browse registry' }).click();
    const list = page.getByRole('list', { name: 'Servers in the registry' });
    await list.getByRole('button', { name: 'io.github.example/database-manager' }).click();
    await page
      .getByRole('list', { name: 'Ways to install it' })
      .getByRole('button', { name: 'Install…' })
      .first()
      .click();
    const install = page.getByRole('dialog', {
      name: /Install “io\.github\.example\/database-manager”/,
    });
    await install.waitFor();
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await install.getByRole('button', { name: 'Install' }).click();
      await install.getByText('Required.').first().waitFor();
      for (const problem of await dialogProblems(install))
        problems.push(`registry 900x600 ${theme}: ${problem}`);
      problems.push(...(await checks(page, `registry install 900x600 ${theme}`)));
      await shot(page, `registry-install-900x600-${theme}`);
    }
    // The field reads as words, with the variable beside them.
    expect(await install.getByText('Database password', { exact: false }).count()).toBeGreaterThan(
      0,
    );
    await install.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Back to your servers' }).click();
    expect(problems).toEqual([]);
  });

  it('Browse uses the width until an entry is chosen, and rows say who published it and what is installed', async () => {
    const problems: string[] = [];
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page.getByRole('button', { name: 'Browse registry' }).click();
    const list = page.getByRole('list', { name: 'Servers in the registry' });
    await list.getByRole('listitem').first().waitFor();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        const used = await page.evaluate(() => {
          const layout = document.querySelector('.browse-layout')?.getBoundingClientRect();
          const results = document.querySelector('.browse-list')?.getBoundingClientRect();
          return layout && results ? results.width / layout.width : 0;
        });
        if (used < 0.9)
          problems.push(`${size.name} ${theme}: the results use ${Math.round(used * 100)}%`);
        problems.push(...(await checks(page, `browse ${size.name} ${theme}`)));
        await shot(page, `browse-${size.name}-${theme}`);
      }
    }
    const weather = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Weather', exact: true }) });
    expect(await weather.textContent()).toContain('by example on GitHub');
    expect(await weather.getByText('Installed as weather').count()).toBe(1);
    await page.setViewportSize({ width: 1280, height: 800 });
    await list.getByRole('button', { name: 'io.github.example/database-manager' }).click();
    await page.getByRole('list', { name: 'Ways to install it' }).waitFor();
    await shot(page, 'browse-chosen-1280x800-dark');
    problems.push(...(await checks(page, 'browse chosen 1280x800')));
    await page.getByRole('button', { name: 'Back to your servers' }).click();
    // Its page says which entry it came from, apart from what the server calls itself.
    await page.getByRole('button', { name: 'weather', exact: true }).first().click();
    await page.getByText('Listed in the registry as').waitFor();
    await shot(page, 'server-from-registry-1280x800-dark');
    expect(problems).toEqual([]);
  });

  it('keeps the chat title’s words at 900×600, and no focus ring in the conversation list is clipped', async () => {
    const problems: string[] = [];
    await page
      .getByRole('button', { name: /Planning the garden/ })
      .first()
      .click();
    await page.getByRole('heading', { name: LONG_TITLE }).waitFor();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        const title = page.getByRole('heading', { name: LONG_TITLE });
        const width = await title.evaluate((element) => element.clientWidth);
        if (width < 200) problems.push(`${size.name} ${theme}: the title has ${width} px`);
        const items = page
          .getByRole('list', { name: 'Conversation list' })
          .locator('.conversation-open');
        for (const item of (await items.all()).slice(0, 3)) {
          const clipped = await clippedRing(item);
          if (clipped) problems.push(`${size.name} ${theme}: a conversation's ring is ${clipped}`);
        }
        problems.push(...(await checks(page, `chat ${size.name} ${theme}`)));
        await shot(page, `chat-${size.name}-${theme}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a running task shows an indeterminate bar and is cancelled from its card while the turn goes on', async () => {
    await page
      .getByRole('button', { name: /New chat/ })
      .first()
      .click();
    await page.getByRole('textbox', { name: 'Message' }).fill('research tidal energy');
    await page.keyboard.press('Enter');
    await page
      .getByRole('dialog', { name: /simulate-research-query/ })
      .getByRole('button', { name: 'Allow once' })
      .click();
    const bar = page.getByRole('progressbar', { name: /Progress of simulate-research-query/ });
    await bar.waitFor({ timeout: 15_000 });
    expect(await bar.getAttribute('aria-valuenow')).toBeNull();
    const fill = await bar.evaluate((element) => {
      const inner = element.firstElementChild?.getBoundingClientRect();
      return inner ? inner.width / element.getBoundingClientRect().width : 1;
    });
    expect(fill).toBeLessThan(0.5);
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await shot(page, `task-running-${theme}`);
    }
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel this task' }).click();
    await page
      .getByText(/Understood: Error: The user cancelled the task/)
      .waitFor({ timeout: 15_000 });
    await shot(page, 'task-cancelled-light');
  });

  it('the popup at 380×560: the title keeps its words, nothing sticks out, no toolbar ring is clipped', async () => {
    const popup = await session.browser.newPage({ viewport: { width: 380, height: 560 } });
    try {
      await popup.goto(`${session.host.url}&view=popup`);
      await popup.getByRole('textbox', { name: 'Message' }).waitFor();
      await popup
        .getByRole('textbox', { name: 'Message' })
        .fill('A question with quite a long title for the popup');
      await popup.keyboard.press('Enter');
      await popup.getByText('Here is an answer.').waitFor({ timeout: 15_000 });
      const problems: string[] = [];
      for (const theme of THEMES) {
        await popup.emulateMedia({ colorScheme: theme });
        const title = popup.locator('#chat-title');
        const width = await title.evaluate((element) => element.clientWidth);
        if (width < 200) problems.push(`${theme}: the title has ${width} px`);
        for (const button of await popup
          .locator('.chat-header button, .popup-header button, .popup-header a')
          .all()) {
          const clipped = await clippedRing(button);
          if (clipped)
            problems.push(`${theme}: “${await button.textContent()}” ring is ${clipped}`);
        }
        problems.push(...(await checks(popup, `popup ${theme}`)));
        await shot(popup, `popup-380x560-${theme}`);
        await popup.getByRole('button', { name: 'Pull a model' }).click();
        problems.push(...(await checks(popup, `popup pull ${theme}`)));
        await shot(popup, `popup-pull-380x560-${theme}`);
        await popup.getByRole('button', { name: 'Pull a model' }).click();
      }
      expect(problems).toEqual([]);
    } finally {
      await popup.close();
    }
  });
});
