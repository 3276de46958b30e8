import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { openBrowserSession, SCREENS, type BrowserSession } from '../support/browserSession';
import { addApprovedServer } from '../support/fixtureServerSetup';
import { fixtureCommand } from '../support/mcpFixtures';
import { connectRenderer } from '../support/rendererBridge';
import { accessibilityProblems } from '../support/screenChecks';
import { REPO_ROOT } from '../support/serveProcess';

// MCP Apps in Chromium through the browser host: the vanilla JS example app from npm renders in
// its tool card on a sandbox origin of its own, answers input, calls its server's tool back with
// the user's approval, and puts a message in the composer; a hostile app of our own tries every
// way out and each is refused; a conversation reopened shows the app again, or says why not.
let session: BrowserSession;
let page: Page;
let leak: Server;
const leakHits: string[] = [];

// The package's exports leave out its package.json, so its bin is named by path.
const EXAMPLE_APP_SERVER = join(
  REPO_ROOT,
  'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js',
);
const REACT_APP_SERVER = join(
  REPO_ROOT,
  'node_modules/@modelcontextprotocol/server-basic-react/dist/index.js',
);
const hostileServer = join(import.meta.dirname, '..', 'fixtures', 'servers', 'hostileApp.mjs');

function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer(`The tool said: ${last.content.slice(0, 80)}`);
  const offered = (request.tools ?? []).map((tool) => tool.function.name);
  // The app-only tool is never offered to the model.
  if (offered.includes('hostile_ping')) return plainAnswer('FAIL: an app-only tool was offered');
  if (last?.content.includes('hostile')) return toolCall('hostile_show', {});
  if (last?.content.includes('broken')) return toolCall('hostile_broken', {});
  if (last?.content.includes('React')) return toolCall('react_get-time', {});
  return toolCall('basic_get-time', {});
}

beforeAll(async () => {
  leak = createServer((request, response) => {
    leakHits.push(`${request.method} ${request.url}`);
    response.end('leaked');
  });
  await new Promise<void>((resolve) => leak.listen(0, '127.0.0.1', resolve));
  const leakUrl = `http://127.0.0.1:${(leak.address() as AddressInfo).port}/leak`;
  session = await openBrowserSession({
    name: 'mcp-apps',
    script,
    viewport: { width: 1280, height: 900 },
    async prepare(api, ollama) {
      await api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } });
      await addApprovedServer(api, 'basic', {
        command: process.execPath,
        args: [EXAMPLE_APP_SERVER, '--stdio'],
      });
      await api.servers.save({
        name: 'hostile',
        transport: {
          type: 'stdio',
          command: process.execPath,
          args: [hostileServer],
          env: [{ name: 'HOSTILE_LEAK_URL', value: leakUrl }],
        },
      });
      await api.servers.approveLaunch(
        'hostile',
        (await api.servers.reviewLaunch('hostile')).fingerprint,
      );
      await addApprovedServer(api, 'react', {
        command: process.execPath,
        args: [REACT_APP_SERVER, '--stdio'],
      });
      // Another server with a tool named `echo`, which the hostile app tries to call.
      await addApprovedServer(api, 'other', fixtureCommand());
    },
  });
  page = session.page;
});

afterAll(async () => {
  await session?.close();
  await new Promise<void>((resolve) => leak?.close(() => resolve()));
});

/** Opens the first conversation again, as from the list after a restart of the page. */
async function reopenTimeConversation(): Promise<void> {
  await page.reload();
  await page
    .getByRole('button', { name: /what time is it/ })
    .first()
    .click();
  await page.getByRole('article', { name: 'Tool call basic › get-time' }).waitFor();
}

async function send(text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.keyboard.press('Enter');
}

async function allowOnce(tool: RegExp): Promise<void> {
  const approval = page.getByRole('dialog', { name: tool });
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await approval.waitFor({ state: 'hidden' });
}

