import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UserFacingError } from '../../../../electron/core/bridge/errors';
import type { RegistryClient } from '../../../../electron/core/registry/registryClient';
import { createRegistryService } from '../../../../electron/core/registry/registryService';
import {
  registryServerResponseSchema,
  type RegistryServerResponse,
} from '../../../../electron/core/registry/registrySchemas';
import type { ServerConfigInput } from '../../../../preload/schemas/servers';
import { EXAMPLES, fillers, MALFORMED } from '../../../fixtures/registry/documents';
import { builtin, entryOf, renderServers, stdioEntry } from './serverFixtures';

afterEach(cleanup);

/** The real registry service over an in-memory registry: entries as the API serves them. */
function registryHandlers(
  saved: ServerConfigInput[],
  documents = [...EXAMPLES, MALFORMED, ...fillers(15)],
) {
  const client: RegistryClient = {
    baseUrl: 'https://registry.example.com',
    list: ({ cursor }) => {
      const offset = Number(cursor ?? 0);
      const page = documents.slice(offset, offset + 20);
      const entries: RegistryServerResponse[] = [];
      const skipped: { name?: string; reason: string }[] = [];
      for (const document of page) {
        const parsed = registryServerResponseSchema.safeParse(document);
        if (parsed.success) entries.push(parsed.data);
        else skipped.push({ name: 'io.github.example/broken-entry', reason: 'no identifier' });
      }
      const next = offset + 20 < documents.length ? String(offset + 20) : undefined;
      return Promise.resolve({ entries, skipped, ...(next ? { nextCursor: next } : {}) });
    },
    server: (name) => {
      const found = documents
        .map((document) => registryServerResponseSchema.safeParse(document))
        .find((parsed) => parsed.success && parsed.data.server.name === name);
      return found?.success ? Promise.resolve(found.data) : Promise.reject(new Error('none'));
    },
  };
  const service = createRegistryService({
    client: () => client,
    servers: {
      list: () => [builtin],
      save: (config) => {
        saved.push(config);
        return Promise.resolve(
          entryOf(config as never, {
            consent: config.transport.type === 'stdio' ? 'required' : 'approved',
          }),
        );
      },
    },
  });
  return {
    'registry:search': (query: { search?: string; cursor?: string }) => service.search(query),
    'registry:server': (name: string, version?: string) => service.server(name, version),
    'registry:install': (request: Parameters<typeof service.install>[0]) =>
      service.install(request),
    'runtimes:check': () => [],
  };
}

