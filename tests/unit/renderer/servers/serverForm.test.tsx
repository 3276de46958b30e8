import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UserFacingError } from '../../../../electron/core/bridge/errors';
import type { ServerConfigInput, ServerEntry } from '../../../../preload/schemas/servers';
import { builtin, entryOf, logOf, renderServers, statusOf, stdioEntry } from './serverFixtures';

afterEach(cleanup);

/** A list that grows by what `servers:save` receives, as main's store does. */
function savingStore(initial: ServerEntry[]) {
  let entries = initial;
  const saved: [ServerConfigInput, string | undefined][] = [];
  return {
    saved,
    list: () => entries,
    save: (config: ServerConfigInput, previousName?: string) => {
      saved.push([config, previousName]);
      const entry = entryOf(config as never, {
        consent: config.transport.type === 'stdio' ? 'required' : 'approved',
      });
      entries = [
        ...entries.filter((other) => other.config.name !== (previousName ?? config.name)),
        entry,
      ];
      return entry;
    },
  };
}

function first<T>(items: T[]): T {
  return present(items[0]);
}

function last<T>(items: T[]): T {
  return present(items.at(-1));
}

function present<T>(item: T | undefined): T {
  if (item === undefined) throw new Error('Nothing there');
  return item;
}

/** The arguments of the save call at `index`. */
function savedAt(store: ReturnType<typeof savingStore>, index: number) {
  return present(store.saved[index]);
}

/** The Servers view on the detail of `stored` (named github), saves going to a store. */
async function openStoredServer(stored: ServerEntry) {
  const store = savingStore([builtin, stored]);
  const harness = renderServers(
    store.list,
    { 'servers:save': store.save },
    { serverName: 'github' },
  );
  await screen.findByRole('heading', { name: 'github' });
  return { store, harness };
}

async function openAddForm(harness: ReturnType<typeof renderServers>) {
  await screen.findByRole('list', { name: 'Servers' });
  await harness.user.click(first(screen.getAllByRole('button', { name: 'Add server' })));
  return screen.findByRole('dialog', { name: 'Add server' });
}

function saveButton(dialog: HTMLElement) {
  return within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
}

