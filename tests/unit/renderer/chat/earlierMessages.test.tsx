import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { EarlierMessages } from '../../../../renderer/src/chat/messages/EarlierMessages';

afterEach(cleanup);

describe('the row before the messages read so far', () => {
  it('reads the earlier page by keyboard, says why a read failed, and tries again', async () => {
    let calls = 0;
    const onLoad = () => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('The history is locked.')) : Promise.resolve();
    };
    render(<EarlierMessages count={1800} onLoad={onLoad} />);
    const user = userEvent.setup();
    await user.tab();
    const button = screen.getByRole('button', { name: 'Show earlier messages (1,800)' });
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('The history is locked.');
    await user.click(screen.getByRole('button', { name: /Show earlier messages/ }));
    expect(calls).toBe(2);
    await screen.findByRole('button', { name: /Show earlier messages/ });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
