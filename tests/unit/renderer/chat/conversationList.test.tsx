import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary } from '../../../../renderer/src/chat/chatTypes';
import { ConversationList } from '../../../../renderer/src/chat/conversations/ConversationList';
import { connectTo, renderWith, testNavigation } from '../../../support/rendererHarness';
import { message } from './chatFixtures';

afterEach(cleanup);

function summary(id: string, title: string, minutesAgo: number): ConversationSummary {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  return { id, title, model: 'llama3.2', createdAt: at, updatedAt: at, messageCount: 2 };
}

function setup(list: ConversationSummary[], current?: string) {
  let conversations = list;
  const harness = connectTo({
    'conversations:list': () => conversations,
    'conversations:rename': (id, title) => {
      const found = conversations.find((conversation) => conversation.id === id);
      if (!found) throw new Error('no such conversation');
      const renamed = { ...found, title };
      conversations = conversations.map((conversation) =>
        conversation.id === id ? renamed : conversation,
      );
      return renamed;
    },
    'conversations:delete': (id) => {
      conversations = conversations.filter((conversation) => conversation.id !== id);
      return true;
    },
    'conversations:showVersion': (id) => {
      const found = conversations.find((conversation) => conversation.id === id);
      if (!found) throw new Error('no such conversation');
      return found;
    },
    'conversations:search': (query) => [
      {
        conversationId: 'c1',
        title: 'Pets',
        messageId: 4,
        snippet: `my \u0002${query}\u0003 likes fish`,
      },
    ],
  });
  const navigation = testNavigation({ conversationId: current });
  renderWith(<ConversationList />, harness, navigation);
  return {
    harness,
    navigation,
    setConversations: (next: ConversationSummary[]) => (conversations = next),
  };
}

