import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { BRIDGE_PATH } from '../../preload/wire';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { addApprovedFixture } from '../support/fixtureServerSetup';

// A 50 MB tool result over the browser host's real WebSocket: no message to a page is larger
// than a bounded preview, the card gets the result's beginning with its whole length, and the
// rest is read in pages, each bounded too.
let chat: ChatHarness | undefined;
let watcher: WebSocket | undefined;
afterEach(async () => {
  watcher?.close();
  await chat?.close();
  chat = undefined;
});

const MB = 1024 * 1024;

describe('a 50 MB tool result', () => {
  it('reaches the page as a bounded preview, and the rest in bounded pages', async () => {
    chat = await startChatHarness({
      script: [toolCall('fixture_big', { mb: 50 }), plainAnswer('That was a lot.')],
    });
    const harness = chat;
    await addApprovedFixture(harness.api, ['--tools=big']);
    await harness.api.tools.configure('fixture', 'big', { approval: 'allow' });

    // A second page on the same host, watching the size of every message it is sent.
    let largest = 0;
    watcher = new WebSocket(
      `ws://127.0.0.1:${harness.host.port}${BRIDGE_PATH}?token=${harness.host.token}`,
      { origin: harness.host.origin },
    );
    watcher.on('message', (data: Buffer) => (largest = Math.max(largest, data.length)));
    await new Promise((resolve) => watcher?.once('open', resolve));

    const { turnId } = await harness.api.chat.send({ text: 'fetch the big one' });
    await harness.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'done',
    );
    const done = harness.events.find(
      (event) =>
        event.channel === 'chat:toolCall' && (event.payload as { state?: string }).state === 'done',
    )?.payload as {
      callId: string;
      result: { content: { text: string; _meta?: Record<string, unknown> }[] };
    };
    const [block] = done.result.content;
    expect(block?.text.length).toBeLessThanOrEqual(20_000);
    expect(block?._meta?.['io.hearth/cut']).toEqual({ total: 50 * MB });
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThan(MB);

    const first = await harness.api.tools.resultText(done.callId, 0, 0, 1_000_000);
    expect(first).toEqual({ text: 'x'.repeat(1_000_000), total: 50 * MB });
    const last = await harness.api.tools.resultText(done.callId, 0, 50 * MB - 10, 1_000_000);
    expect(last?.text).toBe('x'.repeat(10));
    await expect(harness.api.tools.resultText(done.callId, 0, 0, 2_000_000)).rejects.toThrow(
      /refused/,
    );
    expect(await harness.api.tools.resultText('no-such-call', 0, 0, 10)).toBeNull();
  });

  it('keeps the structured data an app reads, and drops it from a card that only shows text', async () => {
    chat = await startChatHarness({
      script: [
        toolCall('fixture_app_rows', { mb: 0.05 }),
        toolCall('fixture_big_structured', { mb: 0.05 }),
        plainAnswer('Both came back.'),
      ],
    });
    const harness = chat;
    await addApprovedFixture(harness.api, ['--tools=app_rows,big_structured']);
    for (const tool of ['app_rows', 'big_structured'])
      await harness.api.tools.configure('fixture', tool, { approval: 'allow' });

    const { turnId } = await harness.api.chat.send({ text: 'rows, twice' });
    await harness.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'done',
    );
    const results = new Map(
      harness.events
        .filter((event) => event.channel === 'chat:toolCall')
        .map((event) => event.payload as { tool: string; state: string; result?: unknown })
        .filter((payload) => payload.state === 'done')
        .map((payload) => [payload.tool, payload.result as { structuredContent?: unknown }]),
    );
    // About 50 KB of JSON: past what a card shows, within what an app is given.
    const rows = (results.get('app_rows')?.structuredContent as { rows?: unknown[] })?.rows;
    expect(JSON.stringify(rows).length).toBeGreaterThan(20_000);
    expect(rows).toHaveLength(Math.round((0.05 * MB) / 110));
    expect(results.get('big_structured')).toBeDefined();
    expect(results.get('big_structured')?.structuredContent).toBeUndefined();
  });
});
