import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chooseSecretStorage,
  readWithoutKeyringChoice,
} from '../../../electron/core/secrets/secretStorageChoice';
import { tempDir } from '../../support/testHost';

const linux = (linuxBackend?: string) => ({
  platform: 'linux' as const,
  encryptionAvailable: true,
  ...(linuxBackend ? { linuxBackend } : {}),
});

describe('choosing where secrets are kept', () => {
  it.each(['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6'])(
    'uses the keychain on Linux with %s, whatever was chosen for no keyring',
    (backend) => {
      for (const choice of ['ask', 'session', 'weak-key'] as const)
        expect(chooseSecretStorage(linux(backend), choice)).toEqual({ kind: 'keychain' });
    },
  );

  it.each([['basic_text'], ['unknown'], [undefined]])(
    'without a keyring (backend %s) keeps secrets for the session and asks',
    (backend) => {
      const storage = chooseSecretStorage(linux(backend), 'ask');
      expect(storage.kind).toBe('session');
      expect(storage.kind === 'session' && storage.tell).toMatch(
        /only until it quits.*keep them for this session only, or store them with a weak key/,
      );
    },
  );

  it('counts Chromium’s fixed key as no keyring, whatever the backend is called', () => {
    const fixed = { ...linux('gnome_libsecret'), fixedKey: true };
    expect(chooseSecretStorage(fixed, 'ask').kind).toBe('session');
    expect(chooseSecretStorage(fixed, 'weak-key')).toEqual({ kind: 'weak-key' });
    expect(chooseSecretStorage({ ...linux('kwallet6'), fixedKey: false }, 'ask')).toEqual({
      kind: 'keychain',
    });
  });

  it('says what the weak key protects against, and what not', () => {
    const storage = chooseSecretStorage(linux('basic_text'), 'ask');
    expect(storage.kind === 'session' && storage.tell).toMatch(
      /only hides them from a casual look at the file, not from anyone or any program that can read your files/,
    );
  });

  it('without a keyring follows the user’s answer, quietly', () => {
    expect(chooseSecretStorage(linux('basic_text'), 'session')).toEqual({ kind: 'session' });
    expect(chooseSecretStorage(linux('basic_text'), 'weak-key')).toEqual({ kind: 'weak-key' });
  });

  it('keeps secrets for the session only wherever encryption is unavailable, even if weak was chosen', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const storage = chooseSecretStorage({ platform, encryptionAvailable: false }, 'weak-key');
      expect(storage.kind).toBe('session');
      expect(storage.kind === 'session' && storage.tell).toMatch(/only until it quits/);
    }
  });

  it('uses the keychain on macOS and Windows when encryption is available', () => {
    for (const platform of ['darwin', 'win32'] as const)
      expect(chooseSecretStorage({ platform, encryptionAvailable: true }, 'ask')).toEqual({
        kind: 'keychain',
      });
  });
});

describe('reading the choice before the settings store opens', () => {
  it('reads a valid choice and falls back to asking for anything else', () => {
    const dataDir = tempDir('choice');
    expect(readWithoutKeyringChoice(dataDir)).toBe('ask');
    const file = join(dataDir, 'settings.json');
    writeFileSync(file, JSON.stringify({ desktop: { secretsWithoutKeyring: 'weak-key' } }));
    expect(readWithoutKeyringChoice(dataDir)).toBe('weak-key');
    for (const bad of ['{', '[]', '{"desktop": {"secretsWithoutKeyring": "plain"}}', 'null']) {
      writeFileSync(file, bad);
      expect(readWithoutKeyringChoice(dataDir)).toBe('ask');
    }
    const folder = tempDir('choice');
    mkdirSync(join(folder, 'settings.json'));
    expect(readWithoutKeyringChoice(folder)).toBe('ask');
  });
});
