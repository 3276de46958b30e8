import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegistryClient } from '../../../../electron/core/registry/registryClient';
import { createRegistryService } from '../../../../electron/core/registry/registryService';
import { registryServerResponseSchema } from '../../../../electron/core/registry/registrySchemas';
import { memoryServer } from '../../../fixtures/registry/documents';
import { builtin, renderServers } from './serverFixtures';

afterEach(cleanup);

// A runtime whose `--version` fails is broken, and an install option that needs it says so,
// rather than showing what it printed as a version.
describe('an install option whose runtime is broken', () => {
  it('says the runtime was found but is broken', async () => {
    const document = registryServerResponseSchema.parse(memoryServer());
    const client: RegistryClient = {
      baseUrl: 'https://registry.example.com',
      list: () => Promise.resolve({ entries: [document], skipped: [] }),
      server: () => Promise.resolve(document),
    };
    const service = createRegistryService({
      client: () => client,
      servers: { list: () => [builtin], save: () => Promise.reject(new Error('not here')) },
    });
    const problem = 'Broken: “--version” exited with code 1 (Cannot find module).';
    const harness = renderServers([builtin], {
      'registry:search': (query) => service.search(query),
      'registry:server': (name, version) => service.server(name, version),
      'runtimes:check': () => [
        {
          id: 'node',
          label: 'Node.js',
          install: 'https://nodejs.org/en/download',
          commands: [
            { name: 'node', path: '/usr/bin/node' },
            { name: 'npx', path: '/usr/bin/npx' },
          ],
          problem,
        },
      ],
    });
    await harness.user.click(await screen.findByRole('button', { name: 'Browse registry' }));
    const list = await screen.findByRole('list', { name: 'Servers in the registry' });
    await harness.user.click(await within(list).findByRole('button', { name: /memory/i }));
    const options = await screen.findByRole('list', { name: 'Ways to install it' });
    expect(
      await within(options).findByText(
        `Runs with Node.js (npx), found on this computer. ${problem}`,
      ),
    ).toBeTruthy();
  });
});
