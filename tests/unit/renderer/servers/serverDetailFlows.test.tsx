import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserFacingError } from '../../../../electron/core/bridge/errors';
import type { LaunchReview } from '../../../../preload/schemas/servers';
import { App } from '../../../../renderer/src/App';
import { connectTo } from '../../../support/rendererHarness';
import {
  builtin,
  httpEntry,
  renderServers,
  serverRow,
  statusOf,
  stdioEntry,
} from './serverFixtures';

afterEach(cleanup);

const review: LaunchReview = {
  name: 'notes',
  reason: 'new',
  command: 'npx',
  args: ['-y', '@example/notes'],
  env: [],
  risky: [],
  fingerprint: 'f'.repeat(64),
};

describe('a server that needs approval', () => {
  it('opens the review when switched on, and Approve and start starts it and shows it on', async () => {
    const harness = renderServers(
      [builtin, stdioEntry('notes', { consent: 'required' }, { enabled: false })],
      {
        'servers:setEnabled': (name) => statusOf(name, { consent: 'required' }),
        'servers:reviewLaunch': () => review,
        'servers:approveLaunch': (name) => statusOf(name, { state: 'ready', toolCount: 1 }),
      },
      { serverName: 'notes' },
    );
    await harness.user.click(await screen.findByRole('switch', { name: 'Enable notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review “notes”' });
    await harness.user.click(
      await within(dialog).findByRole('button', { name: 'Approve and start' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await serverRow('notes')).getByText('Ready')).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Enable notes' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });
});

describe('the server detail', () => {
  it('shows the command line it runs, quoted as a shell would need it', async () => {
    renderServers(
      [
        builtin,
        stdioEntry(
          'notes',
          {},
          {
            transport: {
              type: 'stdio',
              command: 'node',
              args: ['/srv/my notes/server.js'],
              env: [],
            },
          },
        ),
      ],
      {},
      { serverName: 'notes' },
    );
    const launch = await screen.findByLabelText('How Hearth reaches it');
    expect(launch.textContent).toContain("node '/srv/my notes/server.js'");
  });

  it('shows the URL of a remote server', async () => {
    renderServers([builtin, httpEntry('remote')], {}, { serverName: 'remote' });
    const launch = await screen.findByLabelText('How Hearth reaches it');
    expect(launch.textContent).toContain('https://mcp.example.com/mcp');
  });

  it('says a failure once, not in a banner and a Problem box', async () => {
    const message = 'Could not find the command “npx” in: /usr/bin.';
    const harness = renderServers(
      [builtin, stdioEntry('notes', { state: 'error', error: message })],
      {
        'servers:start': () => {
          throw new UserFacingError(message);
        },
      },
      { serverName: 'notes' },
    );
    await harness.user.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(1));
    expect(screen.queryByText('Problem:')).toBeNull();
  });

  it('lists the prompts of a server that has them', async () => {
    renderServers(
      [
        builtin,
        stdioEntry('notes', {
          state: 'ready',
          capabilities: {
            tools: true,
            resources: false,
            prompts: true,
            logging: false,
            completions: false,
          },
        }),
      ],
      {
        'servers:offerings': () => ({
          prompts: [
            {
              server: 'notes',
              name: 'summarise',
              description: 'Summarise a note.',
              arguments: [{ name: 'note', required: true }],
            },
          ],
          resources: [],
          resourceTemplates: [],
        }),
      },
      { serverName: 'notes' },
    );
    const prompts = await screen.findByRole('list', { name: 'Prompts of the server' });
    expect(prompts.textContent).toContain('/summarise');
    expect(prompts.textContent).toContain('Summarise a note.');
    expect(prompts.textContent).toContain('note*');
  });
});

describe('coming back to Servers', () => {
  it('shows the server chosen before the user left', async () => {
    window.matchMedia = vi
      .fn()
      .mockReturnValue({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() });
    const harness = connectTo({
      'conversations:list': () => [],
      'models:list': () => [],
      'ollama:status': () => ({ ok: true, host: 'http://127.0.0.1:11434', version: '0.12.6' }),
      'questions:pending': () => ({ approvals: [], sudo: [], elicitations: [], samplings: [] }),
      'servers:list': () => [builtin, stdioEntry('notes')],
      'servers:logs': () => [],
      'tools:list': () => [],
      'commandRules:list': () => [],
    });
    const user = userEvent.setup();
    render(<App connection={harness.connection} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Servers' }));
    const list = await screen.findByRole('list', { name: 'Servers' });
    await user.click(within(list).getByRole('button', { name: 'notes' }));
    expect(await screen.findByRole('heading', { name: 'notes' })).toBeTruthy();
    await user.click(within(nav).getByRole('button', { name: 'Settings' }));
    await screen.findByRole('heading', { name: 'Settings' });
    await user.click(within(nav).getByRole('button', { name: 'Servers' }));
    expect(await screen.findByRole('heading', { name: 'notes' })).toBeTruthy();
  });
});
