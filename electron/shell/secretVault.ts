/**
 * The desktop app's secret vault: values encrypted with Electron's safeStorage (Keychain on
 * macOS, DPAPI on Windows, libsecret or KWallet on Linux), through its asynchronous functions,
 * the ones Electron 45 does not deprecate (electron.d.ts). Where Linux has no keyring,
 * safeStorage encrypts with Chromium's fixed password, the same on every computer (its values are
 * tagged "v10"; a keyring's are "v11": components/os_crypt). Then nothing is written unless the
 * user chose that weak key: secrets last for the session and the user is asked.
 */
import { safeStorage } from 'electron';
import { join } from 'node:path';
import {
  createMemoryVault,
  openEncryptedFileVault,
  type SecretVault,
} from '../core/secrets/secretVault';
import {
  chooseSecretStorage,
  readWithoutKeyringChoice,
  type KeychainFacts,
} from '../core/secrets/secretStorageChoice';

/** What safeStorage offers here, after the app is ready. */
async function keychainFacts(): Promise<KeychainFacts> {
  const encryptionAvailable = await safeStorage.isAsyncEncryptionAvailable().catch(() => false);
  if (process.platform !== 'linux') return { platform: process.platform, encryptionAvailable };
  // The backend's name alone can promise a keyring that is not there; the key used tells.
  const probe = encryptionAvailable
    ? await safeStorage.encryptStringAsync('hearth').catch(() => undefined)
    : undefined;
  return {
    platform: process.platform,
    encryptionAvailable: encryptionAvailable && probe !== undefined,
    linuxBackend: safeStorage.getSelectedStorageBackend(),
    fixedKey: probe?.subarray(0, 3).toString('latin1') === 'v10',
  };
}

export async function openSecretVault(
  dataDir: string,
  onWriteFailed: (message: string) => void,
): Promise<{ vault: SecretVault; problem?: string }> {
  const storage = chooseSecretStorage(await keychainFacts(), readWithoutKeyringChoice(dataDir));
  if (storage.kind === 'session')
    return { vault: createMemoryVault(), ...(storage.tell ? { problem: storage.tell } : {}) };
  try {
    return {
      vault: await openEncryptedFileVault(
        join(dataDir, 'secrets.json'),
        {
          encrypt: (plain) => safeStorage.encryptStringAsync(plain),
          decrypt: (encrypted) => safeStorage.decryptStringAsync(encrypted),
        },
        (error) =>
          onWriteFailed(
            `Hearth could not save a secret to its secrets file (${error.message}); it lasts until Hearth quits.`,
          ),
      ),
    };
  } catch (error) {
    return {
      vault: createMemoryVault(),
      problem: `Hearth could not open its secrets file (${(error as Error).message}); secrets last until it quits.`,
    };
  }
}
