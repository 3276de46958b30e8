import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UserFacingError } from '../../../../electron/core/bridge/errors';
import type { LaunchReview, ServerStatus } from '../../../../preload/schemas/servers';
import { builtin, renderServers, serverRow, statusOf, stdioEntry } from './serverFixtures';

afterEach(cleanup);

function review(patch: Partial<LaunchReview> = {}): LaunchReview {
  return {
    name: 'github',
    reason: 'new',
    command: 'npx',
    resolvedCommand: '/usr/local/bin/npx',
    args: ['-y', '@modelcontextprotocol/server-github', '--root', '/users/me/My Projects'],
    env: [
      { name: 'GITHUB_TOKEN', value: '••••••••', secret: true },
      { name: 'NODE_OPTIONS', value: '--require /tmp/hook.js', secret: false },
    ],
    cwd: '/users/me',
    risky: [{ name: 'NODE_OPTIONS', reason: 'It can load any code into Node before the server.' }],
    fingerprint: 'f'.repeat(64),
    ...patch,
  };
}

describe('approving a local server', () => {
  it('shows exactly what will run, flags risky variables and approves that launch', async () => {
    const harness = renderServers(
      [builtin, stdioEntry('github', { consent: 'required' })],
      {
        'servers:reviewLaunch': () => review(),
        'servers:approveLaunch': (name) =>
          statusOf(name, { state: 'ready', consent: 'approved', toolCount: 2 }),
      },
      { serverName: 'github' },
    );
    const banner = await screen.findByRole('region', { name: 'Approval needed' });
    expect(banner.textContent).toContain('will not start this server until you approve');
    await harness.user.click(within(banner).getByRole('button', { name: 'Review and approve' }));

    const dialog = await screen.findByRole('dialog', { name: 'Review “github”' });
    expect(await within(dialog).findByText('npx')).toBeTruthy();
    expect(within(dialog).getByText('/usr/local/bin/npx')).toBeTruthy();
    const args = within(within(dialog).getByRole('list', { name: 'Arguments' })).getAllByRole(
      'listitem',
    );
    expect(args.map((item) => item.textContent)).toEqual([
      '-y',
      '@modelcontextprotocol/server-github',
      '--root',
      '/users/me/My Projects',
    ]);
    const env = within(dialog).getByRole('table', { name: 'Environment' });
    const token = within(env).getByRole('row', { name: /GITHUB_TOKEN/ });
    expect(within(token).getByText('••••••••')).toBeTruthy();
    expect(token.className).not.toContain('risky');
    const nodeOptions = within(env).getByRole('row', { name: /NODE_OPTIONS/ });
    expect(nodeOptions.className).toContain('risky');
    const warning = within(dialog).getByRole('group', { name: 'Risky variables' });
    expect(warning.textContent).toContain('NODE_OPTIONS');
    // The explanation is said once, in the notice, not again in the variable's row.
    expect(
      within(dialog).getAllByText('It can load any code into Node before the server.', {
        exact: false,
      }),
    ).toHaveLength(1);
    expect(nodeOptions.textContent).not.toContain('It can load any code');
    expect(within(dialog).getByText('/users/me')).toBeTruthy();

    await harness.user.click(within(dialog).getByRole('button', { name: 'Approve and start' }));
    expect(harness.argsOf('servers:approveLaunch')).toEqual([['github', 'f'.repeat(64), []]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Approval needed' })).toBeNull();
    expect(within(await serverRow('github')).getByText('Ready')).toBeTruthy();
  });

  it('shows the variable Hearth adds to a Node bundle as Hearth’s, with no warning', async () => {
    const harness = renderServers(
      [builtin, stdioEntry('greeter', { consent: 'required' })],
      {
        'servers:reviewLaunch': () =>
          review({
            name: 'greeter',
            command: '/opt/Hearth/hearth',
            resolvedCommand: undefined,
            args: ['/data/bundles/greeter/server/index.js'],
            env: [{ name: 'ELECTRON_RUN_AS_NODE', value: '1', secret: false, byHearth: true }],
            risky: [],
          }),
      },
      { serverName: 'greeter' },
    );
    const banner = await screen.findByRole('region', { name: 'Approval needed' });
    await harness.user.click(within(banner).getByRole('button', { name: 'Review and approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review “greeter”' });
    const row = await within(dialog).findByRole('row', { name: /ELECTRON_RUN_AS_NODE/ });
    expect(row.className).not.toContain('risky');
    expect(row.textContent).toContain('Set by Hearth, to run the server on Hearth’s own Node.js.');
    expect(within(dialog).queryByRole('group', { name: 'Risky variables' })).toBeNull();
    expect(dialog.textContent).not.toContain('Look closely');
  });

  it('approves nothing when the user cancels', async () => {
    const harness = renderServers(
      [builtin, stdioEntry('github', { consent: 'changed' })],
      {
        'servers:reviewLaunch': () => review({ reason: 'changed', risky: [] }),
        'servers:approveLaunch': () => {
          throw new Error('approveLaunch must not be called');
        },
      },
      { serverName: 'github' },
    );
    const banner = await screen.findByRole('region', { name: 'Approval needed' });
    expect(banner.textContent).toContain('changed since you approved it');
    await harness.user.click(within(banner).getByRole('button', { name: 'Review and approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review “github”' });
    expect(await within(dialog).findByText(/changed since you approved it/)).toBeTruthy();
    expect(within(dialog).queryByRole('group', { name: 'Risky variables' })).toBeNull();
    await harness.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(harness.argsOf('servers:approveLaunch')).toEqual([]);
    expect(screen.getByRole('region', { name: 'Approval needed' })).toBeTruthy();
  });

  it('says so when the command changed during the review', async () => {
    const harness = renderServers(
      [builtin, stdioEntry('github', { consent: 'required' })],
      {
        'servers:reviewLaunch': () => review(),
        'servers:approveLaunch': () => {
          throw new UserFacingError(
            'The command of “github” changed while you were reviewing it. Review it again.',
          );
        },
      },
      { serverName: 'github' },
    );
    await harness.user.click(await screen.findByRole('button', { name: 'Review and approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review “github”' });
    await within(dialog).findByText('npx');
    await harness.user.click(within(dialog).getByRole('button', { name: 'Approve and start' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The command of “github” changed while you were reviewing it. Review it again.',
    );
  });
});

describe('the folders a sandboxed server’s arguments name', () => {
  const sandboxed = review({
    sandbox: {
      state: 'on',
      hidden: ['/users/me/.ssh'],
      writable: ['/data/sandbox/github'],
      allWrites: false,
      hosts: [],
      argumentFolders: [
        { path: '/users/me/My Projects', broad: false },
        { path: '/users/me', broad: true },
      ],
    },
  });

  it('are offered ticked (the home folder unticked), and the ticked ones go with the approval', async () => {
    const harness = renderServers(
      [builtin, stdioEntry('github', { consent: 'required' })],
      {
        'servers:reviewLaunch': () => sandboxed,
        'servers:approveLaunch': (name) => statusOf(name, { state: 'ready', consent: 'approved' }),
      },
      { serverName: 'github' },
    );
    await harness.user.click(await screen.findByRole('button', { name: 'Review and approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review “github”' });
    const group = await within(dialog).findByRole('group', {
      name: 'Folders its arguments and variables name',
    });
    const project = within(group).getByRole('checkbox', {
      name: 'Let it write in /users/me/My Projects',
    });
    const home = within(group).getByRole('checkbox', { name: /Let it write in \/users\/me \(/ });
    expect((project as HTMLInputElement).checked).toBe(true);
    expect((home as HTMLInputElement).checked).toBe(false);
    await harness.user.click(home);
    await harness.user.click(project);
    await harness.user.click(within(dialog).getByRole('button', { name: 'Approve and start' }));
    expect(harness.argsOf('servers:approveLaunch')).toEqual([
      ['github', 'f'.repeat(64), ['/users/me']],
    ]);
  });

  it('names the repositories whose hooks and config stay read-only, and says when the look stopped short', async () => {
    const repositories = Array.from({ length: 10 }, (_, index) => `/users/me/src/repo-${index}`);
    const harness = renderServers(
      [builtin, stdioEntry('github', { consent: 'required' })],
      {
        'servers:reviewLaunch': () => sandboxed,
        'servers:launchRepositories': () => ({ repositories, complete: false }),
      },
      { serverName: 'github' },
    );
    await harness.user.click(await screen.findByRole('button', { name: 'Review and approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review “github”' });
    const sandbox = await within(dialog).findByRole('region', { name: 'Sandbox' });
    const found = await within(sandbox).findByText(/Their hooks and config stay read-only/);
    expect(found.textContent).toContain('/users/me/src/repo-0, /users/me/src/repo-1');
    expect(found.textContent).toContain('repositories further down are not protected');
    const more = within(found).getByText('Show all 10').closest('details');
    expect(more?.open).toBe(false);
    expect(more?.textContent).toBe('Show all 10/users/me/src/repo-8, /users/me/src/repo-9');
    await harness.user.click(within(found).getByText('Show all 10'));
    expect(more?.open).toBe(true);
    expect(harness.argsOf('servers:launchRepositories')).toEqual([['github']]);
  });

  it('the review closes once the server starts, before a first download ends', async () => {
    let started: (value: ServerStatus) => void = () => undefined;
    const harness = renderServers(
      [builtin, stdioEntry('github', { consent: 'required' })],
      {
        'servers:reviewLaunch': () => review(),
        'servers:approveLaunch': () => new Promise<ServerStatus>((resolve) => (started = resolve)),
      },
      { serverName: 'github' },
    );
    await harness.user.click(await screen.findByRole('button', { name: 'Review and approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review “github”' });
    await within(dialog).findByText('npx');
    await harness.user.click(within(dialog).getByRole('button', { name: 'Approve and start' }));
    harness.emit(
      'servers:status',
      statusOf('github', {
        state: 'starting',
        consent: 'approved',
        download: { launcher: 'npx', package: '@modelcontextprotocol/server-github@1.0.0' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await screen.findByRole('region', { name: 'Download' })).textContent).toContain(
      'Downloading @modelcontextprotocol/server-github@1.0.0 with npx.',
    );
    started(statusOf('github', { state: 'ready', consent: 'approved' }));
  });
});
