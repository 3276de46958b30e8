import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportReport } from '../../../../preload/schemas/servers';
import { builtin, renderServers, serverRow, stdioEntry } from './serverFixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const CLAUDE_CONFIG = JSON.stringify({
  mcpServers: {
    github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'] },
    memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
  },
});

/** Plans like main: `github` clashes with the existing server unless the user replaces it. */
function plan(replace: string[]): ImportReport {
  const replacing = replace.includes('github');
  return {
    format: 'claude-desktop',
    errors: [],
    items: [
      replacing
        ? { name: 'github', outcome: 'replaced', finalName: 'github', notes: [] }
        : {
            name: 'github',
            outcome: 'renamed',
            finalName: 'github-2',
            notes: [
              'A server named “github” is already there and stays as it is; this one is imported as “github-2”.',
            ],
          },
      { name: 'memory', outcome: 'added', finalName: 'memory', notes: [] },
    ],
  };
}

function itemFor(preview: HTMLElement, name: string): HTMLElement {
  const item = within(preview).getByText(name, { selector: 'strong' }).closest('li');
  if (!item) throw new Error(`No preview item for ${name}`);
  return item;
}

describe('importing servers', () => {
  it('after Preview, puts focus on the result and says a note every server shares once', async () => {
    const denyWrite =
      'Hearth’s sandbox has no “denyWrite”: the server writes only where “allowWrite” and its own folders say.';
    const own = 'Left out the host “*.bad”: it is not a host name Hearth can allow.';
    const harness = renderServers([builtin], {
      'servers:detectImports': () => [],
      'servers:import': () => ({
        format: 'vscode',
        errors: [],
        items: [
          { name: 'files', outcome: 'added', finalName: 'files', notes: [denyWrite, own] },
          { name: 'notes', outcome: 'added', finalName: 'notes', notes: [denyWrite] },
        ],
      }),
    });
    await screen.findByRole('list', { name: 'Servers' });
    await harness.user.click(screen.getByRole('button', { name: 'Import…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import servers' });
    await harness.user.click(within(dialog).getByRole('textbox', { name: 'Configuration JSON' }));
    await harness.user.paste('{"servers":{}}');
    await harness.user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    const heading = within(preview).getByRole('heading', { name: 'Preview' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // Said once, under the heading, not once a server; a server's own note stays with it.
    expect(within(preview).getAllByText(denyWrite, { exact: false })).toHaveLength(1);
    expect(within(preview).getByText(denyWrite).tagName).toBe('P');
    expect(within(itemFor(preview, 'files')).getByText(own)).toBeTruthy();
  });

  it('previews a pasted config, replaces a clash only when asked, then imports', async () => {
    let entries = [builtin, stdioEntry('github')];
    const harness = renderServers(() => entries, {
      'servers:detectImports': () => [],
      'servers:import': (_source, options) => {
        if (options.apply) entries = [...entries, stdioEntry('memory', {}, { enabled: false })];
        return plan(options.replace);
      },
    });
    await screen.findByRole('list', { name: 'Servers' });
    await harness.user.click(screen.getByRole('button', { name: 'Import…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import servers' });
    expect(
      (within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    const text = within(dialog).getByRole('textbox', { name: 'Configuration JSON' });
    await harness.user.click(text);
    await harness.user.paste(CLAUDE_CONFIG);
    await harness.user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Read as a Claude Desktop config.')).toBeTruthy();
    const github = itemFor(preview, 'github');
    expect(within(github).getByText('renamed')).toBeTruthy();
    expect(within(github).getByText(/imported as “github-2”/)).toBeTruthy();
    expect(within(itemFor(preview, 'memory')).getByText('added')).toBeTruthy();
    expect(
      within(itemFor(preview, 'memory')).queryByRole('checkbox', { name: /Replace/ }),
    ).toBeNull();

    await harness.user.click(
      within(github).getByRole('checkbox', { name: 'Replace the existing “github”' }),
    );
    await waitFor(() =>
      expect(within(itemFor(preview, 'github')).getByText('replaced')).toBeTruthy(),
    );
    await harness.user.click(within(dialog).getByRole('button', { name: 'Import' }));

    const done = await screen.findByRole('dialog', { name: 'Servers imported' });
    expect(done.textContent).toContain('Imported 2 servers');
    expect(done.textContent).toContain('off until you review them');
    expect(harness.argsOf('servers:import')).toEqual([
      [{ text: CLAUDE_CONFIG }, { apply: false, replace: [] }],
      [{ text: CLAUDE_CONFIG }, { apply: false, replace: ['github'] }],
      [{ text: CLAUDE_CONFIG }, { apply: true, replace: ['github'], only: ['github', 'memory'] }],
    ]);
    expect(within(await serverRow('memory')).getByText('Off')).toBeTruthy();
  });

  it('marks a server that will not start here, leaves it out unless taken, and imports the ones picked', async () => {
    const harness = renderServers([builtin], {
      'servers:detectImports': () => [],
      'servers:import': () => ({
        format: 'claude-desktop',
        errors: [],
        items: [
          {
            name: 'github',
            outcome: 'added',
            finalName: 'github',
            notes: [],
            problems: ['Hearth could not find the command “npx” in any folder on PATH.'],
          },
          { name: 'memory', outcome: 'added', finalName: 'memory', notes: [] },
          { name: 'search', outcome: 'added', finalName: 'search', notes: [] },
        ],
      }),
    });
    await harness.user.click(await screen.findByRole('button', { name: 'Import…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import servers' });
    await harness.user.click(within(dialog).getByRole('textbox', { name: 'Configuration JSON' }));
    await harness.user.paste(CLAUDE_CONFIG);
    await harness.user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    const github = itemFor(preview, 'github');
    expect(within(github).getByText('will not start')).toBeTruthy();
    expect(
      within(github).getByRole('list', { name: 'Problems with github' }).textContent,
    ).toContain('could not find the command “npx”');
    const take = (name: string) =>
      within(itemFor(preview, name)).getByRole('checkbox', { name }) as HTMLInputElement;
    expect(take('github').checked).toBe(false);
    expect(take('memory').checked).toBe(true);
    await harness.user.click(take('search'));
    await harness.user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await screen.findByRole('dialog', { name: 'Servers imported' });
    expect(harness.argsOf('servers:import').at(-1)).toEqual([
      { text: CLAUDE_CONFIG },
      { apply: true, replace: [], only: ['memory'] },
    ]);
  });

  it('imports from a config file another app keeps, by the path main found', async () => {
    const harness = renderServers([builtin], {
      'servers:detectImports': () => [
        {
          app: 'Claude Desktop',
          path: '/users/me/.config/Claude/claude_desktop_config.json',
          serverCount: 2,
        },
        { app: 'Cursor', path: '/users/me/.cursor/mcp.json', serverCount: 1 },
      ],
      'servers:import': () => plan([]),
    });
    await harness.user.click(await screen.findByRole('button', { name: 'Import…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import servers' });
    const cursor = await within(dialog).findByRole('radio', { name: /Cursor/ });
    expect(
      within(dialog).getByRole('radio', { name: /Claude Desktop \(2 servers\)/ }),
    ).toBeTruthy();
    await harness.user.click(cursor);
    expect(within(dialog).queryByRole('textbox', { name: 'Configuration JSON' })).toBeNull();
    await harness.user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByRole('region', { name: 'Preview' });
    expect(harness.argsOf('servers:import')).toEqual([
      [{ detectedPath: '/users/me/.cursor/mcp.json' }, { apply: false, replace: [] }],
    ]);
  });

  it('offers no one-option choice of source when no other app keeps a config here', async () => {
    const harness = renderServers([builtin], { 'servers:detectImports': () => [] });
    await harness.user.click(await screen.findByRole('button', { name: 'Import…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import servers' });
    expect(
      await within(dialog).findByText(/No other app’s MCP configuration was found/),
    ).toBeTruthy();
    expect(within(dialog).queryAllByRole('radio')).toHaveLength(0);
    expect(within(dialog).getByRole('textbox', { name: 'Configuration JSON' })).toBeTruthy();
  });

  it('reads a chosen file into the text to import', async () => {
    const harness = renderServers([builtin], {
      'servers:detectImports': () => [],
      'servers:import': () => ({ errors: ['The file holds no servers.'], items: [] }),
    });
    await harness.user.click(await screen.findByRole('button', { name: 'Import…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import servers' });
    const file = new File(['{"servers": {}}'], 'mcp.json', { type: 'application/json' });
    await harness.user.upload(within(dialog).getByLabelText('Or open a file'), file);
    const text = within(dialog).getByRole('textbox', {
      name: 'Configuration JSON',
    }) as HTMLTextAreaElement;
    await waitFor(() => expect(text.value).toBe('{"servers": {}}'));
    await harness.user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The file holds no servers.',
    );
    expect(
      (within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

describe('exporting servers', () => {
  // jsdom has no object URLs; each test puts in its own and these come back after.
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });
  const exported = JSON.stringify(
    { mcpServers: { github: { command: 'npx', env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' } } } },
    null,
    2,
  );

  it('shows the JSON main exports, to copy or save as a file', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:hearth/servers';
    });
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const harness = renderServers([builtin, stdioEntry('github')], {
      'servers:export': () => exported,
    });
    await harness.user.click(await screen.findByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export servers' });
    const text = within(dialog).getByRole('textbox', {
      name: 'Exported JSON',
    }) as HTMLTextAreaElement;
    await waitFor(() => expect(text.value).toBe(exported));
    expect(text.readOnly).toBe(true);

    await harness.user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(exported);

    const link = within(dialog).getByRole('link', { name: 'Save as file' }) as HTMLAnchorElement;
    expect(link.download).toBe('hearth-servers.json');
    link.addEventListener('click', (event) => event.preventDefault());
    await harness.user.click(link);
    expect(link.href).toBe('blob:hearth/servers');
    expect(blobs).toHaveLength(1);
    const [blob] = blobs;
    expect(await blob?.text()).toBe(exported);
    expect(harness.argsOf('servers:export')).toEqual([[]]);
  });
  it('offers VS Code’s mcp.json beside Claude’s format, saved as mcp.json', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:hearth/vscode');
    URL.revokeObjectURL = vi.fn();
    const vsCode = JSON.stringify(
      { servers: { github: { type: 'stdio', command: 'npx', sandboxEnabled: true } } },
      null,
      2,
    );
    const harness = renderServers([builtin, stdioEntry('github')], {
      'servers:export': () => exported,
      'servers:exportVsCode': () => vsCode,
    });
    await harness.user.click(await screen.findByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export servers' });
    const text = within(dialog).getByRole('textbox', {
      name: 'Exported JSON',
    }) as HTMLTextAreaElement;
    await waitFor(() => expect(text.value).toBe(exported));
    const formats = within(dialog).getByRole('group', { name: 'Format' });
    expect(
      (within(formats).getByRole('radio', { name: /Claude Desktop/ }) as HTMLInputElement).checked,
    ).toBe(true);
    await harness.user.click(within(formats).getByRole('radio', { name: /VS Code \(mcp\.json\)/ }));
    await waitFor(() => expect(text.value).toBe(vsCode));
    expect(harness.argsOf('servers:exportVsCode')).toEqual([[]]);
    const link = within(dialog).getByRole('link', { name: 'Save as file' }) as HTMLAnchorElement;
    expect(link.download).toBe('mcp.json');
    await harness.user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(vsCode);
    // And back: Claude's format again, under its own file name.
    await harness.user.click(within(formats).getByRole('radio', { name: /Claude Desktop/ }));
    await waitFor(() => expect(text.value).toBe(exported));
    expect(
      (within(dialog).getByRole('link', { name: 'Save as file' }) as HTMLAnchorElement).download,
    ).toBe('hearth-servers.json');
  });
});
