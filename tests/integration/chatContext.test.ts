import { afterEach, describe, expect, it } from 'vitest';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { addEverything, startChatHarness, type ChatHarness } from '../support/chatHarness';

// The context beside the composer and the summaries that manage it, through the contract
// against the real core and the fake Ollama: the bar's figures are the request's own, and a
// summary stands for older turns in later requests until it is undone.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const SUMMARY = 'Earlier, the user planned a garden: tomatoes by the south wall, beans on poles.';

/** Whether a request is one that writes a summary of older turns. */
const asksForSummary = (request: ChatRequestBody) =>
  request.messages?.[0]?.content.startsWith('You write a summary') === true;

/** A model that answers every chat at length, and writes `summary` when asked for one. */
function script(summary: (request: ChatRequestBody) => Turn = () => ({ content: SUMMARY })) {
  return (request: ChatRequestBody): Turn =>
    asksForSummary(request)
      ? summary(request)
      : { content: `${'Here is a long and careful answer about the garden. '.repeat(20)}Done.` };
}

/** A window small enough that a few turns outgrow it (the memory cap in Settings). */
async function smallWindow(harness: ChatHarness, extra: Record<string, unknown> = {}) {
  await harness.api.settings.set({ chat: { contextCapTokens: 4_096, ...extra } });
}

const question = (turn: number) =>
  `Question ${turn}: ${'what should I plant next to the tomatoes, and why? '.repeat(15)}`;

/** Turns until the next request would leave messages out; returns the conversation's id. */
async function overflowing(harness: ChatHarness): Promise<string> {
  let conversationId: string | undefined;
  for (let turn = 1; turn <= 12; turn++) {
    const done = await harness.turn(question(turn), conversationId);
    expect(done.status.state).toBe('done');
    conversationId = done.conversationId;
    const usage = await harness.api.chat.contextUsage({ conversationId, text: question(turn + 1) });
    if (usage.droppedMessages > 0) return conversationId;
  }
  throw new Error('The conversation never outgrew the window');
}

const chatRequests = (harness: ChatHarness) =>
  harness.ollama.chatRequests().filter((request) => !asksForSummary(request));

async function endOf(harness: ChatHarness, turnId: string) {
  return harness.next(
    'chat:status',
    (payload) => payload.turnId === turnId && ['done', 'failed'].includes(String(payload.state)),
  );
}

describe('the context bar', () => {
  it('shows the num_ctx, estimate and messages left out of the very request that is sent next', async () => {
    chat = await startChatHarness({ script: script() });
    await smallWindow(chat);
    const conversationId = await overflowing(chat);
    const text = question(99);
    const usage = await chat.api.chat.contextUsage({ conversationId, text });
    const parts = usage.parts;
    expect(
      parts.system + parts.tools + parts.summary + parts.conversation + parts.attachments,
    ).toBe(usage.estimatedTokens);
    expect(usage).toMatchObject({ limit: 4_096, summarisable: true, summary: null });
    expect(parts.tools).toBeGreaterThan(0);

    const sent = await chat.api.chat.send({ conversationId, text });
    expect(await endOf(chat, sent.turnId)).toMatchObject({ state: 'done' });
    const request = chatRequests(chat).at(-1);
    expect(request?.options?.num_ctx).toBe(usage.numCtx);
    // Everything after the system prompt is the conversation as kept.
    const saved = (await chat.api.conversations.get(conversationId))?.messages ?? [];
    const reply = saved.at(-1);
    expect(reply?.request).toMatchObject({
      numCtx: usage.numCtx,
      droppedMessages: usage.droppedMessages,
      estimatedTokens: usage.estimatedTokens,
    });
    expect(request?.messages?.length).toBe(1 + saved.length - 1 - usage.droppedMessages);
    // The chat said, under the reply, that older messages were not sent.
    expect(
      await chat.next(
        'chat:status',
        (payload) =>
          payload.turnId === sent.turnId &&
          /^Oldest \d+ messages? not sent/.test(String(payload.message)),
      ),
    ).toBeTruthy();
  });

  it('counts the attached resources of a message, read as sending reads them, as the request does', async () => {
    chat = await startChatHarness({ script: script() });
    await addEverything(chat);
    const draft = {
      text: 'What do these instructions say?',
      attachments: [
        {
          server: 'everything',
          uri: 'demo://resource/static/document/instructions.md',
          name: 'instructions.md',
        },
      ],
    };
    const bare = await chat.api.chat.contextUsage({ text: draft.text });
    const usage = await chat.api.chat.contextUsage(draft);
    expect(bare.parts.attachments).toBe(0);
    expect(usage.parts.attachments).toBeGreaterThan(50);
    expect(usage.parts.conversation).toBe(bare.parts.conversation);
    const sent = await chat.api.chat.send(draft);
    expect(await endOf(chat, sent.turnId)).toMatchObject({ state: 'done' });
    const reply = (await chat.api.conversations.get(sent.conversationId))?.messages.at(-1);
    expect(reply?.request).toMatchObject({
      numCtx: usage.numCtx,
      estimatedTokens: usage.estimatedTokens,
    });
  });

  it('sizes a new conversation before its first message, and refuses without a model', async () => {
    chat = await startChatHarness({ script: script() });
    const usage = await chat.api.chat.contextUsage({ text: 'hello' });
    expect(usage).toMatchObject({ model: 'llama3.2', droppedMessages: 0, summarisable: false });
    expect(usage.numCtx).toBeGreaterThanOrEqual(8_192);
    await chat.api.settings.set({ chat: { model: '' } });
    await expect(chat.api.chat.contextUsage({ text: 'hello' })).rejects.toThrow(
      /Pick a model first/,
    );
  });
});

