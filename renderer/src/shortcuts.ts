/**
 * The main window's keyboard shortcuts, in one table: what each does, the keys as the user
 * reads them, and how a key event is matched (Ctrl on Windows and Linux is Cmd on macOS). The
 * desktop menus show the same keys; the help lists them all.
 */
export type ShortcutId = 'new-chat' | 'search' | 'composer' | 'stop' | 'settings' | 'help';

export interface Shortcut {
  id: ShortcutId;
  label: string;
  /** With "Mod" for Ctrl (Cmd on macOS). */
  keys: string;
  matches(
    event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
    mac: boolean,
  ): boolean;
}

type KeyFacts = Parameters<Shortcut['matches']>[0];

const mod = (event: KeyFacts, mac: boolean) =>
  mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;

// Ctrl+N, Ctrl+T and Ctrl+W belong to the browser in the browser host; Ctrl+Shift+O is what
// other chat apps use for a new chat, and works in both hosts.
export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'new-chat',
    label: 'New chat',
    keys: 'Mod+Shift+O',
    matches: (event, mac) =>
      mod(event, mac) && event.shiftKey && !event.altKey && event.key.toLowerCase() === 'o',
  },
  {
    id: 'search',
    label: 'Search conversations',
    keys: 'Mod+K',
    matches: (event, mac) =>
      mod(event, mac) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'k',
  },
  {
    id: 'composer',
    label: 'Go to the message field',
    keys: 'Shift+Escape',
    matches: (event) =>
      event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey && event.key === 'Escape',
  },
  {
    id: 'stop',
    label: 'Stop the reply',
    keys: 'Mod+.',
    matches: (event, mac) =>
      mod(event, mac) && !event.shiftKey && !event.altKey && event.key === '.',
  },
  {
    id: 'settings',
    label: 'Settings',
    keys: 'Mod+,',
    matches: (event, mac) =>
      mod(event, mac) && !event.shiftKey && !event.altKey && event.key === ',',
  },
  {
    id: 'help',
    label: 'Keyboard shortcuts',
    keys: 'Mod+/',
    matches: (event, mac) =>
      mod(event, mac) && !event.altKey && (event.key === '/' || event.key === '?'),
  },
];

/** The keys as this platform writes them: "Ctrl+K", or "⌘K" on macOS. */
export function keysFor(shortcut: Shortcut, mac: boolean): string {
  if (!mac) return shortcut.keys.replace('Mod', 'Ctrl');
  return shortcut.keys.replace('Mod+', '⌘').replace('Shift+', '⇧');
}

export function isMac(platform: string = navigator.platform): boolean {
  return /^Mac/i.test(platform);
}

/** The shortcut a key event stands for, if any. */
export function shortcutFor(event: KeyFacts, mac: boolean): ShortcutId | undefined {
  return SHORTCUTS.find((shortcut) => shortcut.matches(event, mac))?.id;
}
