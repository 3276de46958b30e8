import { describe, expect, it } from 'vitest';
import {
  trayIconState,
  trayMenuModel,
  trayTooltip,
  type TrayItem,
  type TrayMenuInput,
} from '../../../electron/core/desktop';
import type { ServerStatus } from '../../../preload/schemas/servers';

const NOTHING_WAITING = { approvals: 0, passwords: 0 };

function server(
  name: string,
  state: ServerStatus['state'],
  consent: ServerStatus['consent'] = 'approved',
): ServerStatus {
  return { name, state, consent, restarts: 0, toolCount: 0 };
}

function menu(overrides: Partial<TrayMenuInput> = {}): TrayItem[] {
  return trayMenuModel({
    servers: [],
    toolsPaused: false,
    waiting: NOTHING_WAITING,
    mainWindowVisible: false,
    ...overrides,
  });
}

function labels(items: TrayItem[]): string[] {
  return items.map((item) => (item.kind === 'separator' ? '---' : item.label));
}

describe('trayMenuModel', () => {
  it('lists the actions around a "No servers" line when none are configured', () => {
    expect(menu()).toEqual([
      { kind: 'action', id: 'quick-chat', label: 'Quick chat' },
      { kind: 'action', id: 'open', label: 'Open Hearth' },
      { kind: 'separator' },
      { kind: 'info', label: 'No servers', server: '' },
      { kind: 'separator' },
      { kind: 'action', id: 'pause-tools', label: 'Pause all tools', checked: false },
      { kind: 'action', id: 'settings', label: 'Settings…' },
      { kind: 'separator' },
      { kind: 'action', id: 'quit', label: 'Quit Hearth' },
    ]);
  });

  it('gives each server a line with its state in a word, in the order given', () => {
    const servers = [
      server('files', 'ready'),
      server('memory', 'starting'),
      server('git', 'error'),
      server('web', 'stopped'),
      server('flaky', 'restarting'),
    ];
    const info = menu({ servers }).filter((item) => item.kind === 'info');
    expect(info).toEqual([
      { kind: 'info', label: 'files — Ready', server: 'files' },
      { kind: 'info', label: 'memory — Starting…', server: 'memory' },
      { kind: 'info', label: 'git — Error', server: 'git' },
      { kind: 'info', label: 'web — Off', server: 'web' },
      { kind: 'info', label: 'flaky — Restarting…', server: 'flaky' },
    ]);
  });

  it('says a server needs approval when its launch is new or changed, whatever its state', () => {
    const servers = [
      server('new-one', 'stopped', 'required'),
      server('edited', 'error', 'changed'),
    ];
    expect(labels(menu({ servers }))).toContain('new-one — Needs approval');
    expect(labels(menu({ servers }))).toContain('edited — Needs approval');
    expect(labels(menu({ servers }))).not.toContain('No servers');
  });

  it('says a remote server needs a sign-in, or is waiting for one in the browser', () => {
    const servers: ServerStatus[] = [
      { ...server('tracker', 'stopped'), signIn: 'required' },
      { ...server('wiki', 'stopped'), signIn: 'waiting' },
      { ...server('mail', 'ready'), signIn: 'signed-in' },
    ];
    expect(labels(menu({ servers }))).toEqual(
      expect.arrayContaining(['tracker — Needs sign-in', 'wiki — Signing in…', 'mail — Ready']),
    );
  });

  it('puts waiting approvals first, as an answer action above a separator', () => {
    const items = menu({ waiting: { approvals: 2, passwords: 0 } });
    expect(items.slice(0, 3)).toEqual([
      { kind: 'action', id: 'answer', label: '2 approvals waiting' },
      { kind: 'separator' },
      { kind: 'action', id: 'quick-chat', label: 'Quick chat' },
    ]);
  });

  it('says "A password is waiting" for a single password question', () => {
    expect(menu({ waiting: { approvals: 0, passwords: 1 } })[0]).toEqual({
      kind: 'action',
      id: 'answer',
      label: 'A password is waiting',
    });
  });

  it('counts approvals and passwords together when both wait', () => {
    expect(labels(menu({ waiting: { approvals: 1, passwords: 2 } }))[0]).toBe(
      '1 approval and 2 passwords waiting',
    );
  });

  it('has no answer action when nothing waits', () => {
    expect(menu().some((item) => item.kind === 'action' && item.id === 'answer')).toBe(false);
  });

  it('checks "Pause all tools" while tools are paused', () => {
    const pause = menu({ toolsPaused: true }).find(
      (item) => item.kind === 'action' && item.id === 'pause-tools',
    );
    expect(pause).toEqual({
      kind: 'action',
      id: 'pause-tools',
      label: 'Pause all tools',
      checked: true,
    });
  });

  it('shows the quick-chat shortcut beside "Quick chat" when one is given', () => {
    const quickChat = menu({ quickChatShortcut: 'Alt+Shift+H' })[0];
    expect(quickChat).toEqual({
      kind: 'action',
      id: 'quick-chat',
      label: 'Quick chat',
      accelerator: 'Alt+Shift+H',
    });
  });

  it('offers "Open Hearth" whether or not the main window is visible, since visible may be behind', () => {
    const servers = [server('files', 'ready')];
    expect(menu({ servers, mainWindowVisible: true })).toEqual(
      menu({ servers, mainWindowVisible: false }),
    );
  });
});

describe('trayTooltip', () => {
  it('is just the app name when nothing needs the user', () => {
    expect(trayTooltip({ waiting: NOTHING_WAITING })).toBe('Hearth');
  });

  it('names a single waiting approval', () => {
    expect(trayTooltip({ waiting: { approvals: 1, passwords: 0 } })).toBe(
      'Hearth — 1 approval waiting',
    );
  });

  it('names a waiting password in lower case after the dash', () => {
    expect(trayTooltip({ waiting: { approvals: 0, passwords: 1 } })).toBe(
      'Hearth — a password is waiting',
    );
  });

  it('mentions paused tools after what is waiting', () => {
    expect(trayTooltip({ waiting: { approvals: 3, passwords: 0 }, toolsPaused: true })).toBe(
      'Hearth — 3 approvals waiting, tools paused',
    );
    expect(trayTooltip({ waiting: NOTHING_WAITING, toolsPaused: true })).toBe(
      'Hearth — tools paused',
    );
  });
});

describe('trayIconState', () => {
  it('is normal when nothing waits', () => {
    expect(trayIconState(NOTHING_WAITING)).toBe('normal');
  });

  it('asks for attention while an approval or a password waits', () => {
    expect(trayIconState({ approvals: 1, passwords: 0 })).toBe('attention');
    expect(trayIconState({ approvals: 0, passwords: 1 })).toBe('attention');
  });

  it('treats negative or non-numeric counts from the shell as none', () => {
    expect(trayIconState({ approvals: -1, passwords: Number.NaN })).toBe('normal');
    expect(menu({ waiting: { approvals: -2, passwords: Number.NaN } })[0]).toMatchObject({
      id: 'quick-chat',
    });
  });
});
