import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfigInput } from '../../../../preload/schemas/servers';
import { splitCommandLine } from '../../../../renderer/src/servers/form/commandLine';
import { builtin, entryOf, renderServers } from './serverFixtures';

afterEach(cleanup);

describe('a whole command line typed into Command', () => {
  it('is split into the program and its arguments, shown first, and saved that way', async () => {
    const saved: ServerConfigInput[] = [];
    const harness = renderServers([builtin], {
      'servers:save': (config) => {
        saved.push(config);
        return entryOf(config as never, { consent: 'required' });
      },
    });
    await screen.findByRole('list', { name: 'Servers' });
    const [addServer] = screen.getAllByRole('button', { name: 'Add server' });
    if (!addServer) throw new Error('No Add server button');
    await harness.user.click(addServer);
    const dialog = await screen.findByRole('dialog', { name: 'Add server' });
    await harness.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'notes');
    const command = within(dialog).getByRole('textbox', { name: 'Command' });
    await harness.user.type(command, 'node "/srv/my notes/server.js" --flag');
    // Before anything changes, the user sees what it will become.
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Runs node with the arguments “/srv/my notes/server.js”, “--flag”; split when you leave this field.',
    );
    await harness.user.tab();
    expect((command as HTMLInputElement).value).toBe('node');
    const args = within(dialog)
      .getAllByRole('textbox', { name: /^Argument \d+$/ })
      .map((input) => (input as HTMLInputElement).value);
    expect(args).toEqual(['/srv/my notes/server.js', '--flag']);
    expect(within(dialog).getByRole('status').textContent).toMatch(
      /Split into the command node and 2 arguments/,
    );
    await harness.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(saved[0]?.transport).toMatchObject({
      type: 'stdio',
      command: 'node',
      args: ['/srv/my notes/server.js', '--flag'],
    });
  });
});

describe('splitCommandLine', () => {
  it('follows shell-word rules: quotes, escapes, variables kept for Hearth to fill', () => {
    expect(splitCommandLine('uvx \'mcp-server-git\' --repository "$HOME/code"')).toEqual({
      kind: 'split',
      command: 'uvx',
      args: ['mcp-server-git', '--repository', '${HOME}/code'],
    });
    expect(splitCommandLine('npx')).toEqual({ kind: 'single' });
    expect(splitCommandLine('C:\\Program Files\\node.exe')).toEqual({ kind: 'single' });
  });

  it('refuses shell syntax a server launch would not run, in words', () => {
    const piped = splitCommandLine('node server.js | tee log');
    expect(piped).toMatchObject({ kind: 'problem' });
    expect(piped.kind === 'problem' && piped.message).toMatch(/“\|” is shell syntax/);
  });
});
