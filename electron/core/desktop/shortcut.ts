/**
 * The global quick-chat shortcut: checked against Electron's accelerator grammar before Electron
 * sees it, so a typo gets a sentence saying what is wrong, and a shortcut another app holds gets
 * one saying so instead of silently doing nothing.
 */

/** Electron's `globalShortcut`, as far as registering one shortcut needs. */
export interface ShortcutRegistrar {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
  isRegistered(accelerator: string): boolean;
}

export type ShortcutResult = { ok: true } | { ok: false; message: string };

/**
 * Alt+Shift+H ("H" for Hearth): browsers, editors, office suites and the desktops themselves
 * rarely bind Alt+Shift+letter globally, and it is typed the same way on every platform.
 */
export const DEFAULT_QUICK_CHAT_SHORTCUT = 'Alt+Shift+H';

/** Longer than any valid accelerator (every modifier once and the longest key name); caps echoes. */
export const MAX_ACCELERATOR_LENGTH = 100;

/** Modifier spellings Electron accepts, lower-cased, mapped to the one each stands for. */
const MODIFIERS: ReadonlyMap<string, string> = new Map([
  ['command', 'Command'],
  ['cmd', 'Command'],
  ['control', 'Control'],
  ['ctrl', 'Control'],
  ['commandorcontrol', 'CommandOrControl'],
  ['cmdorctrl', 'CommandOrControl'],
  ['alt', 'Alt'],
  ['option', 'Alt'],
  ['altgr', 'AltGr'],
  ['shift', 'Shift'],
  ['super', 'Super'],
  ['meta', 'Super'],
]);

/**
 * Modifiers that still type text: Shift+A is a capital A and AltGr+Q is "@" on German layouts, so
 * neither alone makes a shortcut safe to take from every app.
 */
const TYPING_MODIFIERS: ReadonlySet<string> = new Set(['Shift', 'AltGr']);

const NAMED_KEYS: ReadonlySet<string> = new Set(
  [
    'Plus',
    'Space',
    'Tab',
    'Capslock',
    'Numlock',
    'Scrolllock',
    'Backspace',
    'Delete',
    'Insert',
    'Return',
    'Enter',
    'Up',
    'Down',
    'Left',
    'Right',
    'Home',
    'End',
    'PageUp',
    'PageDown',
    'Escape',
    'Esc',
    'VolumeUp',
    'VolumeDown',
    'VolumeMute',
    'MediaNextTrack',
    'MediaPreviousTrack',
    'MediaStop',
    'MediaPlayPause',
    'PrintScreen',
    'numdec',
    'numadd',
    'numsub',
    'nummult',
    'numdiv',
  ].map((name) => name.toLowerCase()),
);

/** Single characters Electron maps to a key; "+" is written "Plus" since it joins the parts. */
const PUNCTUATION = new Set(')!@#$%^&*(:;=<,_->.?/~`{}[]|\\"\'');

const FUNCTION_KEY = /^f([1-9]|1[0-9]|2[0-4])$/i;

/**
 * Registers `accelerator` for `callback`, first releasing `previous`. An invalid accelerator
 * changes nothing; one another app holds leaves `previous` registered again where it can be.
 */
export function registerShortcut(
  registrar: ShortcutRegistrar,
  accelerator: string,
  callback: () => void,
  previous?: string,
): ShortcutResult {
  const problem = acceleratorProblem(accelerator);
  if (problem) return { ok: false, message: problem };

  // A stored previous value may predate validation; Electron throws on one it cannot parse.
  if (previous) {
    attempt(() => {
      registrar.unregister(previous);
      return true;
    });
  }
  // Electron refuses to register what this app already holds, so a same-key re-register (a new
  // callback, or another spelling of the previous one) must release it first.
  if (registrar.isRegistered(accelerator)) registrar.unregister(accelerator);

  const registered = attempt(() => registrar.register(accelerator, callback));
  if (registered === true) return { ok: true };

  const restored =
    previous !== undefined &&
    previous !== accelerator &&
    attempt(() => registrar.register(previous, callback)) === true;
  const kept = restored ? ` ${previous} still opens quick chat.` : '';
  const reason =
    registered === false
      ? `Another app already uses ${accelerator}. Pick another shortcut in Settings.`
      : `Hearth could not use ${accelerator} (${registered.message}). Pick another shortcut in Settings.`;
  return { ok: false, message: reason + kept };
}

/** What is wrong with `accelerator` as a global shortcut, in words, or undefined when nothing. */
export function acceleratorProblem(accelerator: string): string | undefined {
  if (accelerator.trim() === '') return 'Choose a shortcut, such as Alt+Shift+H.';
  if (accelerator.length > MAX_ACCELERATOR_LENGTH) {
    return `A shortcut is at most ${MAX_ACCELERATOR_LENGTH} characters.`;
  }
  if (/\s/.test(accelerator)) {
    return 'Write the shortcut without spaces, such as Alt+Shift+H (the space bar is "Space").';
  }
  const parts = accelerator.split('+');
  if (parts.some((part) => part === '')) {
    return 'Join the keys with a single "+", and write the plus key as "Plus".';
  }

  const modifiers: string[] = [];
  const keys: string[] = [];
  for (const part of parts) {
    const modifier = MODIFIERS.get(part.toLowerCase());
    if (modifier) {
      if (keys.length > 0) return `Put modifiers such as ${part} before the key.`;
      if (modifiers.includes(modifier)) return `${part} appears more than once.`;
      modifiers.push(modifier);
    } else if (isKeyCode(part)) {
      keys.push(part);
    } else {
      return `"${part}" is not a key Electron knows; use a letter, a digit, F1–F24 or a key name such as Space.`;
    }
  }

  const [key, ...extraKeys] = keys;
  if (key === undefined) return 'Add a key after the modifiers, such as Alt+Shift+H.';
  if (extraKeys.length > 0) {
    return `A shortcut has one key after its modifiers; this one has ${keys.join(', ')}.`;
  }
  const safe = modifiers.some((modifier) => !TYPING_MODIFIERS.has(modifier));
  if (!safe && !FUNCTION_KEY.test(key)) {
    return `Add Ctrl, Alt or another modifier: ${accelerator} is typed in other apps, and a global shortcut would take it from all of them.`;
  }
  return undefined;
}

function isKeyCode(part: string): boolean {
  if (/^[A-Za-z0-9]$/.test(part) || PUNCTUATION.has(part)) return true;
  if (FUNCTION_KEY.test(part) || /^num[0-9]$/i.test(part)) return true;
  return NAMED_KEYS.has(part.toLowerCase());
}

/** Electron throws on an accelerator it cannot parse; that becomes a message, not a crash. */
function attempt(action: () => boolean): boolean | Error {
  try {
    return action();
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
