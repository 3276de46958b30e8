/**
 * The desktop app's secret vault: values encrypted with Electron's safeStorage (Keychain on
 * macOS, DPAPI on Windows, libsecret or KWallet on Linux). Where safeStorage has no real key
 * (Linux without a keyring, where it would fall back to a fixed password), nothing is written
 * unless the user chose the weak key: secrets last for the session and the user is asked.
 */
import { safeStorage } from 'electron';
import { join } from 'node:path';
import {
  createEncryptedFileVault,
  createMemoryVault,
  type SecretVault,
} from '../core/secrets/secretVault';
import { chooseSecretStorage, readWithoutKeyringChoice } from '../core/secrets/secretStorageChoice';

export function openSecretVault(dataDir: string): { vault: SecretVault; problem?: string } {
  const storage = chooseSecretStorage(
    {
      platform: process.platform,
      encryptionAvailable: safeStorage.isEncryptionAvailable(),
      ...(process.platform === 'linux'
        ? { linuxBackend: safeStorage.getSelectedStorageBackend() }
        : {}),
    },
    readWithoutKeyringChoice(dataDir),
  );
  if (storage.kind === 'session')
    return { vault: createMemoryVault(), ...(storage.tell ? { problem: storage.tell } : {}) };
  try {
    return {
      vault: createEncryptedFileVault(join(dataDir, 'secrets.json'), {
        encrypt: (plain) => safeStorage.encryptString(plain),
        decrypt: (encrypted) => safeStorage.decryptString(encrypted),
      }),
    };
  } catch (error) {
    return {
      vault: createMemoryVault(),
      problem: `Hearth could not open its secrets file (${(error as Error).message}); secrets last until it quits.`,
    };
  }
}
