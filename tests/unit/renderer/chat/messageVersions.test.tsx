import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  conversation,
  message,
  NOW,
  openConversation,
  play,
  TURN,
  withLayout,
} from './chatFixtures';
import type { StoredMessage } from '../../../../renderer/src/chat/chatTypes';

// The version switcher, Edit on any message you wrote, and Regenerate on any reply, through the
// real contract: what the page asks main for, and that switching sends nothing.
withLayout();

/** Channels that would write or run something; a switch of versions calls none of them. */
const SENDING = ['chat:send', 'chat:resend', 'chat:edit', 'chat:regenerate'];

/** A question asked twice (versions a and b), each with its own answer. */
function twoBranches() {
  const first = message('user', 'Plant beans in May?');
  const second = message('user', 'Plant peas in May?');
  const versions = [first.id, second.id];
  const branchA = [
    { ...first, versions },
    message('assistant', 'Yes, beans like warm soil.'),
  ] satisfies StoredMessage[];
  const branchB = [
    { ...second, versions },
    message('assistant', 'Peas go in earlier, in March.'),
  ] satisfies StoredMessage[];
  return { branchA, branchB, first, second };
}

describe('the version switcher', () => {
  it('shows 2 of 2, switches in place through conversations:showVersion, and sends nothing', async () => {
    const user = userEvent.setup();
    const { branchA, branchB, first } = twoBranches();
    let shown = branchB;
    const { harness } = await openConversation(branchB, {
      'conversations:get': (id) => conversation(id, shown),
      'conversations:showVersion': (id, messageId) => {
        shown = messageId === first.id ? branchA : branchB;
        const title = 'Weather talk';
        return { id, title, model: 'llama3.2', createdAt: NOW, updatedAt: NOW, messageCount: 2 };
      },
    });
    const question = screen.getByRole('article', { name: 'You' });
    const switcher = within(question).getByRole('group', { name: 'Versions of this message' });
    expect(switcher.textContent).toContain('Version 2 of 2');
    // The last version has no next one: the button stays a Tab stop, but does nothing.
    const next = within(switcher).getByRole('button', { name: 'Next version' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    await user.click(next);
    expect(harness.calls.some((call) => call.channel === 'conversations:showVersion')).toBe(false);

    await user.click(within(switcher).getByRole('button', { name: 'Previous version' }));
    await screen.findByText('Yes, beans like warm soil.');
    expect(
      harness.calls.find((call) => call.channel === 'conversations:showVersion')?.args,
    ).toEqual(['c1', first.id]);
    expect(screen.queryByText('Peas go in earlier, in March.')).toBeNull();
    const shownNow = screen.getByRole('group', { name: 'Versions of this message' });
    expect(shownNow.textContent).toContain('Version 1 of 2');
    // Focus stays on the button used, now on the version it showed.
    expect(document.activeElement).toBe(
      within(shownNow).getByRole('button', { name: 'Previous version' }),
    );
    expect(harness.calls.filter((call) => SENDING.includes(call.channel))).toEqual([]);
  });

  it('is not used while a reply is written', async () => {
    const user = userEvent.setup();
    const { branchB } = twoBranches();
    const { harness } = await openConversation(branchB);
    play(harness, 'chat:status', { ...TURN, state: 'streaming' });
    const previous = screen.getByRole('button', { name: 'Previous version' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    await user.click(previous);
    expect(harness.calls.some((call) => call.channel === 'conversations:showVersion')).toBe(false);
  });
});

describe('a new version', () => {
  it('edits an earlier message through chat:edit, and what followed it leaves the view', async () => {
    const user = userEvent.setup();
    const earlier = message('user', 'Plant beans in May?');
    const messages = [
      earlier,
      message('assistant', 'Yes.'),
      message('user', 'And peas?'),
      message('assistant', 'March.'),
    ];
    // As main: once the edit starts, the branch on screen ends before the edited message.
    let branch = messages;
    const { harness } = await openConversation(messages, {
      'conversations:get': (id) => conversation(id, branch),
      'chat:edit': (id) => ((branch = []), { conversationId: id, turnId: 't2' }),
    });
    const [first] = screen.getAllByRole('article', { name: 'You' });
    // Only the last message can be retried; every one can be edited.
    expect(within(first as HTMLElement).queryByRole('button', { name: 'Retry' })).toBeNull();
    await user.click(within(first as HTMLElement).getByRole('button', { name: 'Edit' }));
    const field = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(field.value).toBe('Plant beans in May?');
    expect(screen.getByText(/sending adds a new version of it and a new reply/)).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'Plant beans in June?{Enter}');
    await vi.waitFor(() =>
      expect(harness.calls.find((call) => call.channel === 'chat:edit')?.args).toEqual([
        'c1',
        earlier.id,
        'Plant beans in June?',
        expect.any(String),
      ]),
    );
    expect(screen.queryByText('March.')).toBeNull();
    expect(screen.queryByText('And peas?')).toBeNull();
  });

  it('regenerates a reply, by another installed model when chosen from the menu', async () => {
    const user = userEvent.setup();
    const reply = message('assistant', 'Yes.');
    const messages = [message('user', 'Beans in May?'), reply, message('user', 'Peas?')];
    let branch = messages;
    const { harness } = await openConversation(messages, {
      'conversations:get': (id) => conversation(id, branch),
      'chat:regenerate': (id) => (
        (branch = messages.slice(0, 1)),
        { conversationId: id, turnId: 't2' }
      ),
    });
    const answer = screen.getByRole('article', { name: 'Assistant' });
    await user.click(
      within(answer).getByRole('button', { name: 'Regenerate with another model…' }),
    );
    // The conversation's own model is not offered again.
    const menu = screen.getByRole('menu', { name: 'Regenerate with another model…' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['qwen3']);
    await user.keyboard('{Enter}');
    await vi.waitFor(() =>
      expect(harness.calls.find((call) => call.channel === 'chat:regenerate')?.args).toEqual([
        'c1',
        reply.id,
        { model: 'qwen3', turnId: expect.any(String) },
      ]),
    );
    // The reply and what came after it leave the view; the question stays.
    expect(screen.queryByText('Yes.')).toBeNull();
    expect(screen.queryByText('Peas?')).toBeNull();
    expect(screen.getByText('Beans in May?')).toBeTruthy();
  });
});
