import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createEncryptedFileVault,
  openEncryptedFileVault,
} from '../../../electron/core/secrets/secretVault';
import { tempDir } from '../../support/testHost';

const toyCipher = {
  encrypt: (plain: string) => Buffer.from(Buffer.from(plain, 'utf8').map((byte) => byte ^ 0x5a)),
  decrypt: (encrypted: Buffer) =>
    Buffer.from(encrypted.map((byte) => byte ^ 0x5a)).toString('utf8'),
};

describe('the encrypted file vault', () => {
  it('writes only ciphertext, owner-only, with no temporary file left, and reads it back', () => {
    const dataDir = tempDir('vault');
    const path = join(dataDir, 'secrets.json');
    const vault = createEncryptedFileVault(path, toyCipher);
    vault.set('server:env:TOKEN', 'canary-value-42');
    vault.set('other', 'x');
    vault.delete('other');
    expect(readFileSync(path, 'utf8')).not.toContain('canary-value-42');
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dataDir)).toEqual(['secrets.json']);
    expect(createEncryptedFileVault(path, toyCipher).get('server:env:TOKEN')).toBe(
      'canary-value-42',
    );
  });
});

/** safeStorage's asynchronous pair, as a toy: `old:` values were kept under an older key. */
const toyAsyncCipher = {
  encrypt: async (plain: string) => toyCipher.encrypt(plain),
  decrypt: async (encrypted: Buffer) => {
    const text = toyCipher.decrypt(encrypted);
    if (text.startsWith('bad:')) throw new Error('Error while decrypting the ciphertext');
    return text.startsWith('old:')
      ? { result: text.slice(4), shouldReEncrypt: true }
      : { result: text, shouldReEncrypt: false };
  },
};

describe('the encrypted file vault over an asynchronous cipher', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('writes only ciphertext, in the order of the changes, and reads it back', async () => {
    const dataDir = tempDir('vault-async');
    const path = join(dataDir, 'secrets.json');
    const vault = await openEncryptedFileVault(path, toyAsyncCipher);
    vault.set('server:env:TOKEN', 'first');
    vault.set('server:env:TOKEN', 'canary-value-42');
    vault.set('other', 'x');
    vault.delete('other');
    // Read at once from memory, written a moment later.
    expect(vault.get('server:env:TOKEN')).toBe('canary-value-42');
    await settle();
    expect(readFileSync(path, 'utf8')).not.toContain('canary-value-42');
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dataDir)).toEqual(['secrets.json']);
    const again = await openEncryptedFileVault(path, toyAsyncCipher);
    expect(again.get('server:env:TOKEN')).toBe('canary-value-42');
    expect(again.keys('')).toEqual(['server:env:TOKEN']);
  });

  it('stores again what was kept under an older key, and keeps what it cannot read', async () => {
    const dataDir = tempDir('vault-async-old');
    const path = join(dataDir, 'secrets.json');
    const cipherText = (text: string) => toyCipher.encrypt(text).toString('base64');
    writeFileSync(path, JSON.stringify({ a: cipherText('old:kept'), b: cipherText('bad:x') }));
    const vault = await openEncryptedFileVault(path, toyAsyncCipher);
    expect(vault.get('a')).toBe('kept');
    expect(() => vault.get('b')).toThrow(/decrypting/);
    expect(vault.keys('').sort()).toEqual(['a', 'b']);
    await settle();
    const stored = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
    expect(toyCipher.decrypt(Buffer.from(stored.a ?? '', 'base64'))).toBe('kept');
    // The unreadable value is left as it was, never lost.
    expect(stored.b).toBe(cipherText('bad:x'));
  });

  it('says when a change could not be written', async () => {
    const dataDir = tempDir('vault-async-fail');
    const failures: string[] = [];
    const vault = await openEncryptedFileVault(
      join(dataDir, 'secrets.json'),
      { ...toyAsyncCipher, encrypt: () => Promise.reject(new Error('no key')) },
      (error) => failures.push(error.message),
    );
    vault.set('k', 'v');
    await settle();
    expect(failures).toEqual(['no key']);
    expect(vault.get('k')).toBe('v');
  });
});