/** The app's own document: the sandbox page's inner frame. */
function inner(title: string): FrameLocator {
  return page.frameLocator(`iframe[title="${title}"]`).frameLocator('iframe');
}

describe('an MCP App from an npm example server', () => {
  it('renders in its tool card, shows the result, and calls its tool back with approval', async () => {
    await send('what time is it on the server?');
    await allowOnce(/get-time/);
    const card = page.getByRole('article', { name: 'Tool call basic › get-time' });
    const frame = card.locator('iframe[title="App of basic › get-time"]');
    await frame.waitFor();
    // The frame is on the sandbox origin, a port of its own, never Hearth's.
    const src = (await frame.getAttribute('src')) ?? '';
    expect(new URL(src).origin).not.toBe(new URL(page.url()).origin);
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    // The sandbox port serves the app's CSP; Hearth's page may frame that origin and no other.
    const policy = (await fetch(src)).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain(`frame-ancestors ${new URL(page.url()).origin}`);
    expect((await fetch(new URL('/app/unknown', src))).status).toBe(404);
    const own = (await fetch(session.host.url)).headers.get('content-security-policy') ?? '';
    expect(own).toContain(`frame-src ${new URL(src).origin};`);
    const app = inner('App of basic › get-time');
    const time = app.locator('#server-time');
    await expect.poll(() => time.textContent(), { timeout: 20_000 }).toMatch(/^\d{4}-\d\d-\d\dT/);
    const first = await time.textContent();
    await page.getByText(/The tool said: \d{4}-/).waitFor();
    await session.shot('mcp-app-light');

    // The app calls its own tool: the same approval as the model's calls.
    await page.waitForTimeout(20);
    await app.getByRole('button', { name: 'Get Server Time' }).click();
    const asked = page.getByRole('dialog', { name: /get-time/ });
    await asked.getByText('Asked by the app shown in the card of “get-time”').waitFor();
    await session.shot('mcp-app-approval');
    await allowOnce(/get-time/);
    await expect.poll(() => time.textContent(), { timeout: 15_000 }).not.toBe(first);

    // A message from the app waits in the composer for the user.
    await app.getByRole('button', { name: 'Send Message' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue())
      .toBe('This is message text.');
    // It is a new message, not an edit of the last one.
    expect(await page.getByText(/^Editing your/).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Message' }).fill('');

    // A link goes through Hearth's link check, then opens in a new tab (answered here: no network).
    await page
      .context()
      .route('https://modelcontextprotocol.io/**', (route) => route.fulfill({ body: 'docs' }));
    const popup = page.waitForEvent('popup', { timeout: 10_000 });
    await app.getByRole('button', { name: 'Open Link' }).click();
    expect((await popup).url()).toContain('modelcontextprotocol.io');
    await (await popup).close();

    expect(await accessibilityProblems(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(300);
    await session.shot('mcp-app-dark');
    await page.setViewportSize({ width: 900, height: 600 });
    await card.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await session.shot('mcp-app-small-window');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
  });
});

describe('the app in the quick-chat popup', () => {
  it('renders in the compact view too', async () => {
    const { api, transport } = connectRenderer({
      port: Number(new URL(session.host.url).port),
      token: session.host.token,
      origin: session.host.origin,
    });
    const [conversation] = await api.conversations.list().finally(() => transport.close());
    const popup = await session.browser.newPage({ viewport: { width: 380, height: 560 } });
    try {
      await popup.addInitScript(
        (id) => localStorage.setItem('hearth.popup.conversationId', id),
        conversation?.id ?? '',
      );
      await popup.goto(`${session.host.url}&view=popup`);
      const time = popup
        .frameLocator('iframe[title="App of basic › get-time"]')
        .frameLocator('iframe')
        .locator('#server-time');
      await expect.poll(() => time.textContent(), { timeout: 20_000 }).toMatch(/^\d{4}-\d\d-\d\dT/);
      await popup.screenshot({ path: join(SCREENS, 'mcp-app-popup.png') });
    } finally {
      await popup.close();
    }
  });
});

describe('the React example app from npm', () => {
  it('renders and calls its tool back with approval', async () => {
    await page.getByRole('button', { name: 'New chat' }).click();
    await send('the same with the React app');
    await allowOnce(/get-time/);
    const app = inner('App of react › get-time');
    const time = app.getByText(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    await expect.poll(() => time.count(), { timeout: 20_000 }).toBe(1);
    const first = await time.textContent();
    await app.getByRole('button', { name: 'Get Server Time' }).click();
    await allowOnce(/get-time/);
    await expect.poll(() => time.textContent(), { timeout: 15_000 }).not.toBe(first);
    await session.shot('mcp-app-react');
  });
});

describe('a conversation reopened from history', () => {
  it('shows the app again, and says why not when its server is stopped', async () => {
    await reopenTimeConversation();
    const time = inner('App of basic › get-time').locator('#server-time');
    await expect.poll(() => time.textContent(), { timeout: 20_000 }).toMatch(/^\d{4}-\d\d-\d\dT/);

    const { api, transport } = connectRenderer({
      port: Number(new URL(session.host.url).port),
      token: session.host.token,
      origin: session.host.origin,
    });
    try {
      await api.servers.stop('basic');
    } finally {
      transport.close();
    }
    await reopenTimeConversation();
    await page
      .getByText(/The app could not be shown: its server “basic” is not running/)
      .first()
      .waitFor({ timeout: 15_000 });
    await session.shot('mcp-app-server-stopped');
  });
});

describe('a hostile MCP App', () => {
  it('has every way out refused', async () => {
    const pagesBefore = page.context().pages().length;
    await send('show the hostile app');
    await allowOnce(/show/);
    const app = inner('App of hostile › show');
    // Its one legitimate call, to its own app-only tool, asks like any other.
    await allowOnce(/ping/);
    await app.locator('[data-attempt="done"]').waitFor({ timeout: 30_000 });
    const outcome = async (name: string) =>
      (await app.locator(`[data-attempt="${name}"]`).textContent()) ?? '';
    const outcomes = Object.fromEntries(
      await Promise.all(
        [
          'parent-hearth',
          'top-hearth',
          'top-document',
          'top-navigation',
          'popup',
          'fetch',
          'forged',
          'other-server',
          'model-only',
          'bad-link',
          'link-flood',
          'own-tool',
        ].map(async (name) => [name, await outcome(name)] as const),
      ),
    );
    await session.shot('mcp-app-hostile');
    for (const name of ['parent-hearth', 'top-hearth', 'top-document', 'top-navigation', 'popup'])
      expect(outcomes[name], name).toMatch(/blocked/);
    expect(outcomes.fetch).toMatch(/blocked/);
    expect(leakHits).toEqual([]);
    expect(outcomes.forged).toMatch(/blocked: no answer/);
    expect(outcomes['other-server']).toMatch(/refused: .*has no tool named “echo”/);
    expect(outcomes['model-only']).toMatch(/refused: .*for the model only/);
    expect(outcomes['bad-link']).toMatch(/refused/);
    expect(outcomes['link-flood']).toMatch(/refused/);
    // The forged call never ran: the legitimate one is the server's first.
    expect(outcomes['own-tool']).toBe('own-tool: ok: ping #1');
    expect(page.url()).toContain('127.0.0.1');
    expect(page.context().pages()).toHaveLength(pagesBefore);
  });
});

describe('an app that cannot be loaded', () => {
  it('leaves the text view and says why', async () => {
    await send('the broken one');
    await allowOnce(/broken/);
    const card = page.getByRole('article', { name: 'Tool call hostile › broken' });
    await card
      .getByText(/^The app could not be shown: its resource could not be used: .*not found/)
      .waitFor();
    await card.getByText('The broken tool ran.').waitFor();
    expect(await card.locator('iframe').count()).toBe(0);
    await session.shot('mcp-app-failed');
  });
});