describe('summarising older turns', () => {
  it('stands for the older turns in later requests, as a system message after the system prompt, and undo restores the request exactly', async () => {
    chat = await startChatHarness({ script: script() });
    await smallWindow(chat);
    const conversationId = await overflowing(chat);
    const before = await chat.turn(question(50), conversationId);
    expect(before.status.state).toBe('done');
    const dropping = chatRequests(chat).at(-1);

    // Retry the same question under a summary, then undo it and retry again.
    const summary = await chat.api.chat.summarise({ conversationId });
    expect(summary).toMatchObject({ content: SUMMARY, model: 'llama3.2' });
    expect(await chat.next('chat:summaryChanged')).toMatchObject({
      conversationId,
      summary: { id: summary.id },
    });
    const asked = chat.ollama.chatRequests().find(asksForSummary);
    expect(asked?.messages?.[1]?.content).toContain('Question 1:');
    expect(asked?.tools).toBeUndefined();
    expect(asked?.options?.num_ctx).toBeGreaterThan(0);

    const retried = await chat.api.chat.resend(conversationId);
    expect(await endOf(chat, retried.turnId)).toMatchObject({ state: 'done' });
    const summarised = chatRequests(chat).at(-1);
    expect(summarised?.messages?.[1]).toEqual({
      role: 'system',
      content: expect.stringContaining(SUMMARY),
    });
    const usage = await chat.api.chat.contextUsage({ conversationId });
    expect(usage.summary?.id).toBe(summary.id);
    expect(usage.parts.summary).toBeGreaterThan(0);
    const reply = (await chat.api.conversations.get(conversationId))?.messages.at(-1);
    expect(reply?.request?.droppedMessages).toBe(0);
    // The turns it stands for are not sent; the ones after it are.
    expect(summarised?.messages?.some((message) => message.content.startsWith('Question 1:'))).toBe(
      false,
    );
    expect(summarised?.messages?.at(-1)?.content).toBe(question(50).trim());

    expect(await chat.api.chat.undoSummary(conversationId, summary.id)).toBeNull();
    expect(await chat.api.chat.summary(conversationId)).toBeNull();
    const again = await chat.api.chat.resend(conversationId);
    expect(await endOf(chat, again.turnId)).toMatchObject({ state: 'done' });
    const undone = chatRequests(chat).at(-1);
    expect(undone?.messages).toEqual(dropping?.messages);
    expect(undone?.options).toEqual(dropping?.options);
    expect(undone?.tools).toEqual(dropping?.tools);
  });

  it('sends the words the user edited, and refuses to edit a summary that was undone', async () => {
    chat = await startChatHarness({ script: script() });
    await smallWindow(chat);
    const conversationId = await overflowing(chat);
    const summary = await chat.api.chat.summarise({ conversationId });
    const edited = await chat.api.chat.editSummary(
      conversationId,
      summary.id,
      'The user grows tomatoes and basil.',
    );
    expect(edited).toMatchObject({ id: summary.id, content: 'The user grows tomatoes and basil.' });
    expect(edited.editedAt).toBeDefined();
    const done = await chat.turn('And peppers?', conversationId);
    expect(done.status.state).toBe('done');
    expect(chatRequests(chat).at(-1)?.messages?.[1]?.content).toContain(
      'The user grows tomatoes and basil.',
    );
    // Kept: a new connection to the same data reads it.
    expect((await chat.api.chat.summary(conversationId))?.content).toBe(
      'The user grows tomatoes and basil.',
    );
    await chat.api.chat.undoSummary(conversationId, summary.id);
    await expect(
      chat.api.chat.editSummary(conversationId, summary.id, 'Something else.'),
    ).rejects.toThrow(/no longer the one in use here/);
  });

  it('summarises without asking when the setting says so, before the request that would leave turns out', async () => {
    chat = await startChatHarness({ script: script() });
    await smallWindow(chat);
    const conversationId = await overflowing(chat);
    await chat.api.settings.set({ chat: { summariseWithoutAsking: true } });
    const sent = await chat.api.chat.send({ conversationId, text: question(60) });
    expect(await endOf(chat, sent.turnId)).toMatchObject({ state: 'done' });
    const requests = chat.ollama.chatRequests();
    // The summary was asked for first, then the turn's request went with it.
    const summaryIndex = requests.findIndex(asksForSummary);
    expect(summaryIndex).toBeGreaterThan(-1);
    expect(requests.at(-1)?.messages?.[1]?.content).toContain(SUMMARY);
    expect(summaryIndex).toBe(requests.length - 2);
    expect((await chat.api.chat.summary(conversationId))?.content).toBe(SUMMARY);
    const reply = (await chat.api.conversations.get(conversationId))?.messages.at(-1);
    expect(reply?.request?.droppedMessages).toBe(0);
    // What the chat said, in order: summarising, then that it did (not left "Summarising…").
    const said = chat.events
      .filter((event) => event.channel === 'chat:status' && event.payload.turnId === sent.turnId)
      .map((event) => event.payload.message)
      .filter(Boolean);
    expect(said).toEqual([
      'Summarising older turns so the conversation fits the model’s context…',
      expect.stringMatching(/^Older turns were summarised/),
    ]);
  });

  it('falls back to leaving the oldest turns out when the summary cannot be written, and says so', async () => {
    chat = await startChatHarness({
      script: script(() => ({
        httpError: { status: 500, error: 'model runner has unexpectedly stopped' },
      })),
    });
    await smallWindow(chat);
    const conversationId = await overflowing(chat);
    await chat.api.settings.set({ chat: { summariseWithoutAsking: true } });
    const sent = await chat.api.chat.send({ conversationId, text: question(70) });
    expect(await endOf(chat, sent.turnId)).toMatchObject({ state: 'done' });
    const notice = await chat.next(
      'chat:status',
      (payload) =>
        payload.turnId === sent.turnId &&
        String(payload.message).startsWith('Summarising older turns did not work'),
    );
    expect(String(notice.message)).toMatch(/Oldest \d+ messages? not sent/);
    expect(await chat.api.chat.summary(conversationId)).toBeNull();
    const reply = (await chat.api.conversations.get(conversationId))?.messages.at(-1);
    expect(reply?.request?.droppedMessages).toBeGreaterThan(0);
  });

  it('refuses in words when the summary cannot be written on request, keeping the conversation as it was', async () => {
    chat = await startChatHarness({ script: script(() => ({ content: '   ' })) });
    await smallWindow(chat);
    const conversationId = await overflowing(chat);
    await expect(chat.api.chat.summarise({ conversationId })).rejects.toThrow(
      /wrote an empty summary/,
    );
    expect(await chat.api.chat.summary(conversationId)).toBeNull();
  });
});
