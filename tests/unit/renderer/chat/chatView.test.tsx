import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChatView } from '../../../../renderer/src/chat/ChatView';
import { renderWith, testNavigation } from '../../../support/rendererHarness';
import { connectChat, message, openConversation, play, TURN, withLayout } from './chatFixtures';
import { UserFacingError } from '../../../../electron/core/bridge/errors';

withLayout();
const turn = TURN;

describe('sending', () => {
  it('sends the message with the chosen model through chat:send and opens the new chat', async () => {
    const user = userEvent.setup();
    const harness = connectChat();
    const navigation = testNavigation();
    renderWith(<ChatView />, harness, navigation);
    await screen.findByRole('button', { name: /^Model: llama3\.2/ });
    const field = screen.getByRole('textbox', { name: 'Message' });
    await user.type(field, 'Line one{Shift>}{Enter}{/Shift}line two{Enter}');
    await vi.waitFor(() =>
      expect(harness.calls.find((call) => call.channel === 'chat:send')?.args).toEqual([
        { text: 'Line one\nline two', model: 'llama3.2', turnId: expect.any(String) },
      ]),
    );
    expect(navigation.visits).toContain('chat:c1');
    expect((field as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the text and says why when main refuses the message', async () => {
    const user = userEvent.setup();
    const harness = connectChat({
      'chat:send': () => {
        throw new UserFacingError('Pick a model first.');
      },
    });
    renderWith(<ChatView />, harness);
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, 'Hello{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Pick a model first.');
    expect((field as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('streams deltas into one assistant bubble, shows the saved message, and ends the turn', async () => {
    const user = userEvent.setup();
    const harness = connectChat();
    renderWith(<ChatView />, harness);
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    play(harness, 'chat:message', { ...turn, message: message('user', 'Hi') });
    play(harness, 'chat:status', { ...turn, state: 'thinking' });
    expect(await screen.findByText('Hi')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Thinking…');
    play(harness, 'chat:status', { ...turn, state: 'streaming' });
    play(harness, 'chat:delta', { ...turn, content: 'Hel' });
    play(harness, 'chat:delta', { ...turn, content: 'lo **there**' });
    const bubbles = screen.getAllByRole('article', { name: 'Assistant' });
    expect(bubbles).toHaveLength(1);
    expect(bubbles[0]?.textContent).toBe('Hello there');
    expect(screen.getByRole('status').textContent).toContain('Writing…');
    play(harness, 'chat:message', { ...turn, message: message('assistant', 'Hello **there**') });
    play(harness, 'chat:status', { ...turn, state: 'done' });
    const saved = screen.getAllByRole('article', { name: 'Assistant' });
    expect(saved).toHaveLength(1);
    expect(within(saved[0] as HTMLElement).getByText('there').tagName).toBe('STRONG');
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it('offers Stop while a turn runs, and stops it through chat:stop', async () => {
    const user = userEvent.setup();
    const { harness } = await openConversation([message('user', 'Go'), message('assistant', 'Ok')]);
    play(harness, 'chat:status', { ...turn, state: 'running-tools' });
    expect(screen.getByRole('status').textContent).toContain('Running tools…');
    // The field stays open: a message written now is queued for when the reply ends.
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await vi.waitFor(() =>
      expect(harness.calls.find((call) => call.channel === 'chat:stop')?.args).toEqual([
        'c1',
        't1',
      ]),
    );
    play(harness, 'chat:status', { ...turn, state: 'stopped' });
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it('returns focus to the message field when a turn ends, unless the user is typing elsewhere', async () => {
    const { harness } = await openConversation([message('user', 'Go'), message('assistant', 'Ok')]);
    const field = screen.getByRole('textbox', { name: 'Message' });
    const elsewhere = document.body.appendChild(document.createElement('input'));
    try {
      play(harness, 'chat:status', { ...turn, state: 'running-tools' });
      elsewhere.focus();
      play(harness, 'chat:status', { ...turn, state: 'done' });
      expect(document.activeElement).toBe(elsewhere);

      play(harness, 'chat:status', { ...turn, state: 'running-tools' });
      elsewhere.blur();
      play(harness, 'chat:status', { ...turn, state: 'done' });
      expect(document.activeElement).toBe(field);
    } finally {
      elsewhere.remove();
    }
  });
});

describe('retry and edit', () => {
  it('retries the last user message through chat:resend', async () => {
    const user = userEvent.setup();
    const { harness } = await openConversation([
      message('user', 'First'),
      message('assistant', 'One'),
      message('user', 'Second'),
      message('assistant', 'Two'),
    ]);
    const bubbles = screen.getAllByRole('article', { name: 'You' });
    expect(within(bubbles[0] as HTMLElement).queryByRole('button', { name: 'Retry' })).toBeNull();
    await user.click(within(bubbles[1] as HTMLElement).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() =>
      expect(harness.calls.find((call) => call.channel === 'chat:resend')?.args[0]).toBe('c1'),
    );
    expect(harness.calls.find((call) => call.channel === 'chat:resend')?.args[1]).toBeUndefined();
    expect(screen.queryByText('Two')).toBeNull();
  });

  it('puts the last message in the composer to edit, and sends the edit as its new version', async () => {
    const user = userEvent.setup();
    const question = message('user', 'Helo');
    const { harness } = await openConversation([question, message('assistant', 'Hm?')], {
      'chat:edit': (id) => ({ conversationId: id, turnId: 't2' }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const field = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(field.value).toBe('Helo');
    await user.clear(field);
    await user.type(field, 'Hello{Enter}');
    await vi.waitFor(() =>
      expect(harness.calls.find((call) => call.channel === 'chat:edit')?.args).toEqual([
        'c1',
        question.id,
        'Hello',
        expect.any(String),
      ]),
    );
    expect(harness.calls.some((call) => call.channel === 'chat:send')).toBe(false);
  });
});

describe('markdown', () => {
  it('renders code with its language and a Copy button, and raw HTML only as text', async () => {
    const user = userEvent.setup();
    const content = [
      'Run this:',
      '',
      '```ts',
      'const answer = 42;',
      '```',
      '',
      '<script>alert(1)</script> and <img src=x onerror="alert(2)">',
    ].join('\n');
    const { harness } = await openConversation([
      message('user', 'code?'),
      message('assistant', content),
    ]);
    expect(harness).toBeTruthy();
    const bubble = screen.getByRole('article', { name: 'Assistant' });
    expect(within(bubble).getByText('ts')).toBeTruthy();
    expect(bubble.querySelector('script')).toBeNull();
    expect(bubble.querySelector('img')).toBeNull();
    expect(bubble.textContent).toContain('<script>alert(1)</script>');
    expect(bubble.textContent).toContain('<img src=x onerror="alert(2)">');
    await user.click(within(bubble).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('const answer = 42;');
    expect(within(bubble).getByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('opens links through links:open and never loads a Markdown image', async () => {
    const user = userEvent.setup();
    const { harness } = await openConversation([
      message('user', 'link?'),
      message(
        'assistant',
        'See [the docs](https://example.com/docs) and ![a cat](https://example.com/cat.png)',
      ),
    ]);
    await user.click(screen.getByRole('link', { name: 'the docs' }));
    await vi.waitFor(() =>
      expect(
        harness.calls.filter((call) => call.channel === 'links:open').map((call) => call.args),
      ).toEqual([['https://example.com/docs']]),
    );
    expect(document.querySelector('img')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Image: a cat' }));
    await vi.waitFor(() =>
      expect(harness.calls.filter((call) => call.channel === 'links:open')).toHaveLength(2),
    );
  });

  it('says why a link was refused', async () => {
    const user = userEvent.setup();
    await openConversation(
      [message('user', 'x'), message('assistant', '[odd](https://bad.example)')],
      {
        'links:open': () => ({ outcome: 'refused', reason: 'Hearth opens only https: links.' }),
      },
    );
    await user.click(screen.getByRole('link', { name: 'odd' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Hearth opens only https: links.');
  });
});

describe('thinking', () => {
  it('shows thinking in a collapsed block: "Thinking…" while streaming, "Thought for a moment" after', async () => {
    const user = userEvent.setup();
    const { harness } = await openConversation([
      message('user', 'Why?'),
      message('assistant', 'Because.'),
    ]);
    play(harness, 'chat:status', { ...turn, state: 'streaming' });
    play(harness, 'chat:delta', { ...turn, thinking: 'Let me consider' });
    const streaming = screen.getAllByRole('article', { name: 'Assistant' }).at(-1) as HTMLElement;
    const details = streaming.querySelector('details') as HTMLDetailsElement;
    expect(within(streaming).getByText('Thinking…').tagName).toBe('SUMMARY');
    expect(details.open).toBe(false);
    await user.click(within(streaming).getByText('Thinking…'));
    expect(details.open).toBe(true);
    play(harness, 'chat:message', {
      ...turn,
      message: message('assistant', 'Done.', { thinking: 'Let me consider' }),
    });
    play(harness, 'chat:status', { ...turn, state: 'done' });
    expect(screen.getByText('Thought for a moment').tagName).toBe('SUMMARY');
    expect(screen.queryByText('Thinking…')).toBeNull();
  });
});
