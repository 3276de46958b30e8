import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Handlers } from '../../../../electron/core/bridge/router';
import {
  mainAppUrl,
  POPUP_CONVERSATION_KEY,
  PopupApp,
  type IdStorage,
} from '../../../../renderer/src/PopupApp';
import { connectTo } from '../../../support/rendererHarness';
import { settingsWith } from '../../../support/settings';
import { approvalRequest, sudoRequest } from '../dialogs/questionFixtures';
import { chatHandlers, conversation, message, withLayout } from '../chat/chatFixtures';

withLayout();

/** Main's answers for everything the popup asks at start, plus a test's own. */
function popupMain(overrides: Partial<Handlers> = {}) {
  return connectTo(
    chatHandlers({
      'questions:pending': () => ({ approvals: [], sudo: [], elicitations: [], samplings: [] }),
      ...overrides,
    }),
  );
}

/** A Web Storage stand-in holding what a test puts there. */
function memoryStorage(
  entries: Record<string, string> = {},
): IdStorage & { entries: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    entries: map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

beforeEach(() => {
  window.matchMedia = vi
    .fn()
    .mockReturnValue({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() });
});

describe('the quick-chat popup', () => {
  it('shows a slim header and the chat, with no sidebar', async () => {
    const harness = popupMain();
    render(<PopupApp connection={harness.connection} storage={memoryStorage()} />);
    const header = screen.getByRole('banner', { name: 'Hearth quick chat' });
    expect(within(header).getByText('Hearth')).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'New chat' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'New chat' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Model: llama3\.2/ })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(document.querySelector('.popup')).not.toBeNull();
  });

  it('raises a tool approval and a sudo password question inside the popup', async () => {
    const harness = popupMain();
    render(<PopupApp connection={harness.connection} storage={memoryStorage()} />);
    await screen.findByRole('textbox', { name: 'Message' });
    act(() => harness.emit('approval:request', approvalRequest({ tool: 'delete_file' })));
    const approval = await screen.findByRole('dialog', { name: /delete_file/ });
    expect(approval.closest('.popup')).not.toBeNull();
    act(() => harness.emit('sudo:request', sudoRequest()));
    expect(within(approval).getByText('1 more waiting')).toBeTruthy();
  });

  it('opens the main window on Servers from the desktop popup', async () => {
    const asked: unknown[] = [];
    const harness = popupMain({
      'desktop:showMainWindow': (view) => {
        asked.push(view);
        return true;
      },
    });
    render(<PopupApp connection={harness.connection} storage={memoryStorage()} desktop />);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Servers' }));
    await vi.waitFor(() => expect(asked).toEqual(['servers']));
  });

  it('applies the theme setting', async () => {
    const harness = popupMain({ 'settings:get': () => settingsWith({ theme: 'dark' }) });
    render(<PopupApp connection={harness.connection} storage={memoryStorage()} />);
    await vi.waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
  });

  it('remembers the conversation a first message started, and reopens it next time', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage();
    const first = popupMain({ 'chat:send': () => ({ conversationId: 'quick-1', turnId: 't1' }) });
    const { unmount } = render(<PopupApp connection={first.connection} storage={storage} />);
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    await vi.waitFor(() => expect(storage.entries.get(POPUP_CONVERSATION_KEY)).toBe('quick-1'));
    expect([...storage.entries.keys()]).toEqual([POPUP_CONVERSATION_KEY]);
    unmount();

    const again = popupMain({
      'conversations:get': (id) =>
        id === 'quick-1' ? conversation(id, [message('user', 'Hello')], { title: 'Quick' }) : null,
    });
    render(<PopupApp connection={again.connection} storage={storage} />);
    expect(await screen.findByRole('heading', { name: 'Quick' })).toBeTruthy();
    expect(screen.getByText('Hello')).toBeTruthy();
  });

  it('starts a new chat when the remembered conversation is gone, and forgets it', async () => {
    const storage = memoryStorage({ [POPUP_CONVERSATION_KEY]: 'deleted-1' });
    const harness = popupMain({ 'conversations:get': () => null });
    render(<PopupApp connection={harness.connection} storage={storage} />);
    expect(await screen.findByRole('heading', { name: 'New chat' })).toBeTruthy();
    expect(screen.queryByText(/no longer exists/)).toBeNull();
    expect(storage.entries.has(POPUP_CONVERSATION_KEY)).toBe(false);
  });

  it('forgets the conversation when the user asks for a new chat', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage({ [POPUP_CONVERSATION_KEY]: 'quick-1' });
    const harness = popupMain();
    render(<PopupApp connection={harness.connection} storage={storage} />);
    await screen.findByRole('heading', { name: 'Weather talk' });
    await user.click(screen.getByRole('button', { name: 'New chat' }));
    expect(await screen.findByRole('heading', { name: 'New chat' })).toBeTruthy();
    expect(storage.entries.has(POPUP_CONVERSATION_KEY)).toBe(false);
  });

  it('opens the main app in the same tab in the browser host, keeping the token, on Servers when asked', async () => {
    const visited: string[] = [];
    const harness = popupMain();
    window.history.replaceState(null, '', '/?token=abc&view=popup');
    render(
      <PopupApp
        connection={harness.connection}
        storage={memoryStorage()}
        desktop={false}
        goTo={(url) => visited.push(url)}
      />,
    );
    const user = userEvent.setup();
    expect(screen.queryByRole('link', { name: 'Open Hearth' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open Hearth' }));
    await user.click(await screen.findByRole('button', { name: 'Open Servers' }));
    expect(visited).toEqual(['/?token=abc', '/?token=abc&open=servers']);
    window.history.replaceState(null, '', '/');
  });

  it('asks main to show its window from the desktop popup', async () => {
    let shown = 0;
    const harness = popupMain({ 'desktop:showMainWindow': () => (shown++, true) });
    render(<PopupApp connection={harness.connection} storage={memoryStorage()} desktop />);
    expect(screen.queryByRole('link', { name: 'Open Hearth' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open Hearth' }));
    await vi.waitFor(() => expect(shown).toBe(1));
  });
});

describe('the main app address', () => {
  it('drops the view and keeps everything else', () => {
    expect(mainAppUrl({ search: '?view=popup' })).toBe('/');
    expect(mainAppUrl({ search: '?token=t-1&view=popup' })).toBe('/?token=t-1');
  });
});
