import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvokeResult } from '../../../../preload/contract';
import { QuestionDialogs } from '../../../../renderer/src/dialogs/QuestionDialogs';
import { heldAnswer } from '../../../support/heldAnswer';
import { connectTo, renderWith } from '../../../support/rendererHarness';
import { approvalRequest, questionHarness, sudoRequest } from './questionFixtures';

afterEach(cleanup);

const readFile = 'Allow read_file from files?';

/** The dialog on screen, found the way a person finds it: by its title. */
function dialogNamed(name: string) {
  return screen.findByRole('dialog', { name });
}

describe('the tool approval dialog', () => {
  it('shows the approvals already waiting when the window opens', async () => {
    const harness = questionHarness({ approvals: [approvalRequest()] });
    renderWith(<QuestionDialogs />, harness);
    const dialog = await dialogNamed(readFile);
    expect(within(dialog).getByText('Reads a file from disk.')).toBeTruthy();
    expect(harness.calls.map((call) => call.channel)).toContain('questions:pending');
  });

  it('shows one question at a time, oldest first, with how many more wait', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({ approvals: [approvalRequest()] });
    renderWith(<QuestionDialogs />, harness);
    await dialogNamed(readFile);
    act(() => {
      harness.emit(
        'approval:request',
        approvalRequest({ requestId: 'approval-2', tool: 'write_file' }),
      );
      harness.emit('sudo:request', sudoRequest());
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByText('2 more waiting')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Allow once' }));
    const second = await dialogNamed('Allow write_file from files?');
    expect(within(second).getByText('1 more waiting')).toBeTruthy();

    await user.click(within(second).getByRole('button', { name: 'Allow once' }));
    const sudo = await dialogNamed('Run a command as administrator?');
    expect(within(sudo).queryByText(/more waiting/)).toBeNull();
    expect(harness.approvals.map(([requestId]) => requestId)).toEqual(['approval-1', 'approval-2']);
  });

  it('puts a question asked while the waiting list loads after the ones already waiting', async () => {
    const pending = heldAnswer<InvokeResult<'questions:pending'>>();
    const slow = connectTo({
      'questions:pending': pending.handler,
      'approval:respond': () => true,
    });
    renderWith(<QuestionDialogs />, slow);
    await pending.asked();
    act(() =>
      slow.emit('approval:request', approvalRequest({ requestId: 'late', tool: 'write_file' })),
    );
    await dialogNamed('Allow write_file from files?');
    await act(async () =>
      pending.answer({ approvals: [approvalRequest()], sudo: [], elicitations: [], samplings: [] }),
    );
    await dialogNamed(readFile);
    expect(screen.getByText('1 more waiting')).toBeTruthy();
  });

  it('gives focus to Allow once for Hearth’s own read-only tool, and answers it', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({
      approvals: [approvalRequest({ server: 'hearth', annotations: { readOnlyHint: true } })],
    });
    renderWith(<QuestionDialogs />, harness);
    const allowOnce = await screen.findByRole('button', { name: 'Allow once' });
    await vi.waitFor(() => expect(document.activeElement).toBe(allowOnce));
    await user.keyboard('{Enter}');
    expect(harness.approvals).toEqual([['approval-1', { decision: 'once' }]]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('focuses Deny for a tool that may change things, so Enter never runs it', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({ approvals: [approvalRequest({ tool: 'write_file' })] });
    renderWith(<QuestionDialogs />, harness);
    const deny = await screen.findByRole('button', { name: 'Deny' });
    await vi.waitFor(() => expect(document.activeElement).toBe(deny));
    await user.keyboard('{Enter}');
    expect(harness.approvals).toEqual([]);
    expect(screen.getByRole('textbox', { name: /Why not/ })).toBeTruthy();
  });

  it('puts a shell command first, whole, and folds the tool description away', async () => {
    const command = `find . -name '*.log' -mtime +30 -delete && echo ${'done '.repeat(40)}end`;
    const harness = questionHarness({
      approvals: [
        approvalRequest({
          server: 'hearth',
          tool: 'run_shell_command',
          description: 'Runs a shell command. '.repeat(30),
          arguments: { command, cwd: '/tmp' },
          shell: { command },
          annotations: { readOnlyHint: true },
        }),
      ],
    });
    renderWith(<QuestionDialogs />, harness);
    const dialog = await dialogNamed('Allow run_shell_command from hearth?');
    const headline = within(dialog).getByRole('region', { name: 'Command' });
    expect(headline.textContent).toBe(command);
    // The description is there, folded into a closed disclosure after the command.
    const about = within(dialog).getByText('About this tool').closest('details');
    if (!about) throw new Error('No folded description');
    expect(about.open).toBe(false);
    expect(headline.compareDocumentPosition(about) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // A shell tool is never "read-only" enough to run on Enter.
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Deny' })),
    );
    expect(within(dialog).getByRole('region', { name: 'Arguments' }).textContent).toContain('/tmp');
  });

  it('says before approval that a sudo line runs whole as root, and only for such a line', async () => {
    const command = 'cd /tmp && sudo rm x';
    const harness = questionHarness({
      approvals: [
        approvalRequest({
          server: 'hearth',
          tool: 'run_shell_command',
          arguments: { command },
          shell: { command, asRoot: true },
        }),
      ],
    });
    const { unmount } = renderWith(<QuestionDialogs />, harness);
    const dialog = await dialogNamed('Allow run_shell_command from hearth?');
    const notes = within(dialog)
      .getAllByRole('note')
      .map((note) => note.textContent);
    expect(notes).toContain(
      'This command uses sudo: the whole line runs as administrator (root), also what comes before or after sudo in it. Hearth asks for your password next.',
    );
    unmount();
    const plain = questionHarness({
      approvals: [
        approvalRequest({
          server: 'hearth',
          tool: 'run_shell_command',
          arguments: { command: 'ls' },
          shell: { command: 'ls' },
        }),
      ],
    });
    renderWith(<QuestionDialogs />, plain);
    const calm = await dialogNamed('Allow run_shell_command from hearth?');
    expect(within(calm).queryByText(/runs as administrator/)).toBeNull();
  });

  it('offers a shell command rules that fit it, never the whole tool', async () => {
    const user = userEvent.setup();
    const shellRequest = (requestId: string, prefix?: string) =>
      approvalRequest({
        requestId,
        server: 'hearth',
        tool: 'run_shell_command',
        arguments: { command: 'git status --short' },
        shell: { command: 'git status --short', ...(prefix ? { prefix } : {}) },
      });
    const harness = questionHarness({
      approvals: [shellRequest('a', 'git status'), shellRequest('b')],
    });
    renderWith(<QuestionDialogs />, harness);
    const dialog = await dialogNamed('Allow run_shell_command from hearth?');
    expect(within(dialog).queryByRole('button', { name: 'Always allow' })).toBeNull();
    expect(
      within(dialog).queryByRole('button', { name: 'Allow for this conversation' }),
    ).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Always allow “git status …”' }));
    await user.click(await screen.findByRole('button', { name: 'Always allow this command' }));
    // Without a prefix that could match (pipes, sudo…), only the exact command is offered.
    expect(harness.approvals).toEqual([
      ['a', { decision: 'command-prefix' }],
      ['b', { decision: 'command' }],
    ]);
  });

  it('names the conversation the question belongs to', async () => {
    const harness = questionHarness({
      approvals: [approvalRequest({ conversationTitle: 'Clean up downloads' })],
    });
    renderWith(<QuestionDialogs />, harness);
    const dialog = await dialogNamed(readFile);
    expect(within(dialog).getByText('In “Clean up downloads”')).toBeTruthy();
  });

  it.each([
    ['Allow for this conversation', 'conversation'],
    ['Always allow', 'always'],
  ] as const)('answers "%s" as %s', async (label, decision) => {
    const user = userEvent.setup();
    const harness = questionHarness({ approvals: [approvalRequest()] });
    renderWith(<QuestionDialogs />, harness);
    await user.click(await screen.findByRole('button', { name: label }));
    expect(harness.approvals).toEqual([['approval-1', { decision }]]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('denies with the reason the user gives', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({ approvals: [approvalRequest()] });
    renderWith(<QuestionDialogs />, harness);
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    const reason = screen.getByRole('textbox', { name: /Why not/ });
    expect(document.activeElement).toBe(reason);
    expect(screen.queryByRole('button', { name: 'Allow once' })).toBeNull();
    await user.type(reason, 'Not that file, it is private');
    expect(harness.approvals).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    expect(harness.approvals).toEqual([
      ['approval-1', { decision: 'deny', reason: 'Not that file, it is private' }],
    ]);
  });

  it('denies without a reason when the reason is left empty, and can go back', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({ approvals: [approvalRequest()] });
    renderWith(<QuestionDialogs />, harness);
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('textbox', { name: /Why not/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    expect(harness.approvals).toEqual([['approval-1', { decision: 'deny' }]]);
  });

  it('denies without a reason on Escape', async () => {
    const harness = questionHarness({ approvals: [approvalRequest()] });
    renderWith(<QuestionDialogs />, harness);
    const dialog = await dialogNamed(readFile);
    // What the browser fires on a modal <dialog> when the user presses Escape.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await vi.waitFor(() =>
      expect(harness.approvals).toEqual([['approval-1', { decision: 'deny' }]]),
    );
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the arguments as indented JSON', async () => {
    const harness = questionHarness({
      approvals: [approvalRequest({ arguments: { path: '/tmp/a', lines: [1, 2] } })],
    });
    renderWith(<QuestionDialogs />, harness);
    const block = await screen.findByRole('region', { name: 'Arguments' });
    expect(block.tagName).toBe('PRE');
    expect(block.textContent).toBe(JSON.stringify({ path: '/tmp/a', lines: [1, 2] }, null, 2));
  });

  it('says what the server’s hints mean, and that they are hints', async () => {
    const harness = questionHarness({
      approvals: [
        approvalRequest({
          title: 'Fetch a page',
          annotations: { readOnlyHint: true, openWorldHint: true },
        }),
      ],
    });
    renderWith(<QuestionDialogs />, harness);
    const hints = await screen.findByRole('list', { name: 'What the server says about this tool' });
    expect(
      within(hints)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'The server says it only reads and changes nothing.',
      'The server says it reaches outside this computer.',
    ]);
    expect(screen.getByText(/These are claims of files; Hearth cannot check/)).toBeTruthy();
    expect(screen.getByText('Fetch a page')).toBeTruthy();
  });

  it('draws a destructive tool as a warning', async () => {
    const harness = questionHarness({
      approvals: [approvalRequest({ tool: 'delete_file', annotations: { destructiveHint: true } })],
    });
    renderWith(<QuestionDialogs />, harness);
    const dialog = await dialogNamed('Allow delete_file from files?');
    expect(dialog.classList.contains('dialog-danger')).toBe(true);
    expect(within(dialog).getByText('This tool can delete or change things.')).toBeTruthy();
    expect(
      within(dialog).getByText('The server says it can delete or change things.'),
    ).toBeTruthy();
  });

  it('never lets a server’s read-only claim calm the question or move focus off Deny', async () => {
    const harness = questionHarness({
      approvals: [
        approvalRequest({ tool: 'run_shell', annotations: { readOnlyHint: true } }),
        approvalRequest({
          requestId: 'approval-2',
          annotations: { readOnlyHint: true, destructiveHint: true },
        }),
      ],
    });
    renderWith(<QuestionDialogs />, harness);
    const lying = await dialogNamed('Allow run_shell from files?');
    expect(lying.classList.contains('question-calm')).toBe(false);
    expect(document.activeElement?.textContent).toBe('Deny');
    act(() => harness.emit('approval:resolved', { requestId: 'approval-1' }));
    // Claiming both, the danger is believed.
    const both = await dialogNamed(readFile);
    expect(both.classList.contains('dialog-danger')).toBe(true);
    expect(within(both).getByText('This tool can delete or change things.')).toBeTruthy();
  });

  it('keeps Hearth’s own read-only tools calm, with Allow once first', async () => {
    const harness = questionHarness({
      approvals: [
        approvalRequest({
          server: 'hearth',
          tool: 'system_info',
          annotations: { readOnlyHint: true },
        }),
      ],
    });
    renderWith(<QuestionDialogs />, harness);
    const dialog = await dialogNamed('Allow system_info from hearth?');
    expect(dialog.classList.contains('question-calm')).toBe(true);
    // Hearth wrote these hints itself: they are said as facts, not as a server's claims.
    expect(within(dialog).getByText('It only reads and changes nothing.')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Allow once');
  });

  it('lists what changed in a tool the user chose to always allow', async () => {
    const changes = ['Its description changed.', 'It takes a new argument: force.'];
    const harness = questionHarness({ approvals: [approvalRequest({ changes })] });
    renderWith(<QuestionDialogs />, harness);
    const heading = await screen.findByText('This tool changed since you chose Always allow:');
    const block = heading.closest('[role="note"]') as HTMLElement;
    // Found once the dialog is open: before that its content is not yet accessible.
    const items = await within(block).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(changes);
  });

  it('says when the model asked after reading results from outside, and which', async () => {
    const harness = questionHarness({
      approvals: [
        approvalRequest({
          readBefore: [
            { server: 'web', tool: 'fetch' },
            { server: 'mail', tool: 'read_inbox' },
          ],
        }),
      ],
    });
    renderWith(<QuestionDialogs />, harness);
    const list = await screen.findByRole('list', { name: 'Results the model read first' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['fetch from web', 'read_inbox from mail']);
    expect(screen.getByText(/came from outside Hearth and may have steered it/)).toBeTruthy();
  });

  it('says nothing of earlier results when the model read none', async () => {
    const harness = questionHarness({ approvals: [approvalRequest()] });
    renderWith(<QuestionDialogs />, harness);
    await dialogNamed(readFile);
    expect(screen.queryByText(/may have steered it/)).toBeNull();
  });

  it('shows no change block when nothing changed', async () => {
    const harness = questionHarness({ approvals: [approvalRequest()] });
    renderWith(<QuestionDialogs />, harness);
    await dialogNamed(readFile);
    expect(screen.queryByText(/changed since you chose Always allow/)).toBeNull();
  });

  it('closes a question answered elsewhere and shows the next', async () => {
    const harness = questionHarness({
      approvals: [approvalRequest(), approvalRequest({ requestId: 'approval-2', tool: 'list' })],
    });
    renderWith(<QuestionDialogs />, harness);
    await dialogNamed(readFile);
    act(() => harness.emit('approval:resolved', { requestId: 'approval-1' }));
    await dialogNamed('Allow list from files?');
    act(() => harness.emit('approval:resolved', { requestId: 'approval-2' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(harness.approvals).toEqual([]);
  });

  it('keeps the question and says so when the answer does not reach main', async () => {
    const user = userEvent.setup();
    const harness = questionHarness(
      { approvals: [approvalRequest()] },
      { fail: 'The connection to Hearth was lost.' },
    );
    renderWith(<QuestionDialogs />, harness);
    await user.click(await screen.findByRole('button', { name: 'Allow once' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The connection to Hearth was lost.',
    );
    expect(screen.getByRole('dialog', { name: readFile })).toBeTruthy();
  });

  it('drops a question main no longer waits for', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({ approvals: [approvalRequest()] }, { accept: false });
    renderWith(<QuestionDialogs />, harness);
    await user.click(await screen.findByRole('button', { name: 'Always allow' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