const item = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^${name}`) }).closest('li') as HTMLElement;

describe('the conversation list', () => {
  it('takes one Tab stop per conversation, whose rename and delete are F2 and Delete', async () => {
    const user = userEvent.setup();
    setup([summary('c1', 'Pets', 5), summary('c2', 'Plants', 10)]);
    const pets = await screen.findByRole('button', { name: /^Pets/ });
    pets.focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Plants/ }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(pets);
    await user.keyboard('{F2}');
    expect(screen.getByRole('textbox', { name: 'Conversation title' })).toBeTruthy();
    await user.keyboard('{Escape}');
    screen.getByRole('button', { name: /^Plants/ }).focus();
    await user.keyboard('{Delete}');
    expect(await screen.findByRole('dialog', { name: /Delete this conversation/ })).toBeTruthy();
  });

  it('draws its rename and delete icons as SVG, not as characters a font may lack', async () => {
    setup([summary('c1', 'Pets', 5)]);
    await screen.findByRole('button', { name: /^Pets/ });
    for (const name of ['Rename conversation', 'Delete conversation']) {
      const button = screen.getByRole('button', { name });
      expect(button.querySelector('svg')).not.toBeNull();
      expect(button.textContent?.trim()).toBe('');
    }
  });

  it('lists conversations with their title (or Untitled) and age, the current one marked', async () => {
    setup([summary('c1', 'Pets', 5), summary('c2', '', 60 * 30)], 'c2');
    const current = await screen.findByRole('button', { name: /^Untitled/ });
    expect(current.getAttribute('aria-current')).toBe('page');
    const pets = screen.getByRole('button', { name: /^Pets/ });
    expect(pets.getAttribute('aria-current')).toBeNull();
    expect(pets.textContent).toContain('5 minutes ago');
    expect(current.textContent).toMatch(/yesterday|1 day ago/);
  });

  it('opens a conversation, or a new chat', async () => {
    const user = userEvent.setup();
    const { navigation } = setup([summary('c1', 'Pets', 5)]);
    await user.click(await screen.findByRole('button', { name: /^Pets/ }));
    await user.click(screen.getByRole('button', { name: 'New chat' }));
    expect(navigation.visits).toEqual(['chat:c1', 'chat:new']);
  });

  it('follows saved messages: a new conversation appears when its first message is saved', async () => {
    const { harness, setConversations } = setup([summary('c1', 'Pets', 5)]);
    await screen.findByRole('button', { name: /^Pets/ });
    setConversations([summary('c9', 'Brand new', 0), summary('c1', 'Pets', 5)]);
    harness.emit('chat:message', { conversationId: 'c9', message: message('user', 'Brand new') });
    expect(await screen.findByRole('button', { name: /^Brand new/ })).toBeTruthy();
  });

  it('searches after a pause in typing, highlights the matches, and opens the version found', async () => {
    const user = userEvent.setup();
    const { harness, navigation } = setup([summary('c1', 'Pets', 5)]);
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'cat');
    const results = await screen.findByRole('list', { name: 'Search results' });
    const hit = within(results).getByRole('button');
    expect(hit.querySelector('mark')?.textContent).toBe('cat');
    expect(hit.textContent).toContain('my cat likes fish');
    expect(hit.textContent).not.toContain('\u0002');
    expect(hit.textContent).not.toContain('\u0003');
    const searches = harness.calls.filter((call) => call.channel === 'conversations:search');
    expect(searches.map((call) => call.args)).toEqual([['cat']]);
    await user.click(hit);
    // The version the hit is in is put on screen first, then the conversation opens.
    await vi.waitFor(() => expect(navigation.visits).toEqual(['chat:c1']));
    expect(
      harness.calls.find((call) => call.channel === 'conversations:showVersion')?.args,
    ).toEqual(['c1', 4]);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.clear(screen.getByRole('searchbox', { name: 'Search conversations' }));
    expect(screen.getByRole('list', { name: 'Conversation list' })).toBeTruthy();
  });

  it('renames inline: Enter saves, Escape cancels', async () => {
    const user = userEvent.setup();
    const { harness } = setup([summary('c1', 'Pets', 5)]);
    await screen.findByRole('button', { name: /^Pets/ });
    await user.click(within(item('Pets')).getByRole('button', { name: 'Rename conversation' }));
    const field = screen.getByRole('textbox', { name: 'Conversation title' });
    await user.clear(field);
    await user.type(field, 'Scrapped{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Conversation title' })).toBeNull();
    expect(harness.calls.some((call) => call.channel === 'conversations:rename')).toBe(false);

    await user.click(within(item('Pets')).getByRole('button', { name: 'Rename conversation' }));
    const again = screen.getByRole('textbox', { name: 'Conversation title' });
    await user.clear(again);
    await user.type(again, 'Cats and dogs{Enter}');
    expect(await screen.findByRole('button', { name: /^Cats and dogs/ })).toBeTruthy();
    expect(
      harness.calls
        .filter((call) => call.channel === 'conversations:rename')
        .map((call) => call.args),
    ).toEqual([['c1', 'Cats and dogs']]);
  });

  it('deletes only after a confirm, and leaves a deleted current conversation', async () => {
    const user = userEvent.setup();
    const { harness, navigation } = setup(
      [summary('c1', 'Pets', 5), summary('c2', 'Work', 9)],
      'c1',
    );
    await screen.findByRole('button', { name: /^Pets/ });
    await user.click(within(item('Pets')).getByRole('button', { name: 'Delete conversation' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(harness.calls.some((call) => call.channel === 'conversations:delete')).toBe(false);

    await user.click(within(item('Pets')).getByRole('button', { name: 'Delete conversation' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this conversation?' })).getByRole(
        'button',
        {
          name: 'Delete',
        },
      ),
    );
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: /^Pets/ })).toBeNull());
    expect(harness.calls.find((call) => call.channel === 'conversations:delete')?.args).toEqual([
      'c1',
    ]);
    expect(navigation.visits).toEqual(['chat:new']);
    expect(screen.getByRole('button', { name: /^Work/ })).toBeTruthy();
  });
});
