import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenConversationContext } from '../../../../renderer/src/chat/openConversation';
import {
  ToolCallCard,
  type ToolCallView,
} from '../../../../renderer/src/chat/messages/ToolCallCard';
import { connectTo, renderWith } from '../../../support/rendererHarness';

afterEach(cleanup);

const REASON =
  'Not asked: you let this server’s calls run without asking while its sandbox keeps it off the network and writing only in its own folder, and the model runs on this computer.';

const done = (extra: Partial<ToolCallView> = {}): ToolCallView => ({
  callId: 'call-1',
  server: 'notes',
  tool: 'read',
  arguments: {},
  state: 'done',
  message: undefined,
  durationMs: 12,
  result: { content: [{ type: 'text', text: 'the notes' }] },
  saved: undefined,
  progress: undefined,
  ...extra,
});

function renderCard(call: ToolCallView) {
  renderWith(
    <OpenConversationContext.Provider value="c1">
      <ToolCallCard call={call} />
    </OpenConversationContext.Provider>,
    connectTo(),
  );
}

describe('the card of a call that ran without asking', () => {
  it('says why it did not ask', () => {
    renderCard(done({ unaskedBecause: REASON }));
    const card = screen.getByRole('article', { name: 'Tool call notes › read' });
    expect(card.textContent).toContain(REASON);
  });

  it('says nothing of it for a call the user answered', () => {
    renderCard(done());
    const card = screen.getByRole('article', { name: 'Tool call notes › read' });
    expect(card.textContent).not.toContain('Not asked');
  });
});
