import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { openBrowserSession, type BrowserSession } from '../support/browserSession';
import { everythingBin } from '../support/mcpFixtures';
import { prepareWithEverything } from '../support/fixtureServerSetup';

// The acceptance in Chromium, in one session with the real everything server: a prompt
// run as a slash command, a resource attached, a sampling request approved and answered by the
// (fake) model, and an elicitation form filled and accepted.
let session: BrowserSession;

const INSTRUCTIONS = 'demo://resource/static/document/instructions.md';
const SAMPLING_PROMPT = 'Write a haiku about the sea';

function script(request: ChatRequestBody): Turn {
  const last = request.messages?.at(-1);
  if (last?.role === 'tool') return plainAnswer(`The server said: ${last.content.slice(0, 400)}`);
  const text = last?.content ?? '';
  if (text.includes("What's weather in Porto?"))
    return plainAnswer('Sunny in Porto, says the model.');
  if (text.includes('[Attached resource “instructions.md”'))
    return plainAnswer('The instructions arrived whole.');
  if (text.includes(`context: ${SAMPLING_PROMPT}`)) return plainAnswer('Waves fold into foam.');
  if (text.includes('sample please'))
    return toolCall('everything_trigger-sampling-request', {
      prompt: SAMPLING_PROMPT,
      maxTokens: 50,
    });
  if (text.includes('ask me')) return toolCall('everything_trigger-elicitation-request', {});
  if (text.includes('links please')) return toolCall('everything_get-resource-links', { count: 2 });
  return plainAnswer('Nothing scripted for this.');
}

/**
 * One reply of the model's that says `text`: the page as a whole can spell it across an earlier
 * answer and a call's card before the answer meant has come.
 */
function modelReply(page: Page, text: RegExp) {
  return page.getByRole('article', { name: 'Assistant', exact: true }).filter({ hasText: text });
}

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'features',
    script,
    viewport: { width: 1280, height: 900 },
    prepare: prepareWithEverything,
  });
});

afterAll(() => session?.close());

const requestsWith = (fragment: string) =>
  session.ollama
    .chatRequests()
    .filter((request) => request.messages?.at(-1)?.content.includes(fragment));

