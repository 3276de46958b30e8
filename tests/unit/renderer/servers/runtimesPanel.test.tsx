import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { RuntimesPanel } from '../../../../renderer/src/servers/sandbox/RuntimesPanel';
import { connectTo, renderWith } from '../../../support/rendererHarness';

afterEach(cleanup);

const reports = [
  {
    id: 'node' as const,
    label: 'Node.js',
    install: 'https://nodejs.org/en/download',
    commands: [
      { name: 'node', path: '/usr/bin/node' },
      { name: 'npx', path: '/usr/bin/npx' },
      { name: 'npm' },
    ],
    version: 'v22.12.0',
  },
  {
    id: 'uv' as const,
    label: 'uv',
    install: 'https://docs.astral.sh/uv/getting-started/installation/',
    commands: [{ name: 'uv' }, { name: 'uvx' }],
  },
];

const tools = [
  { command: 'bwrap', label: 'bubblewrap (bwrap)', package: 'bubblewrap' },
  { command: 'socat', label: 'socat', package: 'socat', path: '/usr/bin/socat' },
  { command: 'rg', label: 'ripgrep (rg)', package: 'ripgrep', path: '/usr/bin/rg' },
];
const missingBwrap = {
  platform: 'linux' as const,
  tools,
  ok: false,
  missing: 'bubblewrap (bwrap)',
  advice: 'On Debian or Ubuntu: sudo apt install bubblewrap',
};
const readySandbox = {
  platform: 'linux' as const,
  tools: tools.map((tool) => ({ ...tool, path: `/usr/bin/${tool.command}` })),
  namespaces: true,
  ok: true,
};

describe('the runtimes in Servers', () => {
  it('lists what was found where, and opens the instructions for what was not', async () => {
    let checks = 0;
    const opened: string[] = [];
    const harness = connectTo({
      'runtimes:check': () => (checks++, reports),
      'runtimes:sandbox': () => readySandbox,
      'links:open': (url) => (opened.push(url), { outcome: 'opened' as const }),
    });
    renderWith(<RuntimesPanel />, harness);
    const list = await screen.findByRole('list', { name: 'Runtimes' });
    const [node, uv] = within(list).getAllByRole('listitem');
    expect(node?.textContent).toContain('v22.12.0');
    expect(node?.textContent).toContain('node, npx at /usr/bin/node');
    expect(uv?.textContent).toContain('Not found');
    const user = userEvent.setup();
    await user.click(within(uv as HTMLElement).getByRole('button', { name: 'How to install uv' }));
    expect(opened).toEqual(['https://docs.astral.sh/uv/getting-started/installation/']);
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByRole('button', { name: 'Check again' });
    expect(checks).toBe(2);
  });
  it('says what the sandbox is missing and how to get it, and checks it again', async () => {
    let sandboxChecks = 0;
    const harness = connectTo({
      'runtimes:check': () => reports,
      'runtimes:sandbox': () => (sandboxChecks++ === 0 ? missingBwrap : readySandbox),
    });
    renderWith(<RuntimesPanel />, harness);
    const needs = await screen.findByRole('list', { name: 'What the sandbox needs' });
    const [bwrap, socat, rg, namespaces] = within(needs).getAllByRole('listitem');
    expect(bwrap?.textContent).toBe('bubblewrap (bwrap)Not found');
    expect(socat?.textContent).toContain('at /usr/bin/socat');
    expect(rg?.textContent).toContain('at /usr/bin/rg');
    expect(namespaces?.textContent).toContain('Not checked (needs bubblewrap)');
    const section = screen.getByRole('region', { name: 'OS sandbox' });
    expect(section.textContent).toContain('Missing: bubblewrap (bwrap).');
    expect(section.textContent).toContain('sudo apt install bubblewrap');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check again' }));
    await within(section).findByText(/Ready: servers meant for it run in the sandbox/);
    expect(within(section).getByRole('list').textContent).toContain('Allowed');
    expect(section.textContent).not.toContain('apt install');
  });
});
