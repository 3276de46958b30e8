import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEncryptedFileVault } from '../../../electron/core/secrets/secretVault';
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