describe('the server form', () => {
  it('checks the name as the user types and keeps Save off while anything is wrong', async () => {
    const harness = renderServers([builtin, stdioEntry('github')]);
    const dialog = await openAddForm(harness);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(saveButton(dialog).disabled).toBe(true);

    await harness.user.type(name, '-files');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(dialog).getByText(
        'Use letters, digits, spaces, dots, dashes and underscores; start with a letter or digit.',
      ),
    ).toBeTruthy();

    await harness.user.clear(name);
    await harness.user.type(name, 'GitHub');
    expect(
      within(dialog).getByText('A server named “GitHub” already exists. Choose another name.'),
    ).toBeTruthy();

    await harness.user.clear(name);
    await harness.user.type(name, 'files');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(saveButton(dialog).disabled).toBe(true);

    const command = within(dialog).getByRole('textbox', { name: 'Command' });
    await harness.user.type(command, ' ');
    expect(within(dialog).getByText('Which command starts the server?')).toBeTruthy();
    await harness.user.type(command, 'npx');
    expect(within(dialog).queryByText('Which command starts the server?')).toBeNull();
    expect(saveButton(dialog).disabled).toBe(false);

    const timeout = within(dialog).getByRole('spinbutton', { name: 'Request timeout (seconds)' });
    await harness.user.clear(timeout);
    await harness.user.type(timeout, '0.5');
    expect(within(dialog).getByText('Use a number of seconds from 1 to 3600.')).toBeTruthy();
    expect(saveButton(dialog).disabled).toBe(true);
  });

  it('edits arguments as a list, one input each, and saves them in order', async () => {
    const store = savingStore([builtin]);
    const harness = renderServers(store.list, { 'servers:save': store.save });
    const dialog = await openAddForm(harness);
    await harness.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'files');
    await harness.user.type(within(dialog).getByRole('textbox', { name: 'Command' }), 'npx');
    for (const value of [
      '-y',
      '/users/me/My Documents',
      '@modelcontextprotocol/server-filesystem',
    ]) {
      await harness.user.click(within(dialog).getByRole('button', { name: 'Add argument' }));
      const inputs = within(dialog).getAllByRole('textbox', { name: /^Argument \d+$/ });
      await harness.user.type(last(inputs), value);
    }
    await harness.user.click(within(dialog).getByRole('button', { name: 'Move argument 3 up' }));
    expect(
      (within(dialog).getByRole('textbox', { name: 'Argument 2' }) as HTMLInputElement).value,
    ).toBe('@modelcontextprotocol/server-filesystem');
    expect(
      (within(dialog).getByRole('button', { name: 'Move argument 1 up' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    await harness.user.click(within(dialog).getByRole('button', { name: 'Move argument 1 down' }));
    await harness.user.click(within(dialog).getByRole('button', { name: 'Remove argument 2' }));
    await harness.user.click(saveButton(dialog));

    await waitFor(() => expect(store.saved).toHaveLength(1));
    const [config, previousName] = savedAt(store, 0);
    expect(previousName).toBeUndefined();
    expect(config.transport).toEqual({
      type: 'stdio',
      command: 'npx',
      args: ['@modelcontextprotocol/server-filesystem', '/users/me/My Documents'],
      env: [],
    });
  });

  it('keeps environment variables as rows and sends a secret one with its value', async () => {
    const store = savingStore([builtin]);
    const harness = renderServers(store.list, { 'servers:save': store.save });
    const dialog = await openAddForm(harness);
    await harness.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'github');
    await harness.user.type(within(dialog).getByRole('textbox', { name: 'Command' }), 'npx');
    const env = within(dialog).getByRole('group', { name: 'Environment variables' });
    await harness.user.click(within(env).getByRole('button', { name: 'Add variable' }));
    await harness.user.click(within(env).getByRole('button', { name: 'Add variable' }));
    await harness.user.type(within(env).getByRole('textbox', { name: 'Variable 1 name' }), '1BAD');
    expect(
      within(env).getByText('Variable names use letters, digits and underscores.'),
    ).toBeTruthy();
    expect(within(env).getByText('Give the variable a name.')).toBeTruthy();
    expect(saveButton(dialog).disabled).toBe(true);

    const firstName = within(env).getByRole('textbox', { name: 'Variable 1 name' });
    await harness.user.clear(firstName);
    await harness.user.type(firstName, 'GITHUB_TOKEN');
    await harness.user.click(within(env).getByRole('switch', { name: 'Variable 1 secret' }));
    const secretValue = within(env).getByLabelText('Variable 1 value') as HTMLInputElement;
    expect(secretValue.type).toBe('password');
    await harness.user.type(secretValue, 'ghp_secret');
    await harness.user.type(within(env).getByRole('textbox', { name: 'Variable 2 name' }), 'LOG');
    await harness.user.type(
      within(env).getByRole('textbox', { name: 'Variable 2 value' }),
      'debug',
    );
    await harness.user.click(saveButton(dialog));

    await waitFor(() => expect(store.saved).toHaveLength(1));
    expect(savedAt(store, 0)[0].transport).toMatchObject({
      env: [
        { name: 'GITHUB_TOKEN', value: 'ghp_secret', secret: true },
        { name: 'LOG', value: 'debug', secret: false },
      ],
    });
  });

  it('keeps a stored secret when its field is left empty, and replaces it when typed', async () => {
    const stored = stdioEntry(
      'github',
      {},
      {
        transport: {
          type: 'stdio',
          command: 'npx',
          args: [],
          env: [
            { name: 'GITHUB_TOKEN', secret: true },
            { name: 'LOG', value: 'debug', secret: false },
          ],
        },
      },
    );
    const { store, harness } = await openStoredServer(stored);
    await harness.user.click(screen.getByRole('button', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit “github”' });
    const value = within(dialog).getByLabelText('Variable 1 value') as HTMLInputElement;
    expect(value.type).toBe('password');
    expect(value.value).toBe('');
    expect(within(dialog).getByText('••• stored')).toBeTruthy();
    await harness.user.click(saveButton(dialog));

    await waitFor(() => expect(store.saved).toHaveLength(1));
    expect(savedAt(store, 0)[1]).toBe('github');
    expect(savedAt(store, 0)[0].transport).toMatchObject({
      env: [
        { name: 'GITHUB_TOKEN', secret: true },
        { name: 'LOG', value: 'debug', secret: false },
      ],
    });
    expect(savedAt(store, 0)[0].transport).not.toHaveProperty('env.0.value');

    await harness.user.click(await screen.findByRole('button', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit “github”' });
    await harness.user.type(within(dialog).getByLabelText('Variable 1 value'), 'ghp_new');
    expect(within(dialog).queryByText('••• stored')).toBeNull();
    await harness.user.click(saveButton(dialog));
    await waitFor(() => expect(store.saved).toHaveLength(2));
    expect(savedAt(store, 1)[0].transport).toMatchObject({
      env: [{ name: 'GITHUB_TOKEN', value: 'ghp_new', secret: true }, { name: 'LOG' }],
    });
  });

  it('switches to a remote server with a checked URL, headers and a protocol', async () => {
    const store = savingStore([builtin]);
    const harness = renderServers(store.list, { 'servers:save': store.save });
    const dialog = await openAddForm(harness);
    await harness.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'weather');
    expect(within(dialog).queryByRole('textbox', { name: 'URL' })).toBeNull();
    await harness.user.click(within(dialog).getByRole('radio', { name: 'Remote (HTTP)' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Command' })).toBeNull();

    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    await harness.user.type(url, 'ftp://weather.example.com');
    expect(within(dialog).getByText('Use an http:// or https:// address.')).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    await harness.user.clear(url);
    await harness.user.type(url, 'https://weather.example.com/mcp');
    expect(within(dialog).queryByText('Use an http:// or https:// address.')).toBeNull();

    const headers = within(dialog).getByRole('group', { name: 'Headers' });
    await harness.user.click(within(headers).getByRole('button', { name: 'Add header' }));
    await harness.user.type(
      within(headers).getByRole('textbox', { name: 'Header 1 name' }),
      'Authorization',
    );
    await harness.user.click(within(headers).getByRole('switch', { name: 'Header 1 secret' }));
    await harness.user.type(within(headers).getByLabelText('Header 1 value'), 'Bearer abc');
    await harness.user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Protocol' }),
      'SSE',
    );
    await harness.user.click(saveButton(dialog));

    await waitFor(() => expect(store.saved).toHaveLength(1));
    expect(savedAt(store, 0)[0]).toMatchObject({
      name: 'weather',
      requestTimeoutMs: 60_000,
      transport: {
        type: 'http',
        url: 'https://weather.example.com/mcp',
        headers: [{ name: 'Authorization', value: 'Bearer abc', secret: true }],
        protocol: 'sse',
      },
    });
  });

  it('shows the approval banner for a local server just added', async () => {
    const store = savingStore([builtin]);
    const harness = renderServers(store.list, { 'servers:save': store.save });
    const dialog = await openAddForm(harness);
    await harness.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'files');
    await harness.user.type(within(dialog).getByRole('textbox', { name: 'Command' }), 'npx');
    await harness.user.click(saveButton(dialog));

    const banner = await screen.findByRole('region', { name: 'Approval needed' });
    expect(within(banner).getByRole('button', { name: 'Review and approve' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Add server' })).toBeNull();
    expect(harness.navigation.visits).toEqual(['servers:files']);
  });

  it('says why main refused to save', async () => {
    const harness = renderServers([builtin], {
      'servers:save': () => {
        throw new UserFacingError('A server named “files” already exists. Choose another name.');
      },
    });
    const dialog = await openAddForm(harness);
    await harness.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'files');
    await harness.user.type(within(dialog).getByRole('textbox', { name: 'Command' }), 'npx');
    await harness.user.click(saveButton(dialog));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A server named “files” already exists. Choose another name.',
    );
    expect(screen.getByRole('dialog', { name: 'Add server' })).toBeTruthy();
  });

  it('duplicates a server under a new name, without its stored secrets', async () => {
    const stored = stdioEntry(
      'github',
      {},
      {
        transport: {
          type: 'stdio',
          command: 'npx',
          args: ['-y'],
          env: [{ name: 'TOKEN', secret: true }],
        },
      },
    );
    const { store, harness } = await openStoredServer(stored);
    await harness.user.click(screen.getByRole('button', { name: 'Duplicate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate “github”' });
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(
      'github copy',
    );
    expect(within(dialog).queryByText('••• stored')).toBeNull();
    await harness.user.type(within(dialog).getByLabelText('Variable 1 value'), 'other');
    await harness.user.click(saveButton(dialog));
    await waitFor(() => expect(store.saved).toHaveLength(1));
    expect(savedAt(store, 0)[1]).toBeUndefined();
    expect(savedAt(store, 0)[0]).toMatchObject({
      name: 'github copy',
      transport: { args: ['-y'], env: [{ name: 'TOKEN', value: 'other', secret: true }] },
    });
  });
});

describe('test connection', () => {
  async function fillForm(harness: ReturnType<typeof renderServers>) {
    const dialog = await openAddForm(harness);
    await harness.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'files');
    await harness.user.type(within(dialog).getByRole('textbox', { name: 'Command' }), 'npx');
    return dialog;
  }

  /** Test connection, then Run test in the review of what will run. */
  async function testIt(harness: ReturnType<typeof renderServers>, dialog: HTMLElement) {
    await harness.user.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    const review = await screen.findByRole('dialog', { name: 'Run this command to test it?' });
    await harness.user.click(within(review).getByRole('button', { name: 'Run test' }));
  }

  it('shows what will run before running anything, and runs nothing when cancelled', async () => {
    const harness = renderServers([builtin], {
      'servers:test': () => {
        throw new Error('must not run');
      },
    });
    const dialog = await fillForm(harness);
    await harness.user.click(within(dialog).getByRole('button', { name: 'Add argument' }));
    await harness.user.type(within(dialog).getByRole('textbox', { name: 'Argument 1' }), '-y');
    await harness.user.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    const review = await screen.findByRole('dialog', { name: 'Run this command to test it?' });
    expect(within(review).getByText('npx')).toBeTruthy();
    expect(
      within(within(review).getByRole('list', { name: 'Arguments' })).getByText('-y'),
    ).toBeTruthy();
    expect(harness.argsOf('servers:test')).toEqual([]);
    await harness.user.click(within(review).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Run this command to test it?' })).toBeNull();
    expect(harness.argsOf('servers:test')).toEqual([]);
  });

  it('lists the tools of a server that came up', async () => {
    const harness = renderServers([builtin], {
      'servers:test': (config) => ({
        status: statusOf(config.name, {
          state: 'ready',
          serverInfo: { name: 'filesystem', version: '2.0.0' },
        }),
        tools: [
          { name: 'read_file', description: 'Reads a file.' },
          { name: 'list_directory', description: 'Lists a folder.' },
        ],
        log: [],
      }),
    });
    const dialog = await fillForm(harness);
    await testIt(harness, dialog);
    const result = await within(dialog).findByRole('status', { name: 'Test result' });
    expect(result.textContent).toContain('Connected to filesystem 2.0.0');
    expect(within(result).getByText('read_file')).toBeTruthy();
    expect(within(result).getByText('list_directory')).toBeTruthy();
    expect(harness.argsOf('servers:test')[0]).toEqual([
      expect.objectContaining({
        name: 'files',
        transport: expect.objectContaining({ command: 'npx' }),
      }),
    ]);
  });

  it('shows the error and the log of a server that did not come up', async () => {
    const harness = renderServers([builtin], {
      'servers:test': (config) => ({
        status: statusOf(config.name, { state: 'error', error: 'The server exited with code 1.' }),
        tools: [],
        log: [logOf('npm ERR! 404 Not Found: @example/nothing')],
      }),
    });
    const dialog = await fillForm(harness);
    await testIt(harness, dialog);
    const result = await within(dialog).findByRole('status', { name: 'Test result' });
    expect(within(result).getByText(/The server exited with code 1\./)).toBeTruthy();
    expect(within(result).getByLabelText('Test log').textContent).toContain(
      'npm ERR! 404 Not Found: @example/nothing',
    );
  });
});

describe('the sandbox policy in the form', () => {
  const policy = {
    enabled: true,
    denyRead: [],
    allowWrite: [],
    allowRead: ['~/.ssh'],
    allowHosts: ['api.example.com'],
    allowAllWrites: false,
    unsandboxedWhenUnavailable: false,
  };

  it('keeps a sandboxed server’s policy through an edit, and saves a host added to it', async () => {
    const stored = entryOf({
      name: 'github',
      transport: { type: 'stdio', command: 'npx', args: [], env: [], sandbox: policy },
    });
    const { store, harness } = await openStoredServer(stored);
    await harness.user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “github”' });
    const sandbox = within(dialog).getByRole('group', { name: 'Sandbox' });
    expect(
      (within(sandbox).getByLabelText('Run it in the OS sandbox') as HTMLInputElement).checked,
    ).toBe(true);
    expect((within(sandbox).getByLabelText('Host 1') as HTMLInputElement).value).toBe(
      'api.example.com',
    );
    // Why there is no "every host" is said beside the list, with the forms a host may take.
    expect(sandbox.textContent).toContain('There is no “every host”');
    await harness.user.click(within(sandbox).getByRole('button', { name: 'Add host' }));
    await harness.user.type(within(sandbox).getByLabelText('Host 2'), 'files.example.com');
    await harness.user.click(saveButton(dialog));
    await waitFor(() => expect(store.saved).toHaveLength(1));
    expect(savedAt(store, 0)[0].transport).toMatchObject({
      sandbox: { ...policy, allowHosts: ['api.example.com', 'files.example.com'] },
    });
  });

  it('allowing every write is a choice that says what it risks', async () => {
    const stored = entryOf({
      name: 'github',
      transport: { type: 'stdio', command: 'npx', args: [], env: [], sandbox: policy },
    });
    const { harness } = await openStoredServer(stored);
    await harness.user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “github”' });
    await harness.user.click(within(dialog).getByLabelText('Allow it to write anywhere you can'));
    expect(within(dialog).getByRole('note').textContent).toContain(
      'change or delete any of your files',
    );
  });
});
