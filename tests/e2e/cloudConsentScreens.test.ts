import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MODELS, plainAnswer } from '../fixtures/fakeOllama';
import { openBrowserSession, SCREENS, type BrowserSession, SIZES } from '../support/browserSession';
import { accessibilityProblems, layoutProblems } from '../support/screenChecks';

// The question before the first message to a cloud model, in Chromium at two sizes, light and
// dark: its words, its buttons in view, nothing sent until the user says so.
// Screenshots go to test-results/screens/cloud-consent-*.png.
const CLOUD = 'gpt-oss:120b-cloud';

let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'cloudconsent',
    script: () => plainAnswer('Hello from the cloud.'),
    models: {
      ...DEFAULT_MODELS,
      [CLOUD]: {
        family: 'gptoss',
        capabilities: ['completion', 'tools', 'thinking'],
        remoteHost: 'https://ollama.com:443',
        remoteModel: 'gpt-oss:120b',
      },
    },
    viewport: { width: 1280, height: 800 },
    async prepare(api, ollama) {
      await api.settings.set({ ollama: { host: ollama.url }, chat: { model: CLOUD } });
    },
  });
  page = session.page;
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
}, 180_000);

afterAll(async () => {
  await session?.close();
});

describe('the first message to a cloud model', () => {
  it('asks first, with its buttons in view, and sends only once agreed', async () => {
    const field = page.getByRole('textbox', { name: 'Message' });
    await field.fill('Plan my week');
    await field.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send this to ollama.com?' });
    await dialog.waitFor();
    const problems: string[] = [];
    for (const size of SIZES) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.emulateMedia({ colorScheme: theme });
        for (const button of ['Cancel', `Send with ${CLOUD}`]) {
          if (!(await dialog.getByRole('button', { name: button }).isVisible()))
            problems.push(`${size.name} ${theme}: “${button}” is not visible`);
        }
        problems.push(
          ...[...(await layoutProblems(page)), ...(await accessibilityProblems(page))].map(
            (problem) => `${size.name} ${theme}: ${problem}`,
          ),
        );
        await page.screenshot({ path: join(SCREENS, `cloud-consent-${size.name}-${theme}.png`) });
      }
    }
    expect(problems).toEqual([]);
    expect(session.ollama.chatRequests()).toHaveLength(0);

    await dialog.getByRole('button', { name: `Send with ${CLOUD}` }).click();
    await page.getByText('Hello from the cloud.').waitFor();
    expect(session.ollama.chatRequests().at(-1)?.model).toBe(CLOUD);
  });
});