describe('a server’s prompts, resources, sampling and elicitation in one session', () => {
  it('runs a prompt as a slash command with its argument form', async () => {
    const { page } = session;
    const field = page.getByRole('textbox', { name: 'Message' });
    await field.fill('/args');
    const prompts = page.getByRole('listbox', { name: 'Prompts' });
    await expect.poll(() => prompts.getByRole('option').count(), { timeout: 15_000 }).toBe(1);
    await session.shot('slash-command');
    await field.press('Enter');
    const form = page.getByRole('form', { name: 'Arguments of args-prompt' });
    await form.getByRole('combobox', { name: /^city/ }).fill('Porto');
    await session.shot('prompt-form');
    await form.getByRole('button', { name: 'Run prompt' }).click();
    await page.getByText('Sunny in Porto, says the model.').waitFor({ timeout: 15_000 });
    const [request] = requestsWith("What's weather in Porto?");
    expect(request?.messages?.at(-1)).toMatchObject({
      role: 'user',
      content: "What's weather in Porto?",
    });
  });

  it('attaches a resource with @ and the model receives its text', async () => {
    const { page } = session;
    const field = page.getByRole('textbox', { name: 'Message' });
    await field.fill('Summarise @instructions');
    const resources = page.getByRole('listbox', { name: 'Resources' });
    await expect.poll(() => resources.getByRole('option').count()).toBe(1);
    await field.press('Enter');
    const chips = page.getByRole('list', { name: 'Attached resources' });
    await expect.poll(() => chips.textContent()).toContain('instructions.md');
    await field.press('End');
    await field.pressSequentially('them, please');
    await session.shot('attachment-chip');
    await field.press('Enter');
    await page.getByText('The instructions arrived whole.').waitFor({ timeout: 15_000 });
    const docs = join(everythingBin(), '..', 'docs', 'instructions.md');
    const firstLine = readFileSync(docs, 'utf8').split('\n')[0] ?? '';
    const content = requestsWith('[Attached resource')[0]?.messages?.at(-1)?.content ?? '';
    expect(content).toContain(
      `[Attached resource “instructions.md” from the server “everything” (${INSTRUCTIONS}, text/markdown)]`,
    );
    expect(firstLine.length).toBeGreaterThan(3);
    expect(content).toContain(firstLine);
    expect(content).toMatch(/\n\nSummarise them, please$/);
    const sent = page.getByRole('article', { name: 'You' }).last();
    await expect.poll(() => sent.textContent()).toContain('instructions.md');
  });

  it('approves a server’s sampling request, which the model answers', async () => {
    const { page } = session;
    await page.getByRole('textbox', { name: 'Message' }).fill('sample please');
    await page.keyboard.press('Enter');
    await page
      .getByRole('dialog', { name: /trigger-sampling-request/ })
      .getByRole('button', { name: 'Allow once' })
      .click();
    const sampling = page.getByRole('dialog', { name: 'everything wants to use your model' });
    await sampling.waitFor({ timeout: 15_000 });
    expect(requestsWith(`context: ${SAMPLING_PROMPT}`)).toHaveLength(0);
    await session.shot('sampling');
    await sampling.getByRole('button', { name: 'Send to model' }).click();
    await modelReply(page, /The server said: .*Waves fold into foam\./s).waitFor({
      timeout: 15_000,
    });
    expect(requestsWith(`context: ${SAMPLING_PROMPT}`)).toHaveLength(1);
  });

  it('fills and accepts a server’s elicitation form', async () => {
    const { page } = session;
    await page.getByRole('textbox', { name: 'Message' }).fill('ask me something');
    await page.keyboard.press('Enter');
    await page
      .getByRole('dialog', { name: /trigger-elicitation-request/ })
      .getByRole('button', { name: 'Allow once' })
      .click();
    const form = page.getByRole('dialog', { name: /asks for information/ });
    await form.waitFor({ timeout: 15_000 });
    await form
      .getByRole('textbox', { name: /^String/ })
      .first()
      .fill('Sam Example');
    await form.getByRole('button', { name: 'Submit' }).click();
    await modelReply(page, /The server said: .*User provided the requested information/s).waitFor({
      timeout: 15_000,
    });
    await session.shot('all-four');
  });

  it('opens a resource link from a tool result in Hearth, read through its server', async () => {
    const { page } = session;
    await page.getByRole('textbox', { name: 'Message' }).fill('links please');
    await page.keyboard.press('Enter');
    await page
      .getByRole('dialog', { name: /get-resource-links/ })
      .getByRole('button', { name: 'Allow once' })
      .click();
    await page.getByRole('button', { name: 'Open Text Resource 2' }).click();
    const preview = page.getByRole('dialog', { name: 'Text Resource 2' });
    await expect
      .poll(() => preview.textContent(), { timeout: 15_000 })
      .toContain('Resource 2: This is a plaintext resource');
    await session.shot('resource-link');
    await preview.getByRole('button', { name: 'Close' }).last().click();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('browses the server’s resources with a preview', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page
      .getByRole('list', { name: 'Servers' })
      .getByRole('button', { name: 'everything' })
      .click();
    const list = page.getByRole('list', { name: 'Resources of the server' });
    await list.getByRole('button', { name: 'instructions.md' }).click();
    const preview = page.getByRole('region', { name: `Preview of ${INSTRUCTIONS}` });
    const docs = join(everythingBin(), '..', 'docs', 'instructions.md');
    const firstLine = readFileSync(docs, 'utf8').split('\n')[0] ?? '';
    // Markdown is shown rendered: the first line is a heading, without its `#`.
    const heading = firstLine.replace(/^#+\s*/, '');
    await expect
      .poll(() => preview.getByRole('heading', { name: heading }).count(), { timeout: 15_000 })
      .toBe(1);
    await page.getByRole('checkbox', { name: 'Watch for changes' }).check();
    await session.shot('server-resources');
  });
});
