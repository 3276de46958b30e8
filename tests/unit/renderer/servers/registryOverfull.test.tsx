import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { builtin, renderServers } from './serverFixtures';

afterEach(cleanup);

describe('Browse registry', () => {
  it('says when the registry sent more than a page holds', async () => {
    const note =
      'The registry sent 5000 servers for a page of 20, more than a page holds: Hearth shows the first 20.';
    const harness = renderServers([builtin], {
      'registry:search': () => ({
        registry: 'https://registry.example.com',
        servers: [
          { name: 'io.github.example/one', description: 'One', version: '1.0.0', kinds: [] },
        ],
        skipped: [],
        overfull: note,
      }),
      'runtimes:check': () => [],
    });
    await harness.user.click(await screen.findByRole('button', { name: 'Browse registry' }));
    expect(await screen.findByText(note)).toBeTruthy();
  });
});
