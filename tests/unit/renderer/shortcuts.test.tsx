import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../renderer/src/App';
import { keysFor, SHORTCUTS, shortcutFor } from '../../../renderer/src/shortcuts';
import { connectTo } from '../../support/rendererHarness';

// The keyboard shortcuts users expect, a help that lists them, and a skip link as the first
// Tab stop.
function shell() {
  return connectTo({
    'conversations:list': () => [],
    'models:list': () => [],
    'ollama:status': () => ({ ok: true, host: 'http://127.0.0.1:11434', version: '0.12.6' }),
    'questions:pending': () => ({ approvals: [], sudo: [], elicitations: [], samplings: [] }),
    'servers:list': () => [],
    'tools:list': () => [],
  });
}

beforeEach(() => {
  window.matchMedia = vi
    .fn()
    .mockReturnValue({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() });
});
afterEach(cleanup);

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
