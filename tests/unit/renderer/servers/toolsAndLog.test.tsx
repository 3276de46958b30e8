import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogTool, LogEntry } from '../../../../preload/schemas/servers';
import { MAX_LOG_LINES_SHOWN } from '../../../../renderer/src/servers/detail/LogPane';
import { heldAnswer } from '../../../support/heldAnswer';
import { builtin, logOf, renderServers, stdioEntry, toolOf } from './serverFixtures';

afterEach(cleanup);

describe('the tools of a server', () => {
  function catalogStore(initial: CatalogTool[]) {
    let tools = initial;
    return {
      list: () => tools,
      configure: (server: string, tool: string, patch: Partial<CatalogTool>) => {
        tools = tools.map((entry) =>
          entry.server === server && entry.tool === tool ? { ...entry, ...patch } : entry,
        );
        return tools;
      },
    };
  }

  it('never offers to allow a shell tool whole', async () => {
    renderServers(
      [builtin],
      {
        'tools:list': () => [toolOf('hearth', 'run_shell_command'), toolOf('hearth', 'read_file')],
      },
      { serverName: 'hearth' },
    );
    const table = await screen.findByRole('table', { name: /Tools of/ });
    const shell = within(table).getByRole('combobox', { name: 'Approval for run_shell_command' });
    const allow = within(shell).getByRole('option', { name: /Always allow/ }) as HTMLOptionElement;
    expect(allow.disabled).toBe(true);
    expect(allow.textContent).toBe('Always allow (not for shell commands)');
    const read = within(table).getByRole('combobox', { name: 'Approval for read_file' });
    expect(
      (within(read).getByRole('option', { name: 'Always allow' }) as HTMLOptionElement).disabled,
    ).toBe(false);
  });

  it('lists only its own tools and changes each through tools:configure', async () => {
    const catalog = catalogStore([
      toolOf('github', 'create_issue', { description: 'Opens an issue.' }),
      toolOf('github', 'run_workflow', {
        inputSchema: { type: 'object', properties: { command: { type: 'string' } } },
        approval: 'allow',
        approvalStale: true,
      }),
      toolOf('files', 'read_file'),
    ]);
    const harness = renderServers(
      [builtin, stdioEntry('github', { state: 'ready', toolCount: 2 }), stdioEntry('files')],
      { 'tools:list': catalog.list, 'tools:configure': catalog.configure },
      { serverName: 'github' },
    );
    const table = await screen.findByRole('table', { name: 'Tools of github' });
    expect(within(table).getByText('Opens an issue.')).toBeTruthy();
    expect(within(table).queryByText('read_file')).toBeNull();
    const workflow = within(table).getByRole('row', { name: /run_workflow/ });
    expect(within(workflow).getByText('changed since approved')).toBeTruthy();
    const issue = within(table).getByRole('row', { name: /create_issue/ });
    expect(within(issue).queryByText('changed since approved')).toBeNull();
    expect(within(issue).queryByRole('switch', { name: /Shell command/ })).toBeNull();

    await harness.user.click(within(table).getByRole('switch', { name: 'Enable create_issue' }));
    await harness.user.selectOptions(
      within(table).getByRole('combobox', { name: 'Approval for create_issue' }),
      'Always allow',
    );
    await harness.user.selectOptions(
      within(table).getByRole('combobox', { name: 'Approval for run_workflow' }),
      'Never',
    );
    await harness.user.click(
      within(table).getByRole('switch', { name: 'Shell command for run_workflow' }),
    );
    expect(harness.argsOf('tools:configure')).toEqual([
      ['github', 'create_issue', { enabled: false }],
      ['github', 'create_issue', { approval: 'allow' }],
      ['github', 'run_workflow', { approval: 'deny' }],
      ['github', 'run_workflow', { shellCommand: true }],
    ]);
    expect(
      (within(table).getByRole('switch', { name: 'Enable create_issue' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    expect(
      (
        within(table).getByRole('combobox', {
          name: 'Approval for create_issue',
        }) as HTMLSelectElement
      ).value,
    ).toBe('allow');
    expect(
      (
        within(table).getByRole('switch', {
          name: 'Shell command for run_workflow',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
  });

  it('shows the shell command column only when a tool takes a command', async () => {
    renderServers(
      [builtin, stdioEntry('github', { state: 'ready', toolCount: 2 })],
      { 'tools:list': () => [toolOf('github', 'create_issue'), toolOf('github', 'list_repos')] },
      { serverName: 'github' },
    );
    const table = await screen.findByRole('table', { name: 'Tools of github' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Tool', 'Description', 'On', 'Approval']);
    expect(table.textContent).not.toContain('—');
  });

  it('reloads the tools when the catalog changes', async () => {
    let tools = [toolOf('github', 'create_issue')];
    const harness = renderServers(
      [builtin, stdioEntry('github', { state: 'ready' })],
      { 'tools:list': () => tools },
      { serverName: 'github' },
    );
    const table = await screen.findByRole('table', { name: 'Tools of github' });
    tools = [...tools, toolOf('github', 'merge_pull_request')];
    act(() => harness.emit('tools:changed', { count: 2 }));
    expect(await within(table).findByText('merge_pull_request')).toBeTruthy();
  });
});

describe('the log pane', () => {
  function logHarness(initial: LogEntry[]) {
    return renderServers(
      [builtin, stdioEntry('github', { state: 'ready' }), stdioEntry('files')],
      { 'servers:logs': (name) => (name === 'github' ? initial : []) },
      { serverName: 'github' },
    );
  }

  function shownLines(): string[] {
    const log = screen.getByRole('log', { name: 'Server log' });
    return [...log.querySelectorAll('.log-text')].map((line) => line.textContent ?? '');
  }

  it('shows the kept log, then appends lines main sends for this server only', async () => {
    const harness = logHarness([logOf('Starting server'), logOf('Listening on stdio', 'mcp')]);
    await waitFor(() => expect(shownLines()).toEqual(['Starting server', 'Listening on stdio']));
    act(() => {
      harness.emit('servers:log', { server: 'github', entries: [logOf('Tool call: list_repos')] });
      harness.emit('servers:log', { server: 'files', entries: [logOf('Not for this pane')] });
    });
    expect(shownLines()).toEqual([
      'Starting server',
      'Listening on stdio',
      'Tool call: list_repos',
    ]);
  });

  it('shows a line once when it came in a batch before the kept log arrived (which holds it)', async () => {
    // Main numbers each line; the kept log answers after batches that it already includes.
    const numbered = (text: string, seq: number) => ({ ...logOf(text), seq });
    const keptLog = heldAnswer<LogEntry[]>();
    const harness = renderServers(
      [builtin, stdioEntry('github', { state: 'ready' })],
      { 'servers:logs': keptLog.handler },
      { serverName: 'github' },
    );
    await screen.findByRole('log', { name: 'Server log' });
    await keptLog.asked();
    act(() =>
      harness.emit('servers:log', {
        server: 'github',
        entries: [numbered('Installed', 11), numbered('Starting', 12)],
      }),
    );
    await act(async () =>
      keptLog.answer([numbered('Saved', 10), numbered('Installed', 11), numbered('Starting', 12)]),
    );
    act(() => harness.emit('servers:log', { server: 'github', entries: [numbered('Ready', 13)] }));
    expect(shownLines()).toEqual(['Saved', 'Installed', 'Starting', 'Ready']);
  });

  it('filters by words and by source', async () => {
    const harness = logHarness([
      logOf('npm WARN deprecated glob', 'stderr', 'warning'),
      logOf('Initialized with 4 tools', 'mcp'),
      logOf('You approved this command.', 'hearth'),
    ]);
    await waitFor(() => expect(shownLines()).toHaveLength(3));
    await harness.user.type(screen.getByRole('searchbox', { name: 'Filter log' }), 'TOOLS');
    expect(shownLines()).toEqual(['Initialized with 4 tools']);
    await harness.user.clear(screen.getByRole('searchbox', { name: 'Filter log' }));
    await harness.user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'Hearth');
    expect(shownLines()).toEqual(['You approved this command.']);
    await harness.user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'stderr');
    expect(shownLines()).toEqual(['npm WARN deprecated glob']);
  });

  it('copies the lines shown', async () => {
    const harness = logHarness([logOf('first line'), logOf('second line', 'hearth', 'error')]);
    await waitFor(() => expect(shownLines()).toHaveLength(2));
    await harness.user.click(screen.getByRole('button', { name: 'Copy log' }));
    const copied = await navigator.clipboard.readText();
    expect(copied.split('\n')).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d \[stderr\] first line$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d \[Hearth error\] second line$/),
    ]);
    expect(await screen.findByText('Copied.')).toBeTruthy();
  });

  it(`keeps at most ${MAX_LOG_LINES_SHOWN} lines on the page`, async () => {
    const harness = logHarness([logOf('line 0')]);
    await waitFor(() => expect(shownLines()).toHaveLength(1));
    const burst = Array.from({ length: MAX_LOG_LINES_SHOWN + 100 }, (_, index) =>
      logOf(`line ${index + 1}`),
    );
    act(() => harness.emit('servers:log', { server: 'github', entries: burst }));
    const lines = shownLines();
    expect(lines).toHaveLength(MAX_LOG_LINES_SHOWN);
    expect(lines.at(-1)).toBe(`line ${MAX_LOG_LINES_SHOWN + 100}`);
    expect(lines[0]).toBe('line 101');
  });
});
