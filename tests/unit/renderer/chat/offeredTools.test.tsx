import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestFacts } from '../../../../preload/schemas/chat';
import type { CatalogTool } from '../../../../preload/schemas/servers';
import { OfferedTools } from '../../../../renderer/src/chat/messages/OfferedTools';
import { connectTo, renderWith } from '../../../support/rendererHarness';
import { toolOf } from '../servers/serverFixtures';

afterEach(cleanup);

const request: RequestFacts = {
  tools: [
    {
      server: 'github',
      tool: 'create_issue',
      modelName: 'github_create_issue',
      reason: 'relevant',
    },
    { server: 'fixture', tool: 'echo', modelName: 'fixture_echo', reason: 'used' },
  ],
  toolsAvailable: 120,
  numCtx: 8_192,
  droppedMessages: 0,
};

function catalogStore(initial: CatalogTool[]) {
  let tools = initial;
  const patches: unknown[][] = [];
  return {
    patches,
    list: () => tools,
    configure: (server: string, tool: string, patch: Partial<CatalogTool>) => {
      patches.push([server, tool, patch]);
      tools = tools.map((entry) =>
        entry.server === server && entry.tool === tool ? { ...entry, ...patch } : entry,
      );
      return tools;
    },
  };
}

describe('the tools offered with a reply', () => {
  it('says so when no tool matched the message, whether none went or only pinned and used ones', async () => {
    const harness = connectTo({ 'tools:list': () => [] });
    renderWith(<OfferedTools request={{ ...request, tools: [], nothingMatched: true }} />, harness);
    expect(screen.getByRole('note').textContent).toBe(
      'No tool matched this message, so none of the 120 were offered.',
    );
    cleanup();
    renderWith(
      <OfferedTools
        request={{ ...request, tools: request.tools.slice(1), nothingMatched: true }}
      />,
      harness,
    );
    expect(
      screen.getByText(
        '1 of 120 tools offered: no tool matched this message, only pinned and used ones went',
      ),
    ).toBeTruthy();
  });

  it('lists the search tool without a pin: it is Hearth’s own, not a server’s', async () => {
    const harness = connectTo({ 'tools:list': () => [toolOf('fixture', 'echo')] });
    const withSearch: RequestFacts = {
      ...request,
      tools: [
        ...request.tools,
        { server: 'hearth', tool: 'search_tools', modelName: 'search_tools', reason: 'all' },
      ],
    };
    renderWith(<OfferedTools request={withSearch} />, harness);
    await userEvent.setup().click(screen.getByText('3 of 120 tools offered'));
    const row = screen.getByText('search_tools').closest('li') as HTMLElement;
    expect(within(row).getByText('for the model to find more tools')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('lists the tools offered and why, and pins one or any other through tools:configure', async () => {
    const catalog = catalogStore([
      toolOf('github', 'create_issue'),
      toolOf('fixture', 'echo'),
      toolOf('maps', 'directions'),
    ]);
    const harness = connectTo({ 'tools:list': catalog.list, 'tools:configure': catalog.configure });
    renderWith(<OfferedTools request={request} />, harness);
    const user = userEvent.setup();

    await user.click(screen.getByText('2 of 120 tools offered'));
    const list = screen.getByRole('list', { name: 'Tools offered with this message' });
    const issue = within(list).getByText('github_create_issue').closest('li') as HTMLElement;
    expect(within(issue).getByText('relevant')).toBeTruthy();
    const pin = within(issue).getByRole('button', { name: 'Pin' });
    await waitFor(() => expect((pin as HTMLButtonElement).disabled).toBe(false));
    await user.click(pin);
    expect(catalog.patches).toEqual([['github', 'create_issue', { pinned: true }]]);
    expect(within(issue).getByRole('button', { name: 'Unpin' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: /Pin another tool/ }), [
      'maps\u0000directions',
    ]);
    await user.click(screen.getAllByRole('button', { name: 'Pin' }).at(-1) as HTMLElement);
    expect(catalog.patches.at(-1)).toEqual(['maps', 'directions', { pinned: true }]);
    const alsoPinned = screen.getByRole('list', { name: 'Also pinned' });
    expect(within(alsoPinned).getByText('maps_directions')).toBeTruthy();
    await user.click(within(alsoPinned).getByRole('button', { name: 'Unpin' }));
    expect(catalog.patches.at(-1)).toEqual(['maps', 'directions', { pinned: false }]);
    expect(screen.queryByRole('list', { name: 'Also pinned' })).toBeNull();
  });

  it('says when the oldest messages were not sent', () => {
    renderWith(<OfferedTools request={{ ...request, droppedMessages: 3 }} />, connectTo());
    expect(screen.getByRole('note').textContent).toBe(
      'Oldest 3 messages not sent: the conversation is longer than the model’s context.',
    );
  });
});
