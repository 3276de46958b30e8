import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  builtin,
  httpEntry,
  renderServers,
  serverRow,
  statusOf,
  stdioEntry,
} from './serverFixtures';

afterEach(cleanup);

describe('the server list', () => {
  it('shows each server with its kind, state and tool count', async () => {
    renderServers([
      builtin,
      stdioEntry('github', { state: 'ready', toolCount: 3 }),
      httpEntry('weather', { state: 'error', error: 'The server refused the connection.' }),
    ]);
    const hearth = await serverRow('Built-in tools');
    expect(within(hearth).getByText('Part of Hearth')).toBeTruthy();
    expect(within(hearth).getByText('5 tools')).toBeTruthy();
    const github = await serverRow('github');
    expect(within(github).getByText('Local command')).toBeTruthy();
    expect(within(github).getByText('Ready')).toBeTruthy();
    expect(within(github).getByText('3 tools')).toBeTruthy();
    const weather = await serverRow('weather');
    expect(within(weather).getByText('Remote (HTTP)')).toBeTruthy();
    expect(within(weather).getByText('Error')).toBeTruthy();
  });

  it('follows status events as they arrive', async () => {
    const harness = renderServers([builtin, stdioEntry('github', { state: 'starting' })]);
    expect(within(await serverRow('github')).getByText('Starting')).toBeTruthy();

    act(() =>
      harness.emit('servers:status', statusOf('github', { state: 'ready', toolCount: 12 })),
    );
    expect(within(await serverRow('github')).getByText('Ready')).toBeTruthy();
    expect(within(await serverRow('github')).getByText('12 tools')).toBeTruthy();

    act(() => harness.emit('servers:status', statusOf('GitHub', { state: 'restarting' })));
    expect(within(await serverRow('github')).getByText('Restarting')).toBeTruthy();

    act(() => harness.emit('servers:status', statusOf('github', { consent: 'changed' })));
    expect(within(await serverRow('github')).getByText('Needs approval')).toBeTruthy();
  });

  it('explains MCP servers when only the built-in one exists', async () => {
    const harness = renderServers([builtin], { 'servers:detectImports': () => [] });
    expect(await screen.findByText(/MCP servers give the model tools/)).toBeTruthy();
    await harness.user.click(
      screen.getByRole('button', { name: 'Import from Claude Desktop, VS Code or Cursor' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Import servers' })).toBeTruthy();
  });

  it('selects a server and tells navigation', async () => {
    const harness = renderServers([builtin, stdioEntry('github'), stdioEntry('files')]);
    expect(await screen.findByText(/Choose a server/)).toBeTruthy();
    await harness.user.click(within(await serverRow('files')).getByRole('button'));
    expect(await screen.findByRole('heading', { name: 'files' })).toBeTruthy();
    expect(harness.navigation.visits).toEqual(['servers:files']);
  });
});

describe('the detail pane', () => {
  it('lets the built-in server be turned off but not edited or deleted', async () => {
    const harness = renderServers(
      [builtin],
      { 'servers:setEnabled': (name) => statusOf(name) },
      { serverName: 'hearth' },
    );
    expect(await screen.findByRole('heading', { name: 'Built-in tools' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Duplicate' })).toBeNull();

    await harness.user.click(screen.getByRole('switch', { name: 'Enable Built-in tools' }));
    expect(harness.argsOf('servers:setEnabled')).toEqual([['hearth', false]]);
    expect(
      (screen.getByRole('switch', { name: 'Enable Built-in tools' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(within(await serverRow('Built-in tools')).getByText('Off')).toBeTruthy();
  });

  it('starts, stops and restarts the server, showing the state main returns', async () => {
    const harness = renderServers(
      [builtin, stdioEntry('github', { state: 'ready' })],
      {
        'servers:stop': (name) => statusOf(name),
        'servers:start': (name) => statusOf(name, { state: 'starting' }),
        'servers:restart': (name) => statusOf(name, { state: 'restarting' }),
      },
      { serverName: 'github' },
    );
    await screen.findByRole('heading', { name: 'github' });
    expect((screen.getByRole('button', { name: 'Start' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await harness.user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(within(await serverRow('github')).getByText('Stopped')).toBeTruthy();

    await harness.user.click(screen.getByRole('button', { name: 'Start' }));
    expect(within(await serverRow('github')).getByText('Starting')).toBeTruthy();

    await harness.user.click(screen.getByRole('button', { name: 'Restart' }));
    expect(within(await serverRow('github')).getByText('Restarting')).toBeTruthy();
    expect(harness.calls.map((call) => call.channel)).toEqual(
      expect.arrayContaining(['servers:stop', 'servers:start', 'servers:restart']),
    );
  });

  it('says what went wrong and what the server said about itself', async () => {
    renderServers(
      [
        builtin,
        stdioEntry('github', {
          state: 'error',
          error: 'The command “npx” was not found on PATH.',
          serverInfo: { name: 'github-mcp', version: '1.4.2' },
          protocolVersion: '2025-06-18',
          protocolSource: 'probed',
          capabilities: {
            tools: true,
            resources: false,
            prompts: true,
            logging: false,
            completions: false,
          },
        }),
      ],
      {},
      { serverName: 'github' },
    );
    expect(await screen.findByText('The command “npx” was not found on PATH.')).toBeTruthy();
    const info = screen.getByLabelText('Server information');
    // Its own words, labelled as such: they may differ from its name here and in a registry.
    expect(within(info).getByText('The server calls itself').nextElementSibling?.textContent).toBe(
      'github-mcp',
    );
    expect(within(info).getByText('Its own version').nextElementSibling?.textContent).toBe('1.4.2');
    expect(info.textContent).toContain('agreed with the server when it started');
    expect(within(info).getByText('2025-06-18')).toBeTruthy();
    expect(within(info).getByText('tools')).toBeTruthy();
    expect(within(info).getByText('prompts')).toBeTruthy();
    expect(within(info).queryByText('resources')).toBeNull();
  });

  it('says which registry entry a server came from, apart from what it calls itself', async () => {
    renderServers(
      [
        builtin,
        stdioEntry(
          'weather',
          { state: 'ready', serverInfo: { name: 'weather-mcp', version: '0.4.1' } },
          { registryEntry: { name: 'io.github.example/weather', version: '1.2.0' } },
        ),
      ],
      {},
      { serverName: 'weather' },
    );
    const listed = await screen.findByText(/Listed in the registry as/);
    expect(listed.textContent).toBe(
      'Listed in the registry as io.github.example/weather, version 1.2.0.',
    );
    const info = screen.getByLabelText('Server information');
    expect(within(info).getByText('The server calls itself').nextElementSibling?.textContent).toBe(
      'weather-mcp',
    );
  });

  it('deletes a server only after the user confirms', async () => {
    let entries = [builtin, stdioEntry('github')];
    const harness = renderServers(
      () => entries,
      {
        'servers:delete': (name) => {
          entries = entries.filter((entry) => entry.config.name !== name);
          return true;
        },
      },
      { serverName: 'github' },
    );
    await screen.findByRole('heading', { name: 'github' });
    await harness.user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “github”?' });
    // It says what goes and what is kept for the user (a server's own folder, its data moved out).
    expect(confirm.textContent).toContain('its own folder goes too');
    expect(confirm.textContent).toContain('Hearth › kept › github in your home folder');
    await harness.user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(harness.argsOf('servers:delete')).toEqual([]);

    await harness.user.click(screen.getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete “github”?' });
    await harness.user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(harness.argsOf('servers:delete')).toEqual([['github']]);
    const list = screen.getByRole('list', { name: 'Servers' });
    await waitFor(() => expect(within(list).queryByRole('button', { name: 'github' })).toBeNull());
    expect(harness.navigation.visits).toContain('servers:');
  });
});
