import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QuestionDialogs } from '../../../../renderer/src/dialogs/QuestionDialogs';
import { renderWith } from '../../../support/rendererHarness';
import { approvalRequest, questionHarness } from './questionFixtures';

afterEach(cleanup);

async function notesOf(request: Parameters<typeof approvalRequest>[0], title: string) {
  renderWith(<QuestionDialogs />, questionHarness({ approvals: [approvalRequest(request)] }));
  const dialog = await screen.findByRole('dialog', { name: title });
  return within(dialog)
    .queryAllByRole('note')
    .map((note) => note.textContent ?? '');
}

describe('the approval says where a call runs', () => {
  it('a sandboxed server: what it may write and reach, and that approval still matters', async () => {
    const notes = await notesOf(
      {
        server: 'notes',
        tool: 'save',
        sandbox: { kind: 'server', writable: ['/data/notes'], hosts: ['api.example.com'] },
      },
      'Allow save from notes?',
    );
    const note = notes.find((text) => text.includes('sandbox'));
    expect(note).toContain('write only in its own folders');
    expect(note).toContain('may reach api.example.com');
    expect(note).toContain('does not make it safe to allow blindly');
  });

  it('the shell: in the sandbox, but a sudo command outside it', async () => {
    const inside = await notesOf(
      {
        server: 'hearth',
        tool: 'run_shell_command',
        arguments: { command: 'ls' },
        shell: { command: 'ls' },
        sandbox: { kind: 'shell', writable: ['/users/someone/Hearth/work'], hosts: [] },
      },
      'Allow run_shell_command from hearth?',
    );
    expect(inside.join(' ')).toContain('runs in Hearth’s sandbox');
    // Where it may write, and what it never writes there.
    expect(inside.join(' ')).toContain(
      'write only in /users/someone/Hearth/work and a temp folder of its own (never git hooks',
    );
    cleanup();
    const root = await notesOf(
      {
        server: 'hearth',
        tool: 'run_shell_command',
        arguments: { command: 'sudo ls' },
        shell: { command: 'sudo ls', asRoot: true },
        sandbox: { kind: 'shell', writable: [], hosts: [] },
      },
      'Allow run_shell_command from hearth?',
    );
    expect(root.join(' ')).toContain('runs outside Hearth’s sandbox');
  });

  it('the shell where the sandbox cannot run: without it as Settings allow, or not at all', async () => {
    const shellCall = (runAnyway: boolean) => ({
      server: 'hearth',
      tool: 'run_shell_command',
      arguments: { command: 'ls' },
      shell: { command: 'ls' },
      sandbox: {
        kind: 'shell' as const,
        writable: [],
        hosts: [],
        unavailable: { missing: 'bubblewrap (bwrap) and socat', runAnyway },
      },
    });
    const anyway = await notesOf(shellCall(true), 'Allow run_shell_command from hearth?');
    expect(anyway.join(' ')).toContain('bubblewrap (bwrap) and socat are missing');
    expect(anyway.join(' ')).toContain('runs without it, with your full rights');
    expect(anyway.join(' ')).not.toContain('runs in Hearth’s sandbox');
    cleanup();
    const refused = await notesOf(
      shellCall(false),
      'run_shell_command from hearth cannot run here',
    );
    expect(refused.join(' ')).toContain('this command will not run');
    expect(refused.join(' ')).toContain('Settings › Chat');
  });

  it('says nothing of a sandbox when the server has none', async () => {
    const notes = await notesOf({ server: 'plain', tool: 'save' }, 'Allow save from plain?');
    expect(notes.join(' ')).not.toContain('sandbox');
  });
});
