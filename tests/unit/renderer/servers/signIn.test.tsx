import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { builtin, httpEntry, renderServers, serverRow, statusOf } from './serverFixtures';

afterEach(cleanup);

describe('signing in to a remote server', () => {
  it('shows “Needs sign-in”, signs in from the detail, and follows the status', async () => {
    const harness = renderServers(
      [builtin, httpEntry('linear', { signIn: 'required' })],
      {
        'servers:signIn': (name) =>
          statusOf(name, { state: 'ready', signIn: 'signed-in', toolCount: 4 }),
      },
      { serverName: 'linear' },
    );
    expect(within(await serverRow('linear')).getByText('Needs sign-in')).toBeTruthy();
    const notice = await screen.findByRole('region', { name: 'Sign-in needed' });
    expect(notice.textContent).toContain('asks you to sign in');

    await harness.user.click(within(notice).getByRole('button', { name: 'Sign in' }));
    expect(harness.argsOf('servers:signIn')).toEqual([['linear']]);
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Sign-in needed' })).toBeNull();
  });

  it('says in its one sentence why the server asks again when its sign-in moved', async () => {
    const note =
      'This server now signs in at https://id.example.com instead of https://auth.example.com, so Hearth forgot the old sign-in and signs in there anew.';
    renderServers(
      [builtin, httpEntry('linear', { signIn: 'required', signInNote: note })],
      {},
      {
        serverName: 'linear',
      },
    );
    const notice = await screen.findByRole('region', { name: 'Sign-in needed' });
    expect(within(notice).getByText(note)).toBeTruthy();
    expect(within(notice).getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('offers the sign-in page while Hearth waits for the browser', async () => {
    const opened: string[] = [];
    const harness = renderServers(
      [builtin, httpEntry('linear', { signIn: 'required' })],
      {
        'links:open': (url) => {
          opened.push(url);
          return { outcome: 'opened' };
        },
      },
      { serverName: 'linear' },
    );
    await screen.findByRole('region', { name: 'Sign-in needed' });
    const page = 'https://auth.example.com/authorize?client_id=x';
    act(() =>
      harness.emit('servers:status', statusOf('linear', { signIn: 'waiting', signInUrl: page })),
    );
    expect(within(await serverRow('linear')).getByText('Signing in')).toBeTruthy();
    await harness.user.click(await screen.findByRole('button', { name: 'Open the sign-in page' }));
    await waitFor(() => expect(opened).toEqual([page]));
  });

  it('signs out', async () => {
    const harness = renderServers(
      [builtin, httpEntry('linear', { state: 'ready', signIn: 'signed-in' })],
      { 'servers:signOut': (name) => statusOf(name, { state: 'stopped', signIn: 'required' }) },
      { serverName: 'linear' },
    );
    await harness.user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(harness.argsOf('servers:signOut')).toEqual([['linear']]);
    expect(await screen.findByRole('region', { name: 'Sign-in needed' })).toBeTruthy();
  });

  it('shows a ready server that stopped answering', async () => {
    renderServers([
      builtin,
      httpEntry('linear', {
        state: 'ready',
        error: 'The server stopped answering (no reply to a ping).',
      }),
    ]);
    expect(within(await serverRow('linear')).getByText('Not answering')).toBeTruthy();
  });
});
