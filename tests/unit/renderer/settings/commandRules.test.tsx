import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandRuleEntry } from '../../../../preload/schemas/chat';
import { renderSettings, settingsHarness } from './settingsHarness';
import { UserFacingError } from '../../../../electron/core/bridge/errors';

afterEach(cleanup);

const shell = { server: 'hearth', tool: 'run_shell_command' };

/** Main's rule list, refusing a prefix that is a shell as main does. */
function rulesHarness(start: CommandRuleEntry[]) {
  let rules = [...start];
  const same = (a: CommandRuleEntry, b: CommandRuleEntry) =>
    a.server === b.server && a.tool === b.tool && a.kind === b.kind && a.text === b.text;
  return settingsHarness({
    'commandRules:list': () => rules,
    'commandRules:add': (rule) => {
      if (rule.text.trim() === 'bash') throw new UserFacingError('“bash” cannot be a prefix rule.');
      rules = [...rules, { ...rule, text: rule.text.trim() }];
      return rules;
    },
    'commandRules:remove': (rule) => (rules = rules.filter((other) => !same(other, rule))),
  });
}

describe('allowed shell commands in Settings', () => {
  it('lists the rules with their kind and tool, and removes one', async () => {
    const user = userEvent.setup();
    const harness = rulesHarness([
      { ...shell, kind: 'prefix', text: 'git status' },
      { ...shell, kind: 'exact', text: 'npm test' },
      { server: 'ci', tool: 'run_workflow', kind: 'exact', text: 'make' },
    ]);
    await renderSettings(harness);
    const list = await screen.findByRole('list', { name: 'Allowed shell commands' });
    const items = within(list).getAllByRole('listitem');
    // Hearth's own shell tool is said once above the list; only another tool is named on its rule.
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Starts withgit status(Edit|$)/),
      expect.stringMatching(/^Exactlynpm test(Edit|$)/),
      expect.stringMatching(/Exactly.*make.*in run_workflow of ci/),
    ]);
    expect(list.textContent).not.toContain('run_shell_command');
    expect(screen.getByText(/run in Hearth’s own shell tool without asking/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove git status' }));
    expect(await screen.findByRole('button', { name: 'Remove npm test' })).toBeTruthy();
    expect(screen.queryByText('git status')).toBeNull();
  });

  it('adds a rule, and says why main refuses one without losing what was typed', async () => {
    const user = userEvent.setup();
    const harness = rulesHarness([]);
    await renderSettings(harness);
    expect(await screen.findByText('No commands are allowed yet.')).toBeTruthy();
    await user.click(screen.getByText('Add a rule'));
    const field = screen.getByRole('textbox', { name: 'Command starts with' });
    await user.type(field, 'bash{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('cannot be a prefix rule');
    expect((field as HTMLInputElement).value).toBe('bash');
    await user.clear(field);
    await user.type(field, 'ls');
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByRole('button', { name: 'Remove ls' })).toBeTruthy();
  });

  it('edits a rule: the new one replaces the old, and a refused edit keeps the old', async () => {
    const user = userEvent.setup();
    const harness = rulesHarness([{ ...shell, kind: 'prefix', text: 'git status' }]);
    await renderSettings(harness);
    await user.click(await screen.findByRole('button', { name: 'Edit git status' }));
    const list = screen.getByRole('list', { name: 'Allowed shell commands' });
    const field = within(list).getByRole('textbox', { name: 'Command starts with' });
    await user.clear(field);
    await user.type(field, 'bash');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'git log');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Remove git log' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove git status' })).toBeNull();
  });
});
