import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { openBrowserSession, SCREENS, type BrowserSession } from '../support/browserSession';
import { prepareWithEverything } from '../support/fixtureServerSetup';

// A tool the server runs as a task (the everything server's research tool, about four seconds),
// in Chromium: the card says it is a long-running task, with its status, the server's message
// and the elapsed time, and shows the result once the task is done.
let session: BrowserSession;

function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer('The report is in.');
  return toolCall('everything_simulate-research-query', { topic: 'tidal energy' });
}

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'tasks',
    script,
    viewport: { width: 1100, height: 800 },
    prepare: prepareWithEverything,
  });
});

afterAll(() => session?.close());

describe('a tool call that runs as a task', () => {
  it('shows status, message and elapsed time while it runs, then the result', async () => {
    const { page } = session;
    await page.getByRole('textbox', { name: 'Message' }).fill('research tidal energy');
    await page.keyboard.press('Enter');
    await page
      .getByRole('dialog', { name: /simulate-research-query/ })
      .getByRole('button', { name: 'Allow once' })
      .click();
    const status = page.getByText(/Long-running task · Working · \d+ s/);
    await status.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByText(/Gathering sources|Analyzing content/).count())
      .toBeGreaterThan(0);
    await page.screenshot({ path: join(SCREENS, 'task-running-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(SCREENS, 'task-running-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByText('The report is in.').waitFor({ timeout: 20_000 });
    expect(await status.count()).toBe(0);
  });
});
