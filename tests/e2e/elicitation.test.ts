import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { openBrowserSession, SCREENS, type BrowserSession } from '../support/browserSession';
import { prepareWithEverything } from '../support/fixtureServerSetup';

// A server's form request, filled in the dialog in Chromium: the model calls the everything
// server's elicitation tool, the user allows the call, fills the form, and the answer comes back.
let session: BrowserSession;

function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer(`The server said: ${last.content.slice(0, 200)}`);
  return toolCall('everything_trigger-elicitation-request', {});
}

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'elicit',
    script,
    viewport: { width: 1280, height: 900 },
    prepare: prepareWithEverything,
  });
});

afterAll(() => session?.close());

describe('a server asks the user for information', () => {
  it('fills the form in the dialog and the server gets the answer', async () => {
    const { page } = session;
    await page.getByRole('textbox', { name: 'Message' }).fill('ask me something');
    await page.keyboard.press('Enter');
    const approval = page.getByRole('dialog', { name: /trigger-elicitation-request/ });
    await approval.getByRole('button', { name: 'Allow once' }).click();
    const form = page.getByRole('dialog', { name: /asks for information/ });
    await form.waitFor();
    await page.screenshot({ path: join(SCREENS, 'elicitation.png') });
    writeFileSync(join(SCREENS, 'elicitation.aria.txt'), await form.ariaSnapshot());
    await form
      .getByRole('textbox', { name: /^String/ })
      .first()
      .fill('Sam Example');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByRole('article', { name: 'Assistant', exact: true })
      .filter({ hasText: /The server said: .*User provided the requested information/s })
      .waitFor({ timeout: 15_000 });
  });
});
