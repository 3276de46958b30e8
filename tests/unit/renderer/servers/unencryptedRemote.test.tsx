import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegistryClient } from '../../../../electron/core/registry/registryClient';
import { createRegistryService } from '../../../../electron/core/registry/registryService';
import { registryServerResponseSchema } from '../../../../electron/core/registry/registrySchemas';
import type { ServerConfigInput } from '../../../../preload/schemas/servers';
import { builtin, entryOf, renderServers } from './serverFixtures';

afterEach(cleanup);

// Plain http:// to another computer is not encrypted: the server form and the registry install
// form ask the user to allow it for that server, and say what it gives up.
describe('an unencrypted remote address', () => {
  it('needs the server form’s leave before it saves, and not for this computer', async () => {
    const saved: ServerConfigInput[] = [];
    const harness = renderServers([builtin], {
      'servers:save': (config) => {
        saved.push(config);
        return entryOf(config as never, { consent: 'approved' });
      },
    });
    await screen.findByRole('list', { name: 'Servers' });
    await harness.user.click(screen.getAllByRole('button', { name: 'Add server' })[0] as Element);
    const dialog = await screen.findByRole('dialog', { name: 'Add server' });
    await harness.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'weather');
    await harness.user.click(within(dialog).getByRole('radio', { name: 'Remote (HTTP)' }));
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;

    await harness.user.type(url, 'http://localhost:3000/mcp');
    expect(within(dialog).queryByRole('checkbox', { name: /unencrypted/ })).toBeNull();
    expect(save.disabled).toBe(false);

    await harness.user.clear(url);
    await harness.user.type(url, 'http://weather.example.com/mcp');
    await harness.user.tab();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.textContent).toContain(
      'The address uses plain http:// to another computer (weather.example.com), so the connection is not encrypted',
    );
    expect(save.disabled).toBe(true);
    const allow = within(dialog).getByRole('checkbox', {
      name: 'Allow an unencrypted connection to weather.example.com',
    });
    await harness.user.click(allow);
    expect(url.getAttribute('aria-invalid')).toBeNull();
    await harness.user.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.transport).toMatchObject({
      type: 'http',
      url: 'http://weather.example.com/mcp',
      allowUnencrypted: true,
    });
  }, 30_000);

  it('installs from the registry only once the user allows it', async () => {
    const document = registryServerResponseSchema.parse({
      server: {
        name: 'io.github.example/clear-remote',
        description: 'A remote without TLS',
        title: 'Clear remote',
        version: '1.0.0',
        remotes: [{ type: 'streamable-http', url: 'http://mcp.example.net/mcp' }],
      },
      _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } },
    });
    const client: RegistryClient = {
      baseUrl: 'https://registry.example.com',
      list: () => Promise.resolve({ entries: [document], skipped: [] }),
      server: () => Promise.resolve(document),
    };
    const saved: ServerConfigInput[] = [];
    const service = createRegistryService({
      client: () => client,
      servers: {
        list: () => [builtin],
        save: (config) => {
          saved.push(config);
          return Promise.resolve(entryOf(config as never, { consent: 'approved' }));
        },
      },
    });
    const harness = renderServers([builtin], {
      'registry:search': (query) => service.search(query),
      'registry:server': (name, version) => service.server(name, version),
      'registry:install': (request) => service.install(request),
      'runtimes:check': () => [],
    });
    await harness.user.click(await screen.findByRole('button', { name: 'Browse registry' }));
    const list = await screen.findByRole('list', { name: 'Servers in the registry' });
    await harness.user.click(await within(list).findByRole('button', { name: /clear/i }));
    const options = await screen.findByRole('list', { name: 'Ways to install it' });
    await harness.user.click(within(options).getByRole('button', { name: 'Install…' }));
    const dialog = await screen.findByRole('dialog', { name: /Install “Clear remote”/ });
    expect(dialog.textContent).toContain(
      'The address uses plain http:// to another computer (mcp.example.net), so the connection is not encrypted',
    );
    await harness.user.click(within(dialog).getByRole('button', { name: 'Install' }));
    expect(
      within(dialog).getByText('Allow the unencrypted connection to install it this way.'),
    ).toBeTruthy();
    expect(harness.argsOf('registry:install')).toEqual([]);

    await harness.user.click(
      within(dialog).getByRole('checkbox', {
        name: 'Allow an unencrypted connection to mcp.example.net',
      }),
    );
    await harness.user.click(within(dialog).getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(harness.argsOf('registry:install')[0]?.[0]).toMatchObject({ allowUnencrypted: true });
    expect(saved[0]?.transport).toMatchObject({
      url: 'http://mcp.example.net/mcp',
      allowUnencrypted: true,
    });
  }, 30_000);
});
