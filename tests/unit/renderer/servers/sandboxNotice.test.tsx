import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LaunchReview, SandboxPolicy, ServerEntry } from '../../../../preload/schemas/servers';
import { entryOf, renderServers, statusOf, stdioEntry } from './serverFixtures';

afterEach(cleanup);

const policy: SandboxPolicy = {
  enabled: true,
  denyRead: [],
  allowWrite: [],
  allowRead: [],
  allowHosts: [],
  allowAllWrites: false,
  unsandboxedWhenUnavailable: false,
};

function sandboxed(status: Parameters<typeof statusOf>[1]): ServerEntry {
  return entryOf(
    {
      name: 'notes',
      transport: { type: 'stdio', command: 'npx', args: ['-y', 'notes'], env: [], sandbox: policy },
    },
    status,
  );
}

describe('a server’s OS sandbox on its page', () => {
  it('where the sandbox cannot run, says what is missing and runs without it only when asked', async () => {
    const harness = renderServers(
      [
        sandboxed({
          state: 'error',
          sandbox: {
            state: 'unavailable',
            blocked: [],
            missing: 'bubblewrap (bwrap) and socat',
            advice: 'On Debian or Ubuntu: sudo apt install bubblewrap socat',
          },
        }),
      ],
      {
        'servers:runUnsandboxed': (name) =>
          statusOf(name, { state: 'ready', sandbox: { state: 'unsandboxed', blocked: [] } }),
      },
      { serverName: 'notes' },
    );
    const notice = await screen.findByRole('region', { name: 'Sandbox cannot run' });
    expect(notice.textContent).toContain('bubblewrap (bwrap) and socat are missing');
    expect(notice.textContent).toContain('sudo apt install bubblewrap socat');
    expect(harness.argsOf('servers:runUnsandboxed')).toEqual([]);
    await harness.user.click(
      within(notice).getByRole('button', { name: 'Run without the sandbox once' }),
    );
    expect(harness.argsOf('servers:runUnsandboxed')).toEqual([['notes', false]]);
    expect(await screen.findByText('Running without its sandbox')).toBeTruthy();
  });

  it('where the sandbox cannot run, says so once: the notice, with the command to copy', async () => {
    const advice = 'On Debian or Ubuntu: sudo apt install bubblewrap';
    const harness = renderServers(
      [
        sandboxed({
          state: 'error',
          error: `“notes” is meant to run in the sandbox, which cannot run here: bubblewrap (bwrap) is missing. ${advice}. Or choose to run it without the sandbox, once or always.`,
          sandbox: { state: 'unavailable', blocked: [], missing: 'bubblewrap (bwrap)', advice },
        }),
      ],
      {
        'runtimes:check': () => [],
        'runtimes:sandbox': () => ({
          ok: false,
          platform: 'linux',
          tools: [{ command: 'bwrap', label: 'bubblewrap (bwrap)', package: 'bubblewrap' }],
          missing: 'bubblewrap (bwrap)',
          advice,
        }),
      },
      { serverName: 'notes' },
    );
    const notice = await screen.findByRole('region', { name: 'Sandbox cannot run' });
    await screen.findByText(/Not ready/);
    const page = document.body.textContent ?? '';
    expect(page.match(/cannot run/g)).toHaveLength(1);
    expect(page.match(/sudo apt install/g)).toHaveLength(1);
    // The command is text that wraps, not a block to scroll, and copies whole.
    expect(notice.querySelector('pre')).toBeNull();
    await harness.user.click(within(notice).getByRole('button', { name: 'Copy the command' }));
    expect(await navigator.clipboard.readText()).toBe('sudo apt install bubblewrap');
    expect(within(notice).getByRole('status').textContent).toBe('Copied.');
  });

  it('lists what it blocked, with a badge, and allows a folder or host for that server', async () => {
    const blocked = [
      'blocked: read of ~/.ssh/id_rsa',
      'blocked: connection to api.example.com:443',
    ];
    const harness = renderServers(
      [sandboxed({ state: 'ready', sandbox: { state: 'on', blocked } })],
      {
        'servers:allowBlocked': () =>
          sandboxed({ state: 'ready', sandbox: { state: 'on', blocked: [] } }),
      },
      { serverName: 'notes' },
    );
    expect(await screen.findByText('Sandboxed')).toBeTruthy();
    expect(screen.getByText('2 blocked')).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Blocked by the sandbox' });
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('code')?.textContent)).toEqual([
      'read of ~/.ssh/id_rsa',
      'connection to api.example.com:443',
    ]);
    const hostItem = items[1];
    if (!hostItem) throw new Error('the host is not listed');
    await harness.user.click(within(hostItem).getByRole('button', { name: 'Allow this host' }));
    expect(harness.argsOf('servers:allowBlocked')).toEqual([
      ['notes', 'blocked: connection to api.example.com:443'],
    ]);
  });

  it('offers “Run sandboxed” for a server the user typed, which then needs approval', async () => {
    const harness = renderServers(
      [stdioEntry('typed', { state: 'ready' })],
      {
        'servers:save': (input) =>
          entryOf(input as ServerEntry['config'], { state: 'stopped', consent: 'changed' }),
      },
      { serverName: 'typed' },
    );
    await harness.user.click(await screen.findByRole('button', { name: 'Run sandboxed' }));
    const [saved] = harness.argsOf('servers:save');
    const transport = (saved?.[0] as ServerEntry['config']).transport;
    expect(transport.type === 'stdio' && transport.sandbox?.enabled).toBe(true);
  });

  it('the approval says what the sandbox lets it reach', async () => {
    const review: LaunchReview = {
      name: 'notes',
      reason: 'new',
      command: 'npx',
      args: [],
      env: [],
      risky: [],
      sandbox: {
        state: 'on',
        hidden: ['/users/ada/.ssh'],
        writable: ['/users/ada/.config/Hearth/sandbox/notes', '/tmp'],
        allWrites: false,
        hosts: ['registry.npmjs.org'],
      },
      fingerprint: 'f'.repeat(64),
    };
    const harness = renderServers(
      [sandboxed({ consent: 'required' })],
      { 'servers:reviewLaunch': () => review },
      { serverName: 'notes' },
    );
    await harness.user.click(await screen.findByRole('button', { name: 'Review and approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review “notes”' });
    const section = await within(dialog).findByRole('region', { name: 'Sandbox' });
    expect(section.textContent).toContain('Its tools still ask before they run');
    expect(section.textContent).toContain('/users/ada/.ssh');
    expect(section.textContent).toContain('/users/ada/.config/Hearth/sandbox/notes, /tmp');
    expect(section.textContent).toContain('registry.npmjs.org');
  });
});
