import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUICK_CHAT_SHORTCUT,
  acceleratorProblem,
  registerShortcut,
  type ShortcutRegistrar,
} from '../../../electron/core/desktop';

/** Behaves like Electron's globalShortcut: it refuses what another app, or this one, already holds. */
class FakeRegistrar implements ShortcutRegistrar {
  readonly held = new Map<string, () => void>();
  readonly calls: string[] = [];

  constructor(
    private readonly takenElsewhere: string[] = [],
    private readonly throwsOn: string[] = [],
  ) {}

  register(accelerator: string, callback: () => void): boolean {
    this.calls.push(`register ${accelerator}`);
    if (this.throwsOn.includes(accelerator)) throw new Error('Failed to parse accelerator');
    if (this.takenElsewhere.includes(accelerator) || this.held.has(accelerator)) return false;
    this.held.set(accelerator, callback);
    return true;
  }

  unregister(accelerator: string): void {
    this.calls.push(`unregister ${accelerator}`);
    if (this.throwsOn.includes(accelerator)) throw new Error('Failed to parse accelerator');
    this.held.delete(accelerator);
  }

  isRegistered(accelerator: string): boolean {
    return this.held.has(accelerator);
  }

  press(accelerator: string): void {
    this.held.get(accelerator)?.();
  }
}

describe('registerShortcut', () => {
  it('registers the default shortcut and calls back when it is pressed', () => {
    const registrar = new FakeRegistrar();
    let opened = 0;
    expect(registerShortcut(registrar, DEFAULT_QUICK_CHAT_SHORTCUT, () => opened++)).toEqual({
      ok: true,
    });
    registrar.press('Alt+Shift+H');
    expect(opened).toBe(1);
  });

  it('says another app uses a shortcut that register refuses, and to pick another in Settings', () => {
    const registrar = new FakeRegistrar(['Alt+Shift+H']);
    const result = registerShortcut(registrar, 'Alt+Shift+H', () => undefined);
    expect(result).toEqual({
      ok: false,
      message: 'Another app already uses Alt+Shift+H. Pick another shortcut in Settings.',
    });
    expect(registrar.held.size).toBe(0);
  });

  it('releases the previous shortcut before taking the new one', () => {
    const registrar = new FakeRegistrar();
    registerShortcut(registrar, 'Alt+Shift+H', () => undefined);
    expect(
      registerShortcut(registrar, 'CmdOrCtrl+Shift+Space', () => undefined, 'Alt+Shift+H'),
    ).toEqual({
      ok: true,
    });
    expect([...registrar.held.keys()]).toEqual(['CmdOrCtrl+Shift+Space']);
    expect(registrar.calls).toContain('unregister Alt+Shift+H');
  });

  it('puts the previous shortcut back when the new one is taken, and says so', () => {
    const registrar = new FakeRegistrar(['Ctrl+Space']);
    registerShortcut(registrar, 'Alt+Shift+H', () => undefined);
    const result = registerShortcut(registrar, 'Ctrl+Space', () => undefined, 'Alt+Shift+H');
    expect(result).toEqual({
      ok: false,
      message:
        'Another app already uses Ctrl+Space. Pick another shortcut in Settings. Alt+Shift+H still opens quick chat.',
    });
    expect([...registrar.held.keys()]).toEqual(['Alt+Shift+H']);
  });

  it('re-registers the same shortcut with a new callback instead of being refused by itself', () => {
    const registrar = new FakeRegistrar();
    const pressed: string[] = [];
    registerShortcut(registrar, 'Alt+Shift+H', () => pressed.push('old'));
    expect(
      registerShortcut(registrar, 'Alt+Shift+H', () => pressed.push('new'), 'Alt+Shift+H'),
    ).toEqual({
      ok: true,
    });
    registrar.press('Alt+Shift+H');
    expect(pressed).toEqual(['new']);
  });

  it('replaces its own hold on the shortcut even when no previous one is named', () => {
    const registrar = new FakeRegistrar();
    const pressed: string[] = [];
    registerShortcut(registrar, 'Alt+Shift+H', () => pressed.push('old'));
    expect(registerShortcut(registrar, 'Alt+Shift+H', () => pressed.push('new'))).toEqual({
      ok: true,
    });
    registrar.press('Alt+Shift+H');
    expect(pressed).toEqual(['new']);
  });

  it('leaves the previous shortcut alone when the new one is invalid', () => {
    const registrar = new FakeRegistrar();
    registerShortcut(registrar, 'Alt+Shift+H', () => undefined);
    const result = registerShortcut(registrar, 'Alt+Shift', () => undefined, 'Alt+Shift+H');
    expect(result.ok).toBe(false);
    expect(registrar.calls).toEqual(['register Alt+Shift+H']);
    expect(registrar.isRegistered('Alt+Shift+H')).toBe(true);
  });

  it('turns an error thrown by Electron into a message', () => {
    const registrar = new FakeRegistrar([], ['Ctrl+numdec']);
    expect(registerShortcut(registrar, 'Ctrl+numdec', () => undefined)).toEqual({
      ok: false,
      message:
        'Hearth could not use Ctrl+numdec (Failed to parse accelerator). Pick another shortcut in Settings.',
    });
  });

  it('still registers the new shortcut when releasing an unparsable previous one throws', () => {
    const registrar = new FakeRegistrar([], ['Hyper+H']);
    expect(registerShortcut(registrar, 'Alt+Shift+H', () => undefined, 'Hyper+H')).toEqual({
      ok: true,
    });
    expect(registrar.isRegistered('Alt+Shift+H')).toBe(true);
  });
});

describe('acceleratorProblem', () => {
  it.each([
    'Alt+Shift+H',
    'alt+shift+h',
    'CommandOrControl+Shift+Space',
    'CmdOrCtrl+num5',
    'Option+Return',
    'Super+Plus',
    'Meta+Esc',
    'Ctrl+/',
    'Control+AltGr+F',
    'F12',
    'Shift+F24',
    'Command+1',
  ])('accepts %s', (accelerator) => {
    expect(acceleratorProblem(accelerator)).toBeUndefined();
  });

  it.each([
    ['', /Choose a shortcut/],
    ['   ', /Choose a shortcut/],
    ['Alt + H', /without spaces/],
    ['Alt++', /"Plus"/],
    ['+H', /single "\+"/],
    ['Alt+Shift', /Add a key after the modifiers/],
    ['Ctrl+A+B', /one key after its modifiers; this one has A, B/],
    ['Ctrl+Hyper', /"Hyper" is not a key/],
    ['Ctrl+F25', /"F25" is not a key/],
    ['Ctrl+é', /"é" is not a key/],
    ['H+Alt', /Put modifiers such as Alt before the key/],
    ['Alt+Option+H', /Option appears more than once/],
    ['H', /Add Ctrl, Alt or another modifier/],
    ['Shift+H', /Add Ctrl, Alt or another modifier/],
    ['AltGr+Q', /Add Ctrl, Alt or another modifier/],
    ['Space', /Add Ctrl, Alt or another modifier/],
    ['Alt+'.repeat(30) + 'H', /at most 100 characters/],
  ])('rejects %j with a message saying what is wrong', (accelerator, message) => {
    expect(acceleratorProblem(accelerator)).toMatch(message);
  });

  it('gives the same message through registerShortcut without touching the registrar', () => {
    const registrar = new FakeRegistrar();
    expect(registerShortcut(registrar, 'Shift+H', () => undefined, 'Alt+Shift+H')).toEqual({
      ok: false,
      message: acceleratorProblem('Shift+H'),
    });
    expect(registrar.calls).toEqual([]);
  });
});
