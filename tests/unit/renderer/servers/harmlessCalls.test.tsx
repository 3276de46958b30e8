import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  HarmlessCalls,
  SandboxPolicy,
  ServerEntry,
} from '../../../../preload/schemas/servers';
import { entryOf, renderServers } from './serverFixtures';

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

function sandboxed(): ServerEntry {
  return entryOf(
    {
      name: 'notes',
      transport: { type: 'stdio', command: 'node', args: ['notes.js'], env: [], sandbox: policy },
    },
    { state: 'ready', sandbox: { state: 'on', blocked: [] } },
  );
}

const LABEL = 'Don’t ask for calls this sandbox makes harmless';

describe('a sandboxed server’s page offers calls without asking', () => {
  it('off by default; turned on by the user, and said so', async () => {
    let state: HarmlessCalls = { on: false, allowed: true };
    const harness = renderServers(
      [sandboxed()],
      {
        'servers:harmlessCalls': () => state,
        'servers:setHarmlessCalls': (_name, on) => (state = { on, allowed: true }),
      },
      { serverName: 'notes' },
    );
    const group = await screen.findByRole('group', { name: 'Calls without asking' });
    const box = within(group).getByRole('checkbox', { name: LABEL });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect((box as HTMLInputElement).disabled).toBe(false);
    expect(group.textContent).toContain('with no network and writes only in its own folder');
    await harness.user.click(box);
    expect(harness.argsOf('servers:setHarmlessCalls')).toEqual([['notes', true]]);
    await expect.poll(() => (box as HTMLInputElement).checked).toBe(true);
  });

  it('greyed out, with the reason in words, where the sandbox does not bound it', async () => {
    const harness = renderServers(
      [sandboxed()],
      {
        'servers:harmlessCalls': () => ({
          on: false,
          allowed: false,
          reason: 'It may reach the network (example.com).',
        }),
      },
      { serverName: 'notes' },
    );
    const group = await screen.findByRole('group', { name: 'Calls without asking' });
    const box = within(group).getByRole('checkbox', { name: LABEL });
    expect((box as HTMLInputElement).disabled).toBe(true);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Not available: It may reach the network (example.com).',
    );
    expect(harness.argsOf('servers:setHarmlessCalls')).toEqual([]);
  });
});
