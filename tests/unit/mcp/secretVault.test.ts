import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createEncryptedFileVault,
  createMemoryVault,
  type Cipher,
} from '../../../electron/core/secrets/secretVault';
import { useTempFolder } from './tempFolder';

const folder = useTempFolder();

const MARKER = Buffer.from('FAKE-CIPHER:');

/** Reversible and visibly not the plain text: XOR with one byte, behind a marker. */
const xorCipher: Cipher = {
  encrypt: (plain) =>
    Buffer.concat([MARKER, Buffer.from(Buffer.from(plain, 'utf8').map((byte) => byte ^ 0x5a))]),
  decrypt(encrypted) {
    if (!encrypted.subarray(0, MARKER.length).equals(MARKER)) throw new Error('not ours');
    return Buffer.from(encrypted.subarray(MARKER.length).map((byte) => byte ^ 0x5a)).toString(
      'utf8',
    );
  },
};

describe('createMemoryVault', () => {
  it('stores, reads, replaces and deletes values, and is not persistent', () => {
    const vault = createMemoryVault();
    expect(vault.persistent).toBe(false);
    expect(vault.get('a')).toBeUndefined();

    vault.set('a', 'one');
    vault.set('a', 'two');
    expect(vault.get('a')).toBe('two');

    vault.delete('a');
    expect(vault.get('a')).toBeUndefined();
    vault.delete('never-set');
    expect(vault.keys('')).toEqual([]);
  });

  it('lists exactly the keys that start with a prefix', () => {
    const vault = createMemoryVault();
    vault.set('server:a:env:X', '1');
    vault.set('server:a:env:Y', '2');
    vault.set('server:ab:env:X', '3');
    vault.set('consent:hmac-key', '4');

    expect(vault.keys('server:a:').sort()).toEqual(['server:a:env:X', 'server:a:env:Y']);
    expect(vault.keys('server:')).toHaveLength(3);
    expect(vault.keys('')).toHaveLength(4);
    expect(vault.keys('nothing:')).toEqual([]);
  });

  it('keeps values apart between two vaults', () => {
    const first = createMemoryVault();
    const second = createMemoryVault();
    first.set('k', 'v');
    expect(second.get('k')).toBeUndefined();
  });
});

describe('createEncryptedFileVault', () => {
  const path = () => join(folder(), 'nested', 'secrets.json');

  it('writes a file that names keys but never holds the plain value', () => {
    const vault = createEncryptedFileVault(path(), xorCipher);
    vault.set('server:github:env:TOKEN', 'ghp-plain-text-value');

    const text = readFileSync(path(), 'utf8');
    expect(vault.persistent).toBe(true);
    expect(text).not.toContain('ghp-plain-text-value');
    expect(text).not.toContain(Buffer.from('ghp-plain-text-value').toString('base64'));
    const stored = JSON.parse(text) as Record<string, string>;
    expect(Object.keys(stored)).toEqual(['server:github:env:TOKEN']);
    expect(xorCipher.decrypt(Buffer.from(stored['server:github:env:TOKEN'] ?? '', 'base64'))).toBe(
      'ghp-plain-text-value',
    );
  });

  it('reads values back in a new instance', () => {
    const first = createEncryptedFileVault(path(), xorCipher);
    first.set('a', 'alpha ✓');
    first.set('b', '');

    const second = createEncryptedFileVault(path(), xorCipher);
    expect(second.get('a')).toBe('alpha ✓');
    expect(second.get('b')).toBe('');
    expect(second.keys('').sort()).toEqual(['a', 'b']);
  });

  it('deletes a key from the file', () => {
    const first = createEncryptedFileVault(path(), xorCipher);
    first.set('a', 'alpha');
    first.set('b', 'beta');
    first.delete('a');

    expect(first.get('a')).toBeUndefined();
    const second = createEncryptedFileVault(path(), xorCipher);
    expect(second.keys('')).toEqual(['b']);
    expect(second.get('b')).toBe('beta');
  });

  it('lists keys by prefix', () => {
    const vault = createEncryptedFileVault(path(), xorCipher);
    vault.set('server:a:env:X', '1');
    vault.set('server:b:env:X', '2');
    expect(vault.keys('server:a:')).toEqual(['server:a:env:X']);
  });

  it('starts empty when the file does not exist yet, without creating it', () => {
    const vault = createEncryptedFileVault(path(), xorCipher);
    expect(vault.keys('')).toEqual([]);
    expect(() => statSync(path())).toThrow();
  });

  it.skipIf(process.platform === 'win32')('writes the file readable by its owner only', () => {
    const vault = createEncryptedFileVault(path(), xorCipher);
    vault.set('a', 'alpha');
    expect(statSync(path()).mode & 0o777).toBe(0o600);
    vault.set('b', 'beta');
    expect(statSync(path()).mode & 0o777).toBe(0o600);
  });

  it.each([
    ['an array', '["a", "b"]'],
    ['null', 'null'],
    ['a string', '"text"'],
  ])('refuses a file holding %s, naming the file', (_what, text) => {
    const file = join(folder(), 'secrets.json');
    writeFileSync(file, text);
    expect(() => createEncryptedFileVault(file, xorCipher)).toThrow(
      `${file} is not a secrets file`,
    );
  });

  it('refuses a file that is not JSON at all', () => {
    const file = join(folder(), 'secrets.json');
    writeFileSync(file, 'not json');
    expect(() => createEncryptedFileVault(file, xorCipher)).toThrow(SyntaxError);
  });

  it('ignores entries whose value is not a string', () => {
    const file = join(folder(), 'secrets.json');
    writeFileSync(
      file,
      JSON.stringify({ good: xorCipher.encrypt('ok').toString('base64'), bad: 42 }),
    );
    const vault = createEncryptedFileVault(file, xorCipher);
    expect(vault.keys('')).toEqual(['good']);
    expect(vault.get('good')).toBe('ok');
  });
});
