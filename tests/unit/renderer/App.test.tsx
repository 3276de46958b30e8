import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Handlers } from '../../../electron/core/bridge/router';
import { App } from '../../../renderer/src/App';
import { keysFor, SHORTCUTS, shortcutFor } from '../../../renderer/src/shortcuts';
import { connectTo } from '../../support/rendererHarness';
import { settingsWith } from '../../support/settings';

/** Main's answers for everything the shell's views ask at start. */
function shell(overrides: Partial<Handlers> = {}) {
  return connectTo({
    'conversations:list': () => [],
    'models:list': () => [],
    'ollama:status': () => ({ ok: true, host: 'http://127.0.0.1:11434', version: '0.12.6' }),
    'questions:pending': () => ({ approvals: [], sudo: [], elicitations: [], samplings: [] }),
    'servers:list': () => [],
    'tools:list': () => [],
    ...overrides,
  });
}

beforeEach(() => {
  window.matchMedia = vi
    .fn()
    .mockReturnValue({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() });
});
afterEach(cleanup);

describe('the app shell', () => {
  it('opens on the chat, with the conversations and the other views in the sidebar', async () => {
    render(<App connection={shell().connection} />);
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    expect(within(sidebar).getByRole('region', { name: 'Conversations' })).toBeTruthy();
    for (const name of ['Servers', 'Settings', 'About'])
      expect(within(sidebar).getByRole('button', { name })).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: /message/i })).toBeTruthy();
  });

  it('shows what main reports about itself in About', async () => {
    render(<App connection={shell().connection} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'About' }));
    const facts = await screen.findByLabelText('App information');
    expect(within(facts).getByText('0.0.0-test')).toBeTruthy();
    expect(within(facts).getByText('Browser host')).toBeTruthy();
  });

  it('changes the theme through main and applies it to the page', async () => {
    const user = userEvent.setup();
    render(<App connection={shell().connection} />);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const dark = await screen.findByRole('radio', { name: 'Dark' });
    await user.click(dark);
    expect((dark as HTMLInputElement).checked).toBe(true);
    await vi.waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
  });

  it('follows a settings change made in another window', async () => {
    const harness = shell();
    render(<App connection={harness.connection} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Settings' }));
    await screen.findByRole('radio', { name: 'System' });
    act(() => harness.emit('settings:changed', settingsWith({ theme: 'light' })));
    expect((screen.getByRole('radio', { name: 'Light' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows notices raised before the page loaded, and dismisses them', async () => {
    const dismissed: number[] = [];
    const harness = shell({
      'notices:list': () => [
        {
          id: 3,
          level: 'warning',
          message: 'Your settings could not be read.',
          at: new Date().toISOString(),
        },
      ],
      'notices:dismiss': (id) => (dismissed.push(id), true),
    });
    render(<App connection={harness.connection} />);
    expect(await screen.findByText('Your settings could not be read.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss notice' }));
    expect(screen.queryByText('Your settings could not be read.')).toBeNull();
    expect(dismissed).toEqual([3]);
  });

  it('says why a link was refused, and opens a delegated one in a new tab without an opener', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    let outcome: 'refused' | 'delegated' = 'refused';
    const harness = shell({
      'links:open': (url) =>
        outcome === 'refused'
          ? { outcome, reason: 'Hearth opens only https: links.' }
          : { outcome, url },
    });
    render(<App connection={harness.connection} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'About' }));
    await user.click(await screen.findByRole('link', { name: 'Ollama' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Hearth opens only https: links.');
    outcome = 'delegated';
    await user.click(screen.getByRole('link', { name: 'Ollama' }));
    await vi.waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://ollama.com/', '_blank', 'noopener,noreferrer'),
    );
  });

  it('shows the view the desktop app’s menu asks for', async () => {
    const harness = shell();
    render(<App connection={harness.connection} />);
    act(() => harness.emit('app:navigate', { view: 'settings' }));
    expect(await screen.findByRole('radio', { name: 'Dark' })).toBeTruthy();
    act(() => harness.emit('app:navigate', { view: 'new-chat' }));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
  });

  it('raises a tool approval from main over whatever view is open', async () => {
    const harness = shell();
    render(<App connection={harness.connection} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'About' }));
    act(() =>
      harness.emit('approval:request', {
        requestId: 'r1',
        conversationId: 'c1',
        callId: 'k1',
        server: 'files',
        tool: 'delete_file',
        description: 'Deletes a file.',
        annotations: { destructiveHint: true },
        arguments: { path: '/tmp/x' },
      }),
    );
    expect(await screen.findByRole('dialog', { name: /delete_file/ })).toBeTruthy();
  });
});

// The keyboard shortcuts users expect, a help that lists them, and a skip link as the first
// Tab stop.
describe('keyboard shortcuts', () => {
  it('match Ctrl on Windows and Linux and Cmd on macOS, and are written so', () => {
    expect(
      shortcutFor(
        { key: 'k', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false },
        false,
      ),
    ).toBe('search');
    expect(
      shortcutFor(
        { key: 'k', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false },
        true,
      ),
    ).toBeUndefined();
    expect(
      shortcutFor(
        { key: 'k', ctrlKey: false, metaKey: true, shiftKey: false, altKey: false },
        true,
      ),
    ).toBe('search');
    expect(
      shortcutFor(
        { key: 'O', ctrlKey: true, metaKey: false, shiftKey: true, altKey: false },
        false,
      ),
    ).toBe('new-chat');
    expect(
      shortcutFor(
        { key: 'Escape', ctrlKey: false, metaKey: false, shiftKey: true, altKey: false },
        false,
      ),
    ).toBe('composer');
    expect(
      shortcutFor(
        { key: 'a', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false },
        false,
      ),
    ).toBeUndefined();
    const search = SHORTCUTS.find((shortcut) => shortcut.id === 'search');
    expect(search && keysFor(search, false)).toBe('Ctrl+K');
    expect(search && keysFor(search, true)).toBe('⌘K');
  });

  it('go to search, Settings, a new chat and the message field, and list themselves in a help', async () => {
    const user = userEvent.setup();
    render(<App connection={shell().connection} />);
    await screen.findByRole('textbox', { name: 'Message' });

    await user.keyboard('{Control>}k{/Control}');
    expect(document.activeElement).toBe(
      screen.getByRole('searchbox', { name: 'Search conversations' }),
    );

    await user.keyboard('{Control>},{/Control}');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();

    await user.keyboard('{Shift>}{Escape}{/Shift}');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Message'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));

    await user.keyboard('{Control>}/{/Control}');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const shortcut of SHORTCUTS) expect(help.textContent).toContain(shortcut.label);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
  });

  it('offer a skip link as the first Tab stop, which takes focus to the view', async () => {
    const user = userEvent.setup();
    render(<App connection={shell().connection} />);
    await screen.findByRole('textbox', { name: 'Message' });
    // From the top of the page, as after a load or a click on nothing.
    (document.activeElement as HTMLElement | null)?.blur();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    expect(skip.getAttribute('href')).toBe('#main-content');
    expect(document.getElementById('main-content')?.tagName).toBe('MAIN');
  });
});