describe('Servers › Browse registry', () => {
  it('lists a page, says which entry was left out, and loads the next page', async () => {
    const harness = renderServers([builtin], registryHandlers([]));
    await harness.user.click(await screen.findByRole('button', { name: 'Browse registry' }));
    const list = await screen.findByRole('list', { name: 'Servers in the registry' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(19));
    expect(screen.getByText('One entry was left out: it is malformed.')).toBeTruthy();
    expect(screen.getByText(/official MCP registry/)).toBeTruthy();
    await harness.user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(24));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('uses the width until one is chosen, and each row says who published it, verified, and whether it is installed', async () => {
    const installed = stdioEntry(
      'db',
      {},
      {
        registryEntry: { name: 'io.github.example/database-manager', version: '1.0.0' },
      },
    );
    const harness = renderServers([builtin, installed], registryHandlers([]));
    await harness.user.click(await screen.findByRole('button', { name: 'Browse registry' }));
    const list = await screen.findByRole('list', { name: 'Servers in the registry' });
    const row = (name: string) =>
      within(list).getByRole('button', { name }).closest('li') as HTMLElement;
    await within(list).findByRole('button', { name: 'io.github.example/database-manager' });
    // Nothing chosen: no empty detail pane beside the list.
    expect(document.querySelector('.browse-pane')).toBeNull();
    expect(document.querySelector('.browse-layout')?.className).not.toContain('has-selection');
    const database = row('io.github.example/database-manager');
    expect(database.textContent).toContain('by example on GitHub · ✓ verified');
    expect(within(database).getByText('Installed as db')).toBeTruthy();
    const others = within(list)
      .getAllByRole('listitem')
      .filter((item) => item !== database);
    expect(others.some((item) => item.textContent?.includes('Installed'))).toBe(false);

    await harness.user.click(within(database).getByRole('button'));
    await screen.findByRole('list', { name: 'Ways to install it' });
    expect(document.querySelector('.browse-layout')?.className).toContain('has-selection');
    expect(document.querySelector('.browse-pane')).not.toBeNull();
  });

  it('asks for declared values, secrets in password fields, and installs nothing until the required ones are there', async () => {
    const saved: ServerConfigInput[] = [];
    const harness = renderServers([builtin], {
      ...registryHandlers(saved),
      'servers:reviewLaunch': (name) => ({
        name,
        reason: 'new',
        command: 'docker',
        args: [],
        env: [],
        risky: [],
        fingerprint: 'f',
      }),
    });
    await harness.user.click(await screen.findByRole('button', { name: 'Browse registry' }));
    const list = await screen.findByRole('list', { name: 'Servers in the registry' });
    await harness.user.click(
      await within(list).findByRole('button', { name: 'io.github.example/database-manager' }),
    );
    const options = await screen.findByRole('list', { name: 'Ways to install it' });
    await harness.user.click(within(options).getByRole('button', { name: 'Install…' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Install “io.github.example/database-manager”',
    });
    const password = within(dialog).getByLabelText(/DB_PASSWORD/);
    // Labelled by the entry's words; the raw name stays beside them, as secondary text.
    const label = (control: HTMLElement) =>
      dialog.querySelector(`label[for="${control.id}"]`)?.textContent ?? '';
    expect(label(password)).toBe('Database password (required) DB_PASSWORD');
    expect(label(within(dialog).getByRole('textbox', { name: /database_name/ }))).toMatch(
      /^Name of the database to connect to \(required\)/,
    );
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('aria-required')).toBe('true');
    expect(within(dialog).getByRole('combobox', { name: /db_type/ })).toBeTruthy();

    await harness.user.click(within(dialog).getByRole('button', { name: 'Install' }));
    expect(within(dialog).getAllByText('Required.').length).toBeGreaterThan(0);
    expect(harness.argsOf('registry:install')).toEqual([]);

    await harness.user.selectOptions(
      within(dialog).getByRole('combobox', { name: /db_type/ }),
      'mysql',
    );
    await harness.user.type(
      within(dialog).getByRole('textbox', { name: /database_name/ }),
      'orders',
    );
    await harness.user.type(within(dialog).getByRole('textbox', { name: /DB_USERNAME/ }), 'ada');
    await harness.user.type(password, 'p4ss word');
    await harness.user.click(within(dialog).getByRole('button', { name: 'Install' }));

    await screen.findByRole('dialog', { name: 'Review “database-manager”' });
    expect(saved[0]?.transport).toMatchObject({
      type: 'stdio',
      command: 'docker',
      env: expect.arrayContaining([
        { name: 'DB_PASSWORD', value: 'p4ss word', secret: true },
        { name: 'DB_TYPE', value: 'mysql', secret: false },
      ]),
    });
    expect(saved[0]?.registryEntry).toEqual({
      name: 'io.github.example/database-manager',
      version: expect.any(String),
    });
    await harness.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(harness.navigation.visits).toContain('servers:database-manager');
  });

  it('says when the registry cannot be read, and tries again', async () => {
    let down = true;
    const handlers = registryHandlers([]);
    const harness = renderServers([builtin], {
      ...handlers,
      'registry:search': (query) => {
        if (down)
          throw new UserFacingError('The registry at registry.example.com could not be reached.');
        return handlers['registry:search'](query);
      },
    });
    await harness.user.click(await screen.findByRole('button', { name: 'Browse registry' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be reached/);
    down = false;
    await harness.user.click(screen.getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('list', { name: 'Servers in the registry' });
    expect(within(list).getAllByRole('listitem').length).toBe(19);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads another registry once its address is set, and goes back to the official one', async () => {
    const handlers = registryHandlers([]);
    const harness = renderServers([builtin], handlers);
    await harness.user.click(await screen.findByRole('button', { name: 'Browse registry' }));
    await screen.findByRole('list', { name: 'Servers in the registry' });
    const searches = () => harness.argsOf('registry:search').length;
    const before = searches();
    await harness.user.click(screen.getByRole('button', { name: 'Use another registry' }));
    const address = screen.getByRole('textbox', { name: 'Registry address' });
    await harness.user.clear(address);
    await harness.user.type(address, 'ftp://example.com');
    expect(screen.getByRole('button', { name: 'Use' }).hasAttribute('disabled')).toBe(true);
    await harness.user.clear(address);
    await harness.user.type(address, 'https://mcp.example.org/registry');
    await harness.user.click(screen.getByRole('button', { name: 'Use' }));
    await screen.findByText('https://mcp.example.org/registry');
    expect(harness.argsOf('settings:set')).toEqual([
      [{ registry: { url: 'https://mcp.example.org/registry' } }],
    ]);
    await waitFor(() => expect(searches()).toBe(before + 1));
    await harness.user.click(screen.getByRole('button', { name: 'Use another registry' }));
    await harness.user.click(screen.getByRole('button', { name: 'Back to the official registry' }));
    await screen.findByText(/official MCP registry/);
  });
});
