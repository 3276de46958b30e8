/**
 * Where the desktop app may keep secrets, decided from what Electron's safeStorage reports. Only a
 * real OS keychain counts: on Linux without a keyring safeStorage falls back to `basic_text`, a
 * key that is the same on every machine, so "encrypted" values would be plain text in all but
 * name. Then, and whenever the backend is unknown or encryption is unavailable, secrets stay in
 * memory for the session and the user is told why and what to do. Fails closed.
 */

/** What safeStorage says: `isEncryptionAvailable()` and, on Linux, `getSelectedStorageBackend()`. */
export interface KeychainFacts {
  platform: NodeJS.Platform;
  encryptionAvailable: boolean;
  /** `basic_text`, `gnome_libsecret`, `kwallet`, `kwallet5`, `kwallet6` or `unknown`; Linux only. */
  linuxBackend?: string;
}

export type SecretStorage = { kind: 'keychain' } | { kind: 'session'; problem: string };

/** Linux backends that hold a key only the user's session can unlock. */
const REAL_LINUX_BACKENDS = new Set(['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6']);

export function chooseSecretStorage(facts: KeychainFacts): SecretStorage {
  if (!facts.encryptionAvailable) {
    return {
      kind: 'session',
      problem:
        'No system keychain is available, so Hearth keeps secrets (API keys, tokens) only until it quits.',
    };
  }
  if (facts.platform === 'linux' && !REAL_LINUX_BACKENDS.has(facts.linuxBackend ?? 'unknown')) {
    return {
      kind: 'session',
      problem:
        'No system keyring was found, so Hearth keeps secrets (API keys, tokens) only until it quits rather than write them with a key anyone could read. ' +
        'Install and unlock a keyring (GNOME Keyring or KWallet), then restart Hearth, to keep them.',
    };
  }
  return { kind: 'keychain' };
}
