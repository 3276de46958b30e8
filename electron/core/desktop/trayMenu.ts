/**
 * What the tray icon offers and says: its menu, tooltip and whether it asks for attention. Plain
 * data, so the wording and order are tested here and the shell only maps items to `MenuItem`s.
 */
import type { ServerStatus } from '../../../preload/schemas/servers';

/** One row of the tray menu; `info` rows are read-only lines the shell shows disabled. */
export type TrayItem =
  | {
      kind: 'action';
      id: 'quick-chat' | 'open' | 'settings' | 'pause-tools' | 'quit' | 'answer';
      label: string;
      /** Set only on `pause-tools`, which the shell shows as a checkbox. */
      checked?: boolean;
      /**
       * Shown beside the label only: the global shortcut owns the key, so the shell passes
       * `registerAccelerator: false`.
       */
      accelerator?: string;
    }
  | { kind: 'separator' }
  /** `server` names the server a line is about; it is '' on the "No servers" line. */
  | { kind: 'info'; label: string; server: string };

/** Questions the model's work is blocked on until the user answers them in the main window. */
export interface WaitingQuestions {
  approvals: number;
  passwords: number;
}

/** What the tray shows depends on. */
export interface TrayMenuInput {
  servers: ServerStatus[];
  toolsPaused: boolean;
  waiting: WaitingQuestions;
  /**
   * Accepted but not used to change the menu: a visible window may still be behind others, so
   * "Open Hearth" (show and focus) is right either way, and a "Hide" would surprise.
   */
  mainWindowVisible: boolean;
  /** The quick-chat shortcut, shown beside "Quick chat" when one is registered. */
  quickChatShortcut?: string;
}

export const APP_NAME = 'Hearth';

const SEPARATOR: TrayItem = { kind: 'separator' };

/** The tray menu, top to bottom, with anything waiting for an answer first so it is seen. */
export function trayMenuModel(input: TrayMenuInput): TrayItem[] {
  const items: TrayItem[] = [];
  const waiting = waitingPhrase(input.waiting);
  if (waiting) items.push({ kind: 'action', id: 'answer', label: capitalise(waiting) }, SEPARATOR);
  items.push(
    {
      kind: 'action',
      id: 'quick-chat',
      label: 'Quick chat',
      ...(input.quickChatShortcut ? { accelerator: input.quickChatShortcut } : {}),
    },
    { kind: 'action', id: 'open', label: `Open ${APP_NAME}` },
    SEPARATOR,
  );
  if (input.servers.length === 0) items.push({ kind: 'info', label: 'No servers', server: '' });
  for (const server of input.servers) {
    items.push({
      kind: 'info',
      label: `${server.name} — ${serverWord(server)}`,
      server: server.name,
    });
  }
  items.push(
    SEPARATOR,
    { kind: 'action', id: 'pause-tools', label: 'Pause all tools', checked: input.toolsPaused },
    { kind: 'action', id: 'settings', label: 'Settings…' },
    SEPARATOR,
    { kind: 'action', id: 'quit', label: `Quit ${APP_NAME}` },
  );
  return items;
}

/** The hover text: the app's name, plus what needs the user, so a glance at the tray is enough. */
export function trayTooltip(input: { waiting: WaitingQuestions; toolsPaused?: boolean }): string {
  const notes: string[] = [];
  const waiting = waitingPhrase(input.waiting);
  if (waiting) notes.push(waiting);
  if (input.toolsPaused) notes.push('tools paused');
  return notes.length === 0 ? APP_NAME : `${APP_NAME} — ${notes.join(', ')}`;
}

/** `attention` switches to the icon with a badge while a question blocks the model's work. */
export function trayIconState(waiting: WaitingQuestions): 'normal' | 'attention' {
  return count(waiting.approvals) + count(waiting.passwords) > 0 ? 'attention' : 'normal';
}

/**
 * A server's state in a word; an unapproved launch or a sign-in comes first, since the server
 * cannot start without the user.
 */
function serverWord(server: ServerStatus): string {
  if (server.consent !== 'approved') return 'Needs approval';
  if (server.signIn === 'required' && server.state !== 'ready') return 'Needs sign-in';
  if (server.signIn === 'waiting') return 'Signing in…';
  switch (server.state) {
    case 'ready':
      return 'Ready';
    case 'starting':
      return 'Starting…';
    case 'restarting':
      return 'Restarting…';
    case 'error':
      return 'Error';
    case 'stopped':
      return 'Off';
  }
}

/** "2 approvals waiting", "a password is waiting", or undefined when nothing waits. */
function waitingPhrase(waiting: WaitingQuestions): string | undefined {
  const approvals = count(waiting.approvals);
  const passwords = count(waiting.passwords);
  if (approvals === 0 && passwords === 1) return 'a password is waiting';
  const parts: string[] = [];
  if (approvals > 0) parts.push(plural(approvals, 'approval'));
  if (passwords > 0) parts.push(plural(passwords, 'password'));
  return parts.length === 0 ? undefined : `${parts.join(' and ')} waiting`;
}

/** Counts arrive from the shell; anything not a positive whole number is taken as none. */
function count(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

function plural(amount: number, noun: string): string {
  return `${amount} ${noun}${amount === 1 ? '' : 's'}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
