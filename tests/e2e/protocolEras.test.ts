import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { openBrowserSession, type BrowserSession } from '../support/browserSession';
import { addApprovedServer } from '../support/fixtureServerSetup';
import { fixtureCommand } from '../support/mcpFixtures';

// Both protocol eras in Chromium: a server that speaks only 2026-07-28 and a 2025 one, each
// ready, each saying its protocol version and how Hearth found it, and the 2026 one's tool
// called from the chat.
let session: BrowserSession;
const eraServer = join(__dirname, '../fixtures/servers/eraServer.mjs');

function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer(`It said: ${last.content}`);
  return toolCall('modern_echo', { text: 'across eras' });
}

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'eras',
    script,
    viewport: { width: 1280, height: 800 },
    prepare: async (api, ollama) => {
      await api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } });
      await addApprovedServer(api, 'modern', {
        command: process.execPath,
        args: [eraServer, '--era=2026'],
      });
      await addApprovedServer(api, 'classic', fixtureCommand(['--name=classic']));
    },
  });
});

afterAll(() => session?.close());

describe('servers of both protocol eras', () => {
  it('shows each one’s protocol version, and calls the 2026 server’s tool from the chat', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page.getByText('modern', { exact: true }).first().click();
    const facts = page.getByRole('definition').filter({ hasText: '2026-07-28' });
    await expect.poll(() => facts.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await facts.first().innerText()).toMatch(
      /2026-07-28 · (agreed with the server when it started|remembered)/,
    );
    await session.shot('protocol-era-2026');
    await page.getByText('classic', { exact: true }).first().click();
    await expect
      .poll(() => page.getByRole('definition').filter({ hasText: '2025-11-25' }).count())
      .toBeGreaterThan(0);
    await session.shot('protocol-era-2025');

    await page
      .getByRole('button', { name: /New chat/ })
      .first()
      .click();
    await page.getByRole('textbox', { name: 'Message' }).fill('echo across eras');
    await page.keyboard.press('Enter');
    await page
      .getByRole('dialog', { name: /echo/ })
      .getByRole('button', { name: 'Allow once' })
      .click();
    await page.getByText('It said: echo(2026): across eras').waitFor({ timeout: 15_000 });
  });
});
