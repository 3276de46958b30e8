import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { RuntimesPanel } from '../../../../renderer/src/servers/RuntimesPanel';
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

describe('the runtimes in Servers', () => {
  it('lists what was found where, and opens the instructions for what was not', async () => {
    let checks = 0;
    const opened: string[] = [];
    const harness = connectTo({
      'runtimes:check': () => (checks++, reports),
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
});
