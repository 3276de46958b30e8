import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UserFacingError } from '../../../../electron/core/bridge/errors';
import type { ContextSummary, ContextUsage } from '../../../../preload/schemas/context';
import { message, NOW, openConversation, play, withLayout } from './chatFixtures';

// The context bar beside the composer and the summary card in the conversation, driven by the
// keyboard alone against main's scripted answers through the real router.
withLayout();

const usage = (extra: Partial<ContextUsage> = {}): ContextUsage => ({
  model: 'llama3.2',
  numCtx: 8_192,
  limit: 8_192,
  estimatedTokens: 6_000,
  replyReserveTokens: 1_024,
  parts: { system: 200, tools: 800, summary: 0, conversation: 4_700, attachments: 300 },
  droppedMessages: 0,
  summarisable: false,
  summary: null,
  ...extra,
});

const summary = (extra: Partial<ContextSummary> = {}): ContextSummary => ({
  id: 7,
  conversationId: 'c1',
  throughMessageId: 0,
  coveredMessages: 4,
  content: 'The user planned a garden: tomatoes by the wall.',
  model: 'llama3.2',
  createdAt: NOW,
  ...extra,
});

describe('the context bar', () => {
  it('says in words and a meter what the next message takes, by part', async () => {
    const drafts: unknown[] = [];
    await openConversation([message('user', 'Hi'), message('assistant', 'Hello')], {
      'chat:contextUsage': (draft) => (drafts.push(draft), usage()),
      'chat:summary': () => null,
    });
    const meter = await screen.findByRole('meter', { name: 'Context the next message takes' });
    expect(meter.getAttribute('aria-valuetext')).toBe('6,000 of 8,192 tokens (73%)');
    expect(meter.getAttribute('aria-valuemax')).toBe('8192');
    const user = userEvent.setup();
    // Keyboard only: the parts open from the words.
    const words = screen.getByText('Context: 6,000 of 8,192 tokens (73%)');
    words.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Conversation: 4,700')).toBeTruthy();
    expect(screen.getByText('Attachments: 300')).toBeTruthy();
    expect(screen.queryByText(/^Summary:/)).toBeNull();
    expect(drafts.at(-1)).toMatchObject({ conversationId: 'c1', text: '' });
    expect(screen.queryByRole('button', { name: 'Summarise older turns' })).toBeNull();
  });

  it('offers to summarise when the conversation no longer fits, and says why it could not', async () => {
    let summarised = 0;
    await openConversation([message('user', 'Hi'), message('assistant', 'Hello')], {
      'chat:contextUsage': () => usage({ droppedMessages: 6, summarisable: true }),
      'chat:summary': () => null,
      'chat:summarise': () => {
        summarised++;
        throw new UserFacingError('“tinyllama” is not installed. Pull it, or pick another model.');
      },
    });
    expect(
      await screen.findByText(
        'The conversation no longer fits: the oldest 6 messages would not be sent.',
      ),
    ).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Summarise older turns' });
    button.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      '“tinyllama” is not installed. Pull it, or pick another model.',
    );
    expect(summarised).toBe(1);
  });
});

describe('the summary card', () => {
  it('reads, edits and undoes the summary, from the keyboard', async () => {
    const first = message('user', 'Plan my garden');
    const answer = message('assistant', 'Tomatoes by the wall.');
    const later = message('user', 'And the beans?');
    let inForce: ContextSummary | null = summary({ throughMessageId: answer.id });
    const edits: string[] = [];
    const { harness } = await openConversation([first, answer, later], {
      'chat:contextUsage': () => usage({ summary: inForce }),
      'chat:summary': () => inForce,
      'chat:editSummary': (_id, _summaryId, content) => {
        edits.push(content);
        inForce = summary({ content, editedAt: NOW });
        return inForce;
      },
      'chat:undoSummary': () => (inForce = null),
    });
    const card = await screen.findByRole('article', { name: 'Summary of 4 earlier messages' });
    // It sits where the turns it stands for end: before the later question.
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(log.textContent?.indexOf('Summary of 4')).toBeLessThan(
      log.textContent?.indexOf('And the beans?') ?? 0,
    );
    const user = userEvent.setup();
    within(card).getByRole('button', { name: 'Read summary' }).focus();
    await user.keyboard('{Enter}');
    expect(within(card).getByText('The user planned a garden: tomatoes by the wall.')).toBeTruthy();

    within(card).getByRole('button', { name: 'Edit' }).focus();
    await user.keyboard('{Enter}');
    const field = within(card).getByRole('textbox', { name: 'Summary' });
    field.focus();
    await user.keyboard('{Control>}a{/Control}Beans on poles.');
    within(card).getByRole('button', { name: 'Save summary' }).focus();
    await user.keyboard('{Enter}');
    expect(edits).toEqual(['Beans on poles.']);
    play(harness, 'chat:summaryChanged', { conversationId: 'c1', summary: inForce });
    expect(await within(card).findByText(/edited by you/)).toBeTruthy();

    within(card).getByRole('button', { name: 'Undo summary' }).focus();
    await user.keyboard('{Enter}');
    await act(async () => undefined);
    expect(screen.queryByRole('article', { name: /Summary of/ })).toBeNull();
  });
});
