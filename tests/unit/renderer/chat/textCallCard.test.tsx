import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenConversationContext } from '../../../../renderer/src/chat/openConversation';
import {
  ToolCallCard,
  type ToolCallView,
} from '../../../../renderer/src/chat/messages/ToolCallCard';
import { connectTo, renderWith } from '../../../support/rendererHarness';

afterEach(cleanup);

// A call Hearth read from the model's text: its card says so, with the text a click away.
const card = (fromText?: string): ToolCallView => ({
  callId: 'call-1',
  server: 'everything',
  tool: 'echo',
  arguments: { message: 'ping' },
  state: 'done',
  message: undefined,
  durationMs: 12,
  result: { content: [{ type: 'text', text: 'Echo: ping' }] },
  saved: undefined,
  progress: undefined,
  ...(fromText !== undefined ? { fromText } : {}),
});

function renderCard(call: ToolCallView) {
  renderWith(
    <OpenConversationContext.Provider value="c1">
      <ToolCallCard call={call} />
    </OpenConversationContext.Provider>,
    connectTo({}),
  );
}

describe('the card of a call read from the model’s text', () => {
  // A native <summary>, so the keyboard opens it as it opens any disclosure.
  it('says so, and shows the text when opened', async () => {
    const written = '<tool_call>\n{"name": "echo", "arguments": {"message": "ping"}}\n</tool_call>';
    renderCard(card(written));
    const summary = screen.getByText('Read from the model’s text');
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await userEvent.click(summary);
    expect(details.open).toBe(true);
    expect(details.querySelector('pre')?.textContent).toBe(written);
  });

  it('says nothing of the kind for a call the model made as a call', () => {
    renderCard(card());
    expect(screen.queryByText('Read from the model’s text')).toBeNull();
    expect(screen.getByText('Echo: ping')).toBeTruthy();
  });
});
