import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { message, openConversation, play, TURN, withLayout } from './chatFixtures';

withLayout();

const sends = (harness: Awaited<ReturnType<typeof openConversation>>['harness']) =>
  harness.calls
    .filter((call) => call.channel === 'chat:send')
    // Each send names its own new turn; what is compared here is what was sent.
    .map((call) => {
      const { turnId, ...sent } = call.args[0] as { turnId?: string };
      expect(turnId).toMatch(/^[0-9a-f-]{36}$/);
      return sent;
    });

describe('writing while a reply streams', () => {
  it('keeps the field open, queues the next message visibly, and sends it when the turn ends', async () => {
    const user = userEvent.setup();
    const { harness } = await openConversation([message('user', 'Go'), message('assistant', 'Ok')]);
    play(harness, 'chat:status', { ...TURN, state: 'streaming' });
    const field = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(field.disabled).toBe(false);
    await user.type(field, 'And then?{Enter}');
    expect(field.value).toBe('');
    expect(screen.getByText('Queued — sends when this reply ends:')).toBeTruthy();
    expect(screen.getByText('And then?')).toBeTruthy();
    expect(sends(harness)).toEqual([]);
    play(harness, 'chat:status', { ...TURN, state: 'done' });
    await vi.waitFor(() =>
      expect(sends(harness)).toEqual([
        { conversationId: 'c1', text: 'And then?', model: 'llama3.2' },
      ]),
    );
    expect(screen.queryByText(/Queued — sends/)).toBeNull();
  });

  it('lets the user remove the queued message, and then sends nothing', async () => {
    const user = userEvent.setup();
    const { harness } = await openConversation([message('user', 'Go')]);
    play(harness, 'chat:status', { ...TURN, state: 'streaming' });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Never mind{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove the queued message' }));
    expect(screen.queryByText(/Queued — sends/)).toBeNull();
    play(harness, 'chat:status', { ...TURN, state: 'done' });
    // A message sent now goes the same way a queued one would, after it: only it arrives.
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Something else{Enter}');
    await vi.waitFor(() => expect(sends(harness)).toHaveLength(1));
    expect(sends(harness)).toEqual([
      { conversationId: 'c1', text: 'Something else', model: 'llama3.2' },
    ]);
  });

  it('puts the queued message back into the field when the user stops the reply', async () => {
    const user = userEvent.setup();
    const { harness } = await openConversation([message('user', 'Go')], {
      'chat:stop': () => true,
    });
    play(harness, 'chat:status', { ...TURN, state: 'streaming' });
    const field = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    await user.type(field, 'Wait{Enter}');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    play(harness, 'chat:status', { ...TURN, state: 'stopped' });
    await vi.waitFor(() => expect(field.value).toBe('Wait'));
    expect(sends(harness)).toEqual([]);
  });
});
