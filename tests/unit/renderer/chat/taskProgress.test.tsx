import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpenConversationContext } from '../../../../renderer/src/chat/openConversation';
import {
  ToolCallCard,
  type ToolCallView,
} from '../../../../renderer/src/chat/messages/ToolCallCard';
import { connectTo, renderWith } from '../../../support/rendererHarness';

afterEach(cleanup);

// A tool call the server runs as a task, while it runs: the bar never reads as finished when
// the server gives no total, and the task alone can be cancelled from its card.
const running = (progress: ToolCallView['progress']): ToolCallView => ({
  callId: 'call-1',
  server: 'everything',
  tool: 'research',
  arguments: {},
  state: 'running',
  message: undefined,
  durationMs: undefined,
  result: undefined,
  saved: undefined,
  progress,
});

const taskProgress = (status: 'working' | 'completed', total?: number) => ({
  callId: 'call-1',
  progress: total ? 2 : 0,
  ...(total ? { total } : {}),
  message: 'Gathering sources...',
  task: { status, startedAt: Date.now() - 5_000 },
});

function renderCard(call: ToolCallView, cancelTask = vi.fn(() => true)) {
  const connection = connectTo({ 'chat:cancelTask': cancelTask });
  renderWith(
    <OpenConversationContext.Provider value="c1">
      <ToolCallCard call={call} />
    </OpenConversationContext.Provider>,
    connection,
  );
  return { connection, cancelTask };
}

describe('a running task on its card', () => {
  it('shows an indeterminate bar (no value, not full) when the server gives no total', () => {
    renderCard(running(taskProgress('working')));
    const bar = screen.getByRole('progressbar', { name: 'Progress of research' });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    expect(bar.className).toContain('progress-indeterminate');
    expect((bar.firstElementChild as HTMLElement).style.width).not.toBe('100%');
  });

  it('fills the bar to the share done when there is a total', () => {
    renderCard(running(taskProgress('working', 8)));
    const bar = screen.getByRole('progressbar', { name: 'Progress of research' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.className).not.toContain('progress-indeterminate');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('25%');
  });

  it('cancels that one task through chat:cancelTask, not the turn', async () => {
    const user = userEvent.setup();
    const { connection, cancelTask } = renderCard(running(taskProgress('working')));
    await user.click(screen.getByRole('button', { name: 'Cancel this task' }));
    expect(cancelTask).toHaveBeenCalledWith('c1', 'call-1');
    expect(connection.calls.map((call) => call.channel)).not.toContain('chat:stop');
    expect(screen.getByRole('button', { name: 'Cancelling…' })).toHaveProperty('disabled', true);
  });

  it('says so when the task had already ended', async () => {
    const user = userEvent.setup();
    renderCard(
      running(taskProgress('working')),
      vi.fn(() => false),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel this task' }));
    expect((await screen.findByRole('status')).textContent).toBe('The task had already ended.');
  });

  it('offers no cancel for a call that is not a task, or a task that is done', () => {
    renderCard(running({ ...taskProgress('working', 8), task: undefined }));
    expect(screen.queryByRole('button', { name: 'Cancel this task' })).toBeNull();
    cleanup();
    renderCard(running(taskProgress('completed')));
    expect(screen.queryByRole('button', { name: 'Cancel this task' })).toBeNull();
  });
});
