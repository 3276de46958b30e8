import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConversationStore } from '../../electron/core/history/conversationStore';
import type { NewMessage } from '../../electron/core/history/types';
import { BRIDGE_PATH } from '../../preload/wire';
import { plainAnswer } from '../fixtures/fakeOllama';
import { openBrowserSession, type BrowserSession } from '../support/browserSession';

// A conversation of 2,000 saved messages in Chromium: it opens on its latest messages, and
// scrolling up reads the earlier ones page by page, the message in view staying where it was,
// until the first message; nothing shown twice. Screenshots go to test-results/screens/.
const TURNS = 500;

let session: BrowserSession;
let page: Page;
/** Requests for earlier pages held on their way to main until the test lets them through. */
const held: (() => void)[] = [];

function history(): NewMessage[] {
  const messages: NewMessage[] = [];
  for (let index = 0; index < TURNS; index++) {
    const callId = `call-${index}`;
    messages.push(
      { role: 'user', content: `Question ${index}` },
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: callId, server: 'notes', tool: 'read', modelName: 'notes_read', arguments: {} },
        ],
      },
      { role: 'tool', content: `Note ${index}`, toolCallId: callId, toolName: 'notes_read' },
      { role: 'assistant', content: `Answer ${index}` },
    );
  }
  return messages;
}

const log = () => page.getByRole('log', { name: 'Messages' });
const question = (index: number) => page.getByText(`Question ${index}`, { exact: true });
/** Where a row is inside the message list, in pixels from the list's top edge. */
const topInList = (index: number) =>
  question(index).evaluate((element) => {
    const list = element.closest('[role="log"]');
    return element.getBoundingClientRect().top - (list?.getBoundingClientRect().top ?? 0);
  });

beforeAll(async () => {
  session = await openBrowserSession({
    name: 'long-conversation',
    script: () => plainAnswer('ok'),
    viewport: { width: 1280, height: 800 },
    seed: (dataDir) => {
      const store = openConversationStore({ dataDir, onProblem: () => undefined });
      const { id } = store.create({ title: 'Months of notes', options: { model: 'llama3.2' } });
      store.append(id, history());
      store.close();
    },
  });
  page = session.page;
  await page.routeWebSocket(new RegExp(`${BRIDGE_PATH}`), (route) => {
    const server = route.connectToServer();
    route.onMessage((message) => {
      if (String(message).includes('conversations:earlierMessages'))
        held.push(() => server.send(message));
      else server.send(message);
    });
  });
  await page.reload();
});

afterAll(() => session?.close());

describe('a long conversation', () => {
  it('opens on its latest messages and reads earlier ones while scrolling up', async () => {
    await page
      .getByRole('button', { name: /Months of notes/ })
      .first()
      .click();
    await page.getByText(`Answer ${TURNS - 1}`, { exact: true }).waitFor();
    await session.shot('long-conversation-opened');
    // Only the latest page (50 turns) was read, and no earlier page was asked for.
    expect(await question(TURNS - 51).count()).toBe(0);
    expect(held).toHaveLength(0);

    // Pages of 100 turns before that: each read leaves the question in view where it was.
    for (let first = TURNS - 50; first > 0; first -= 100) {
      // To the top, again while the list settles, until the next page is being read.
      const reading = page.getByRole('status').filter({ hasText: /^Reading earlier messages/ });
      for (let tries = 0; tries < 50 && !(await reading.isVisible()); tries++) {
        await log().evaluate((element) => (element.scrollTop = 0));
        await page.waitForTimeout(100);
      }
      await reading.waitFor();
      if (first === TURNS - 50) await session.shot('long-conversation-reading');
      const before = await topInList(first);
      expect(held).toHaveLength(1);
      held.shift()?.();
      await question(first - 1).waitFor({ state: 'attached' });
      await log().evaluate(
        (element) =>
          new Promise<void>((resolve) => {
            const check = () => (element.scrollTop > 0 ? resolve() : requestAnimationFrame(check));
            check();
          }),
      );
      expect(Math.abs((await topInList(first)) - before)).toBeLessThanOrEqual(2);
    }

    await log().evaluate((element) => (element.scrollTop = 0));
    await question(0).waitFor();
    await session.shot('long-conversation-top');
    expect(await question(0).count()).toBe(1);
    expect(await page.getByText(/earlier messages/).count()).toBe(0);
    expect(held).toHaveLength(0);
  });
});
